import { useId, useState, type ReactNode } from 'react';
import { MODERATION_NOTE_MAX_LENGTH } from '../../../shared/community';
import { ConfirmDialog } from './ConfirmDialog';

interface Props {
  title: string;
  /** What happens, said before the note field. */
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** Called with the note as typed (adminApi trims it and leaves an empty one out). */
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/**
 * A moderator's confirmation with an optional "why", kept in the audit log. The note stays while
 * the dialog is open, so a failed attempt can be tried again without typing it anew.
 */
export function NoteDialog({ title, children, confirmLabel, danger, busy, onConfirm, onCancel }: Props) {
  const [note, setNote] = useState('');
  const id = useId();
  return (
    <ConfirmDialog title={title} confirmLabel={confirmLabel} danger={danger} busy={busy}
      onConfirm={() => onConfirm(note)} onCancel={onCancel}>
      <div className="flex flex-col gap-3">
        {children}
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-medium">Why? (kept in the audit log)</label>
          <textarea id={id} className="textarea w-full" rows={3} value={note} maxLength={MODERATION_NOTE_MAX_LENGTH}
            onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
    </ConfirmDialog>
  );
}
