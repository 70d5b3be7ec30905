/**
 * Editing one's own message in its bubble: the words in a box, Save and Cancel; Enter saves,
 * Shift+Enter breaks the line, Escape cancels. The edit goes through the outbox like a message, so
 * it holds offline and follows the message it changes.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'react-hot-toast';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/limits';
import type { LocalMessage } from '../../../db/database';
import { editMessage } from '../../../sync/hooks';

export function InlineEditor({ message, onDone }: { message: LocalMessage; onDone: () => void }) {
  const [text, setText] = useState(message.text);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const field = box.current;
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const next = text.trim();
    if (!next || saving) return;
    if (next === message.text.trim()) {
      onDone();
      return;
    }
    setSaving(true);
    try {
      await editMessage(message, next);
      onDone();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Your edit could not be saved. Please try again.');
      setSaving(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone();
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} className="flex min-w-56 flex-col gap-2" data-testid="message-editor">
      <textarea ref={box} aria-label="Edit message" value={text} maxLength={MESSAGE_MAX_LENGTH} rows={1} onKeyDown={onKeyDown}
        onChange={(e) => setText(e.target.value)}
        className="textarea field-sizing-content max-h-40 min-h-10 w-full resize-none bg-base-100 text-base-content" />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>Cancel</button>
        <button type="submit" className="btn btn-sm bg-base-100 text-base-content" disabled={saving || !text.trim()}>Save</button>
      </div>
    </form>
  );
}
