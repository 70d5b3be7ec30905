import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/signup/SignupPage';

export const Route = createFileRoute('/signup')({ component: SignupPage });
