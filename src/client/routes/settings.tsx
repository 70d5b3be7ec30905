import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../features/settings/SettingsPage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/settings')({ head: titled('Settings'), component: SettingsPage });
