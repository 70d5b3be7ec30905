/** A group's guidelines, shown to people before they join; an admin writes them per group (docs/decisions/community-rules.md, Guidelines). */
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { AdminGroup } from '../../../shared/api';
import { GUIDELINES_MAX_LENGTH } from '../../../shared/community';
import { DEFAULT_GROUP_GUIDELINES, guidelinesOf } from '../../../shared/guidelines';
import { describeFailureText } from '../../net/errors';
import { Modal } from '../../ui/Modal';
import { adminApi } from './adminApi';

export function GuidelinesButton({ group, onChanged }: { group: AdminGroup; onChanged: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}
        aria-label={`Edit guidelines of ${group.name}`}>Guidelines</button>
      {open && <GuidelinesDialog group={group} onClose={() => setOpen(false)} onChanged={onChanged} />}
    </>
  );
}

function GuidelinesDialog({ group, onClose, onChanged }: { group: AdminGroup; onClose: () => void; onChanged: () => Promise<unknown> }) {
  // The group's own text or Haven's default, as joiners read it now.
  const [text, setText] = useState(() => guidelinesOf(group.guidelines));
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function save() {
    setBusy(true);
    try {
      // The default unchanged is saved as "none of its own", so the group follows Haven's default.
      const res = await adminApi.setGuidelines(group._id, text.trim() === DEFAULT_GROUP_GUIDELINES.trim() ? '' : text);
      toast.success(res.message || `Guidelines of ${group.name} saved`);
      onClose();
      await onChanged();
    } catch (error) {
      toast.error(await describeFailureText(error, 'Failed to save the guidelines'));
    } finally {
      setBusy(false);
    }
  }

  const tooLong = text.trim().length > GUIDELINES_MAX_LENGTH;
  return (
    <Modal open title={`Guidelines of ${group.name}`} onClose={onClose} closeLabel="Cancel"
      actions={(
        <button type="button" className="btn btn-primary min-h-11" disabled={busy || tooLong} onClick={() => void save()}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save guidelines
        </button>
      )}>
      <div className="flex flex-col gap-2 py-3">
        <p className="text-sm">People read these before they join the group. Leave the box empty to use Haven&apos;s default.</p>
        <label htmlFor={id} className="font-medium">Guidelines</label>
        <textarea id={id} className="textarea w-full" rows={8} value={text} maxLength={GUIDELINES_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-count`} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span id={`${id}-count`} className="text-xs">{text.length} of {GUIDELINES_MAX_LENGTH} characters</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setText(DEFAULT_GROUP_GUIDELINES)}>Use Haven&apos;s default</button>
        </div>
      </div>
    </Modal>
  );
}
