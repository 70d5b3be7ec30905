import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/reset-password/ResetPasswordPage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/reset-password')({ head: titled('Reset password'), component: ResetPasswordPage });
