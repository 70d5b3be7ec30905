import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../features/auth/access';
import { QuestionnairesPage } from '../../features/wellness/QuestionnairesPage';
import { titled } from '../../ui/screen';

export const Route = createFileRoute('/questionnaires/')({ beforeLoad: requireAccess('signedIn'), head: titled('Questionnaires'), component: QuestionnairesPage });
