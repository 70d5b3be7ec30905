import { createFileRoute } from '@tanstack/react-router';
import { SafetyPlanPage } from '../features/safety-plan/SafetyPlanPage';
import { requireAccess } from '../features/auth/access';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/safety-plan')({ beforeLoad: requireAccess('signedIn'), head: titled('Safety plan'), component: SafetyPlanPage });
