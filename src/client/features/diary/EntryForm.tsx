import { useRef, useState, type FormEvent } from 'react';
import { useEntryDraft } from '../drafts/useDraft';

interface Props {
  /** Resolves when stored; rejects (with a message to show) and the text stays in the form. */
  onSave: (title: string, content: string) => Promise<boolean>;
}

/**
 * The New Entry form: Title, Content, Save Entry. What is typed is kept on the device as it is
 * typed (features/drafts), so a reload or a closed tab brings it back; the form and its kept
 * copy are cleared only after a successful save.
 */
export function EntryForm({ onSave }: Props) {
  const [draft, setDraft] = useEntryDraft('diary:new');
  const [saving, setSaving] = useState(false);
  /** A second press while saving does nothing (the button stays focusable, so it is not disabled). */
  const inFlight = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      if (await onSave(draft.title, draft.content)) setDraft({ title: '', content: '' });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="diary-new-entry" className="flex flex-col gap-3 rounded-box border border-base-300 p-4" noValidate>
      <h2 id="diary-new-entry" className="text-xl font-semibold">New Entry</h2>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Title</span>
        <input className="input w-full" value={draft.title} maxLength={200}
          onChange={(e) => {
            const title = e.target.value;
            setDraft((d) => ({ ...d, title }));
          }} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Content</span>
        <textarea className="textarea min-h-48 w-full" value={draft.content}
          onChange={(e) => {
            const content = e.target.value;
            setDraft((d) => ({ ...d, content }));
          }} />
      </label>
      {/* aria-disabled, not disabled: a disabled button drops its focus to the page body while saving. */}
      <button type="submit" className="btn btn-primary self-end" aria-disabled={saving}>Save Entry</button>
    </form>
  );
}
