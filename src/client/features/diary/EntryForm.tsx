import { useEffect, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { draftStorageKey } from '../../state/local-keys';
import { useSession } from '../auth/session';
import { readFields, writeDraft } from '../drafts/store';
import { useEntryDraft, type EntryDraft } from '../drafts/useDraft';

interface Props {
  /** Resolves when stored; rejects (with a message to show) and the text stays in the form. */
  onSave: (title: string, content: string) => Promise<boolean>;
  /**
   * False with the diary lock on: the draft is then kept only in this tab's memory (it survives a
   * lock and unlock, not a reload), never in localStorage where it would sit in plain text.
   */
  keepDraft?: boolean;
}

const PLACE = 'diary:new';
const EMPTY: EntryDraft = { title: '', content: '' };
const isEmpty = (d: EntryDraft) => d.title.trim() === '' && d.content.trim() === '';
/** Unsaved words while the lock is on, per person: the form goes away while locked and comes back. */
const inMemory = new Map<string, EntryDraft>();

/**
 * The New Entry form: Title, Content, Save Entry. What is typed is kept on the device as it is
 * typed (features/drafts), so a reload or a closed tab brings it back; the form and its kept
 * copy are cleared only after a successful save.
 */
export function EntryForm({ onSave, keepDraft = true }: Props) {
  return keepDraft ? <KeptEntryForm onSave={onSave} /> : <MemoryEntryForm onSave={onSave} />;
}

/** Whose words: the drafts follow the signed-in person, like every other kept draft. */
const useUserId = () => useSession().user?._id ?? '';

function KeptEntryForm({ onSave }: Pick<Props, 'onSave'>) {
  const userId = useUserId();
  const [draft, setDraft] = useEntryDraft(PLACE);
  useEffect(() => {
    // The lock was just turned off: what was being written while it was on comes along.
    const held = inMemory.get(userId);
    inMemory.delete(userId);
    if (held && !isEmpty(held)) setDraft((d) => (isEmpty(d) ? held : d));
  }, [userId, setDraft]);
  return <EntryFormView draft={draft} setDraft={setDraft} onSave={onSave} />;
}

function MemoryEntryForm({ onSave }: Pick<Props, 'onSave'>) {
  const userId = useUserId();
  const storageKey = draftStorageKey(userId, PLACE);
  const [draft, setDraft] = useState<EntryDraft>(() => inMemory.get(userId) ?? readFields(storageKey, ['title', 'content']));
  useEffect(() => {
    inMemory.set(userId, draft);
  }, [userId, draft]);
  useEffect(() => {
    // A draft kept from before the lock was turned on must not stay behind in plain text.
    writeDraft(storageKey, '');
  }, [storageKey]);
  return <EntryFormView draft={draft} setDraft={setDraft} onSave={onSave} />;
}

function EntryFormView({ draft, setDraft, onSave }: Pick<Props, 'onSave'> & { draft: EntryDraft; setDraft: Dispatch<SetStateAction<EntryDraft>> }) {
  const [saving, setSaving] = useState(false);
  /** A second press while saving does nothing (the button stays focusable, so it is not disabled). */
  const inFlight = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      if (await onSave(draft.title, draft.content)) setDraft(EMPTY);
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
