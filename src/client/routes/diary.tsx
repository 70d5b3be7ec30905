import { createFileRoute } from '@tanstack/react-router';
import { DiaryPage } from '../features/diary/DiaryPage';
import { requireAccess } from '../features/auth/access';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/diary')({ beforeLoad: requireAccess('signedIn'), head: titled('Diary'), component: DiaryPage });
