import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '../ui/screen';

// "/" only redirects (the root layout's guard decides where); it never renders content.
export const Route = createFileRoute('/')({ head: () => ({ meta: [{ title: APP_NAME }] }), component: () => null });
