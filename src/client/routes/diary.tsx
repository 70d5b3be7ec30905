import { createFileRoute } from '@tanstack/react-router';
import { DiaryPage } from '../features/diary/DiaryPage';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/diary')({ head: titled('Diary'), component: DiaryPage });
