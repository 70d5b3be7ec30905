import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/reset-password/ResetPasswordPage';

export const Route = createFileRoute('/reset-password')({ component: ResetPasswordPage });
