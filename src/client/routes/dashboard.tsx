import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { requireAccess } from '../features/auth/access';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/dashboard')({ beforeLoad: requireAccess('app'), head: titled('Dashboard'), component: DashboardPage });
