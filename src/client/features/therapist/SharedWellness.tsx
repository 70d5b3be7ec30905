/**
 * On a professional's open conversation with a client who shares (docs/decisions/wellness.md):
 * their mood by week and their questionnaire scores, folded away under one line so the chat keeps
 * the screen. Nothing shows for a client who does not share.
 */
import { useEffect, useState } from 'react';
import type { SharedWellness as Shared } from '../../../shared/wellness-share';
import { call } from '../../net/call';
import { describeFailure } from '../../net/errors';
import { moodLabel } from '../wellness/checkins';
import { QUESTIONNAIRES } from '../wellness/questionnaires';


export function SharedWellness({ clientId, name }: { clientId: string; name: string }) {
  const [shared, setShared] = useState<Shared | null>(null);

  useEffect(() => {
    let live = true;
    call('clientWellness', { params: { id: clientId } }).then((s) => live && setShared(s), async (failure: unknown) => {
      // Not shared (404) is the usual answer: nothing to show.
      const { code } = await describeFailure(failure);
      if (code !== 'NOT_FOUND') console.error('Haven: shared wellness not loaded', failure);
    });
    return () => { live = false; };
  }, [clientId]);

  if (!shared) return null;
  const weeks = shared.summary.weeks.filter((w) => w.days > 0);
  return (
    <details className="border-b border-base-300 px-3 py-2 text-sm" data-testid="shared-wellness">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium">
        {name} shares their wellness with you (updated {new Date(shared.updatedAt).toLocaleDateString()})
      </summary>
      <div className="flex max-h-[40dvh] flex-col gap-3 overflow-y-auto py-2">
        <table className="table table-xs">
          <caption className="text-left font-medium">Mood by week (1 very low to 5 very good)</caption>
          <thead className="text-base-content"><tr><th scope="col">Week of</th><th scope="col">Average</th><th scope="col">Days checked in</th></tr></thead>
          <tbody>
            {weeks.length === 0 && <tr><td colSpan={3}>No check-ins in the last 13 weeks.</td></tr>}
            {weeks.map((w) => (
              <tr key={w.weekStart}><td>{w.weekStart}</td><td>{w.moodAverage} ({moodLabel(w.moodAverage ?? 0).toLowerCase()})</td><td>{w.days}</td></tr>
            ))}
          </tbody>
        </table>
        <table className="table table-xs">
          <caption className="text-left font-medium">Questionnaire scores</caption>
          <thead className="text-base-content"><tr><th scope="col">Date</th><th scope="col">Questionnaire</th><th scope="col">Score</th></tr></thead>
          <tbody>
            {shared.summary.scores.length === 0 && <tr><td colSpan={3}>No questionnaires yet.</td></tr>}
            {[...shared.summary.scores].reverse().map((s, i) => (
              <tr key={`${s.day}-${s.kind}-${i}`}><td>{s.day}</td><td>{QUESTIONNAIRES[s.kind].name}</td><td>{s.score}</td></tr>
            ))}
          </tbody>
        </table>
        <p>Scores are screens the client answered on their own, not diagnoses.</p>
      </div>
    </details>
  );
}
