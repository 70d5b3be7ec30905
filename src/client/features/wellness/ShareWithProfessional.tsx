/**
 * "Share my check-in trends and scores with [referring professional]" (docs/decisions/wellness.md):
 * off by default, shown only to someone a professional referred, said plainly (what goes, what
 * never goes), and undone with one switch that also deletes what was shared.
 */
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { WellnessShareStatus } from '../../../shared/wellness-share';
import { call } from '../../net/call';
import { describeFailure } from '../../net/errors';
import { useDb } from '../../sync/current';
import { useUser } from '../auth/session';
import { useReferrer } from '../safety-plan/usePlan';
import { setShareMeta, startSharing, stopSharing } from './share-upkeep';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ShareWithProfessional() {
  const user = useUser();
  const db = useDb();
  const referrer = useReferrer();
  const [status, setStatus] = useState<WellnessShareStatus | null>(null);
  const [unknown, setUnknown] = useState(false);
  const [busy, setBusy] = useState(false);
  const help = useId();
  const referred = user.referredBy !== null;

  useEffect(() => {
    if (!referred) return;
    call('wellnessShare').then(async (s) => {
      setStatus(s);
      // Another device may have stopped sharing: this one stops sending too.
      if (!s.sharing) await setShareMeta(db, { on: false, sent: null });
    }, () => setUnknown(true));
  }, [db, referred]);

  if (!referred) return null;
  const name = referrer?.name ?? 'your professional';

  async function change(on: boolean) {
    setBusy(true);
    try {
      if (on) {
        setStatus(await startSharing(db));
        toast.success(`Your trends and scores are shared with ${name}`);
      } else {
        setStatus(await stopSharing(db));
        toast.success('Sharing stopped, and what was shared is deleted');
      }
      setUnknown(false);
    } catch (failure) {
      toast.error((await describeFailure(failure)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mt-8 rounded-box border border-base-300 p-4" data-testid="wellness-share">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" className="toggle toggle-primary shrink-0" checked={status?.sharing === true} disabled={busy || (status === null && !unknown)}
          aria-describedby={help} onChange={(e) => void change(e.target.checked)} />
        <span className="font-medium">Share my check-in trends and scores with {name}</span>
      </label>
      <p id={help} className="mt-2 text-sm">
        {name[0]!.toUpperCase() + name.slice(1)} would see your average mood for each of the last 13 weeks and your questionnaire
        scores, on your card in their client list. Never your notes, feelings, answers or diary. Turning this off stops
        sharing and deletes what was shared.
      </p>
      {status?.updatedAt && <p className="mt-1 text-sm">Last shared {when(status.updatedAt)}.</p>}
      {unknown && status === null && <p className="mt-1 text-sm">Connect to the internet to see or change sharing.</p>}
    </section>
  );
}
