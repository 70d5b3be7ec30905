import { createFileRoute } from '@tanstack/react-router';
import { SafetyPlanPage } from '../features/safety-plan/SafetyPlanPage';

export const Route = createFileRoute('/safety-plan')({ component: SafetyPlanPage });
