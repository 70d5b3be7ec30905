import { useState, type FormEvent } from 'react';

interface Props {
  /** Resolves when stored; rejects (with a message to show) and the text stays in the form. */
  onSave: (title: string, content: string) => Promise<boolean>;
}

/** The New Entry form: Title, Content, Save Entry. It resets only after a successful save. */
export function EntryForm({ onSave }: Props) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      if (await onSave(title, content)) {
        setTitle('');
        setContent('');
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="diary-new-entry" className="flex flex-col gap-3 rounded-box border border-base-300 p-4" noValidate>
      <h2 id="diary-new-entry" className="text-xl font-semibold">New Entry</h2>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Title</span>
        <input className="input w-full" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Content</span>
        <textarea className="textarea min-h-48 w-full" value={content} onChange={(e) => setContent(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary self-end" disabled={saving}>Save Entry</button>
    </form>
  );
}
