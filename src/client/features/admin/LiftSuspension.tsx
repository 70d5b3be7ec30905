import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { describeFailureText } from '../../net/errors';
import { adminApi } from './adminApi';
import { NoteDialog } from './NoteDialog';

interface Props {
  userId: string;
  name: string;
  onChanged: () => Promise<unknown>;
}

/** "Lift suspension": from a suspended person's report card and from the log entry of their suspension. */
export function LiftSuspensionButton({ userId, name, onChanged }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function lift(note: string) {
    setBusy(true);
    try {
      const res = await adminApi.unsuspend(userId, note);
      toast.success(res.message || `${name} can sign in again`);
      setOpen(false);
      await onChanged();
    } catch (error) {
      toast.error(await describeFailureText(error, 'Failed to lift the suspension'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-outline btn-sm min-h-11" disabled={busy} onClick={() => setOpen(true)}
        aria-label={`Lift suspension of ${name}`}>Lift suspension</button>
      {open && (
        <NoteDialog title={`Lift the suspension of ${name}?`} confirmLabel="Lift suspension" busy={busy}
          onConfirm={(note) => void lift(note)} onCancel={() => setOpen(false)}>
          <p><strong>{name}</strong> can sign in and take part again.</p>
        </NoteDialog>
      )}
    </>
  );
}
