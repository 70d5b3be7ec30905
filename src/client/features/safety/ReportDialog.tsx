/**
 * Reporting a message, a person or a group (docs/community-safety.md): a reason, an optional note, Submit. The
 * server's thank-you follows in the same dialog, with "Block <name>" offered there for a message or
 * a person. A refusal is said in the dialog and what was typed stays.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS, type ReportInput, type ReportReason } from '../../../shared/community';
import { Modal } from '../../ui/Modal';
import { blockPerson, sendReport } from './actions';
import { BLOCK_EXPLAINED, type BlockablePerson } from './people';

export type ReportTarget =
  | { kind: 'message'; messageId: string; name: string; person: BlockablePerson | null }
  | { kind: 'user'; userId: string; name: string; person: BlockablePerson | null }
  | { kind: 'group'; groupId: string; name: string };

const titleOf = (t: ReportTarget) => (t.kind === 'message' ? `Report a message from ${t.name}` : `Report ${t.name}`);

function inputOf(t: ReportTarget, reason: ReportReason, note: string): ReportInput {
  const said = note.trim() || undefined;
  if (t.kind === 'message') return { messageId: t.messageId, reason, note: said };
  if (t.kind === 'user') return { userId: t.userId, reason, note: said };
  return { groupId: t.groupId, reason, note: said };
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const ids = { form: useId(), note: useId(), count: useId(), error: useId() };
  const person = target.kind === 'group' ? null : target.person;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!reason) {
      setError('Please choose a reason');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setThanks(await sendReport(inputOf(target, reason, note)));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  async function block() {
    if (!person || busy) return;
    setBusy(true);
    setError(null);
    try {
      await blockPerson(person);
      setBlocked(true);
      toast.success(`You blocked ${person.fullName}.`);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const spinner = busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />;
  const errorLine = error && <p id={ids.error} role="alert" className="msg-error text-sm">{error}</p>;

  if (thanks !== null) {
    return (
      <Modal open title={titleOf(target)} onClose={onClose}
        actions={person && !blocked && (
          <button type="button" className="btn btn-error min-h-11" onClick={() => void block()} disabled={busy}>{spinner}Block {person.fullName}</button>
        )}>
        <div className="flex flex-col gap-3 py-3">
          <p role="status">{thanks}</p>
          {person && !blocked && <p>You can also block {person.fullName}. {BLOCK_EXPLAINED}</p>}
          {blocked && <p>You blocked {person?.fullName}.</p>}
          {errorLine}
        </div>
      </Modal>
    );
  }

  return (
    <Modal open title={titleOf(target)} onClose={onClose} closeLabel="Cancel"
      actions={<button type="submit" form={ids.form} className="btn btn-primary min-h-11" disabled={busy} aria-busy={busy}>{spinner}Submit</button>}>
      <form id={ids.form} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4 py-3">
        <fieldset className="flex flex-col gap-1" aria-describedby={error && !reason ? ids.error : undefined}>
          <legend className="mb-1 font-medium">What is wrong?</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="radio" name="reason" className="radio radio-sm" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{REPORT_REASON_LABELS[r]}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.note} className="font-medium">Anything else we should know? (optional)</label>
          <textarea id={ids.note} className="textarea w-full" rows={3} maxLength={REPORT_NOTE_MAX_LENGTH} value={note}
            onChange={(e) => setNote(e.target.value)} aria-describedby={ids.count} />
          <p id={ids.count} className="self-end text-xs">{note.length}/{REPORT_NOTE_MAX_LENGTH}</p>
        </div>
        <p className="text-sm">Haven&apos;s team reads every report. The person is not told who reported them.</p>
        {errorLine}
      </form>
    </Modal>
  );
}
