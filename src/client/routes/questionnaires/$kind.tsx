import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { requireAccess } from '../../features/auth/access';
import { QuestionnaireForm } from '../../features/wellness/QuestionnaireForm';
import { isQuestionnaireKind, QUESTIONNAIRE_NAMES } from '../../features/wellness/questionnaire-names';
import { QUESTIONNAIRES } from '../../features/wellness/questionnaires';
import { MAIN_ID } from '../../ui/SkipLink';
import { titled } from '../../ui/screen';

/** One questionnaire: /questionnaires/phq9, /gad7 or /who5; anything else goes back to the list. */
export const Route = createFileRoute('/questionnaires/$kind')({
  beforeLoad: (args) => {
    const allowed = requireAccess('signedIn')(args);
    if (!isQuestionnaireKind(args.params.kind)) throw redirect({ to: '/questionnaires', replace: true });
    return allowed;
  },
  head: ({ params }) => titled(isQuestionnaireKind(params.kind) ? QUESTIONNAIRE_NAMES[params.kind] : 'Questionnaires')(),
  component: QuestionnaireScreen,
});

function QuestionnaireScreen() {
  const { kind } = Route.useParams();
  if (!isQuestionnaireKind(kind)) return null;
  const q = QUESTIONNAIRES[kind];
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-3xl px-3 py-6 sm:px-6 sm:py-10">
      <Link to="/questionnaires" className="link inline-flex min-h-11 items-center">Back to questionnaires</Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{q.name}: {q.about}</h1>
      <p className="mt-1 text-sm">{q.source}</p>
      <QuestionnaireForm key={kind} q={q} />
    </main>
  );
}
