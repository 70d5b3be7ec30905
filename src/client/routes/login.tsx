import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/login')({ head: titled('Sign in'), component: LoginPage });
