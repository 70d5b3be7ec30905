import { createFileRoute } from '@tanstack/react-router';
import { WellnessPage } from '../features/wellness/WellnessPage';
import { requireAccess } from '../features/auth/access';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/wellness')({ beforeLoad: requireAccess('signedIn'), head: titled('Mood and trends'), component: WellnessPage });
