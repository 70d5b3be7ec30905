import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/signup/SignupPage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/signup')({ head: titled('Create account'), component: SignupPage });
