/**
 * The read-receipts setting (docs/decisions/receipts-and-typing.md): on by default; off, nobody
 * sees when this person has read their messages and they see nobody's (WhatsApp's rule). Delivered
 * ticks stay either way. Saved on the server, so every device of theirs follows.
 */
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { call } from '../../net/call';
import { describeFailure } from '../../net/errors';
import { currentEngine } from '../../sync/current';
import { setUser, useUser } from '../auth/session';

export const READ_RECEIPTS_HELP = "If you turn this off, people won't see when you've read their messages, and you won't see theirs.";

export function ReadReceiptsToggle() {
  const user = useUser();
  // The choice shows at once while it is saved, and goes back if saving fails.
  const [saving, setSaving] = useState<boolean | null>(null);
  const help = useId();
  const on = saving ?? user.readReceipts !== false;

  async function change(next: boolean) {
    setSaving(next);
    try {
      await setUser(await call('setReadReceipts', { body: { on: next } }));
      await currentEngine()?.receipts.refresh().catch((error: unknown) => console.error('Haven: receipts not refreshed', error));
      toast.success(next ? 'Read receipts are on' : 'Read receipts are off');
    } catch (failure) {
      toast.error((await describeFailure(failure)).message);
    } finally {
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby="privacy-title" className="mt-8">
      <h2 id="privacy-title" className="text-lg font-semibold">Privacy</h2>
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" className="toggle toggle-primary shrink-0" checked={on} disabled={saving !== null}
          aria-describedby={help} onChange={(e) => void change(e.target.checked)} />
        <span className="font-medium">Read receipts</span>
      </label>
      <p id={help} className="mt-1 text-sm">{READ_RECEIPTS_HELP}</p>
    </section>
  );
}
