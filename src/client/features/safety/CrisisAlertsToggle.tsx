/**
 * "Let my professional know" (docs/decisions/crisis-alerts.md): off by default, explained in plain words, and revocable.
 * Shown only to someone a professional referred. On the safety plan and on the profile.
 */
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { optInLabel } from '../../../shared/crisis-alerts';
import { call } from '../../net/call';
import { describeFailure } from '../../net/errors';
import { setUser, useUser } from '../auth/session';
import { useReferrer } from '../safety-plan/usePlan';

export function CrisisAlertsToggle() {
  const user = useUser();
  const referrer = useReferrer();
  const [busy, setBusy] = useState(false);
  const help = useId();
  if (!user.referredBy) return null;
  const on = user.crisisAlerts === true;
  const name = referrer?.name ?? null;

  async function change(enabled: boolean) {
    setBusy(true);
    try {
      await setUser(await call('setCrisisAlerts', { body: { enabled } }));
      toast.success(enabled ? `${name ?? 'Your professional'} will be let know if you may need support` : 'Crisis alerts are off');
    } catch (failure) {
      toast.error((await describeFailure(failure)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-box border border-base-300 p-4 print:hidden" data-testid="crisis-alerts">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" className="toggle toggle-primary shrink-0 [--size:2.75rem]" checked={on} disabled={busy}
          aria-describedby={help} onChange={(e) => void change(e.target.checked)} />
        <span className="font-medium">{optInLabel(name)}</span>
      </label>
      <p id={help} className="mt-2 text-sm">
        If something you write to Aura, in a chat or in a group suggests you may be in crisis, {name ?? 'they'} get a short,
        private note in Haven saying you may need support. It never includes what you wrote, it comes at most once every few
        hours, and your diary never counts: it never leaves this device. You can turn this off at any time.
      </p>
    </section>
  );
}
