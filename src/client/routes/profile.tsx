import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/profile/ProfilePage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/profile')({ head: titled('Profile'), component: ProfilePage });
