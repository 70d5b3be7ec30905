import { createFileRoute } from '@tanstack/react-router';

// "/" only redirects (the root layout's guard decides where); it never renders content.
export const Route = createFileRoute('/')({ component: () => null });
