import { createFileRoute } from '@tanstack/react-router';
import { DiaryPage } from '../features/diary/DiaryPage';

export const Route = createFileRoute('/diary')({ component: DiaryPage });
