import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/dashboard')({ head: titled('Dashboard'), component: DashboardPage });
