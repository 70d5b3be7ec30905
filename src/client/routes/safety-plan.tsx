import { createFileRoute } from '@tanstack/react-router';
import { SafetyPlanPage } from '../features/safety-plan/SafetyPlanPage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/safety-plan')({ head: titled('Safety plan'), component: SafetyPlanPage });
