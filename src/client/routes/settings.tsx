import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../features/settings/SettingsPage';
import { requireAccess } from '../features/auth/access';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/settings')({ beforeLoad: requireAccess('signedIn'), head: titled('Settings'), component: SettingsPage });
