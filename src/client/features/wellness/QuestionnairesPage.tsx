/**
 * /questionnaires: PHQ-9, GAD-7 and WHO-5, where they come from, and each one's scores over time,
 * all on this device (docs/decisions/wellness.md).
 */
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from 'react-hot-toast';
import { useDb } from '../../sync/current';
import { MAIN_ID } from '../../ui/SkipLink';
import { StorageErrorBoundary } from '../../ui/StorageErrorBoundary';
import { band, QUESTIONNAIRES, SCREEN_NOT_DIAGNOSIS, type Questionnaire } from './questionnaires';
import { deleteScreening } from './screenings';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function QuestionnairesPage() {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Questionnaires</h1>
      <p className="mt-1">Short, widely used questionnaires to notice how you have been over the last two weeks. {SCREEN_NOT_DIAGNOSIS}</p>
      <p className="mt-1">Your answers and scores stay on this device.</p>
      <StorageErrorBoundary what="your questionnaires">
        {Object.values(QUESTIONNAIRES).map((q) => <Card key={q.kind} q={q} />)}
      </StorageErrorBoundary>
    </main>
  );
}

function Card({ q }: { q: Questionnaire }) {
  const db = useDb();
  const rows = useLiveQuery(() => db.screenings.where('kind').equals(q.kind).sortBy('at'), [db, q.kind]);
  return (
    <section aria-labelledby={`${q.kind}-title`} className="card card-border mt-6 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`${q.kind}-title`} className="card-title">{q.name}: {q.about}</h2>
        <p className="text-sm">{q.source}</p>
        <Link to="/questionnaires/$kind" params={{ kind: q.kind }} className="btn btn-primary min-h-11 self-start">Start {q.name}</Link>
        {rows && rows.length > 0 && (
          <div className="overflow-x-auto">
            <table className="table table-sm" data-testid={`${q.kind}-history`}>
              <caption className="text-left font-medium">Your {q.name} scores (of {q.max}{q.higherIsBetter ? ', higher is better' : ''})</caption>
              <thead className="text-base-content"><tr><th scope="col">Date</th><th scope="col">Score</th><th scope="col">Band</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
              <tbody>
                {[...rows].reverse().map((r) => (
                  <tr key={r.id}>
                    <td className="whitespace-nowrap">{when(r.at)}</td>
                    <td>{r.score}</td>
                    <td>{band(q, r.score).label}</td>
                    <td>
                      <button type="button" className="btn btn-ghost btn-sm min-h-11" aria-label={`Delete the ${q.name} of ${when(r.at)}`}
                        onClick={() => void deleteScreening(db, r.id).catch((e: unknown) => toast.error(e instanceof Error ? e.message : 'Could not delete it'))}>
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
