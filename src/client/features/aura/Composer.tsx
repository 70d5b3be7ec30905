/**
 * The message box (spec section 2): attach an image (preview, remove), type, send. Enter sends,
 * Shift+Enter breaks the line. Text and image are cleared only once the question is safely queued.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'react-hot-toast';
import { IMAGE_TYPES } from '../../../shared/limits';
import { AURA_TEXT_MAX_LENGTH } from '../../../shared/schemas';
import { sendAura } from '../../sync/hooks';
import { IconClose, IconImage, IconSend } from './icons';
import { useAttachment } from './useAttachment';
import { withoutSent } from '../../ui/draft';

export interface ComposerProps {
  chatId: string | null;
  /** The chat is loading or Aura is answering: no new question now. */
  busy: boolean;
  onSent: (chatId: string) => void;
  autoFocus?: boolean;
}

export function Composer({ chatId, busy, onSent, autoFocus }: ComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const { attachment, uploading, pick, remove } = useAttachment();
  const fileInput = useRef<HTMLInputElement>(null);

  const empty = !text.trim() && !attachment?.url;
  const disabled = busy || sending || uploading || empty;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy || sending || uploading) return;
    if (empty) {
      toast.error('Please enter a message or upload an image');
      return;
    }
    setSending(true);
    const typed = text;
    try {
      const id = await sendAura(chatId, typed.trim(), attachment?.url ?? null);
      setText((current) => withoutSent(current, typed));
      remove();
      onSent(id);
    } catch {
      toast.error(chatId ? 'Failed to send message' : 'Failed to create new chat');
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing a character: its Enter confirms the character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="border-t border-base-300 bg-base-100 p-2 sm:p-3">
      <div className="mx-auto max-w-3xl">
        {attachment && (
          <div className="relative mb-2 inline-block" data-testid="aura-image-preview">
            <img src={attachment.preview} alt="Image to send" className="h-20 w-20 rounded-lg object-cover" />
            {uploading && (
              <span className="absolute inset-0 flex items-center justify-center rounded-lg bg-base-100/60" role="status">
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                <span className="sr-only">Uploading image…</span>
              </span>
            )}
            <button type="button" onClick={remove} aria-label="Remove image"
              className="btn btn-circle btn-xs absolute -right-2 -top-2 btn-neutral">
              <IconClose className="size-3" />
            </button>
          </div>
        )}
        <div className="flex items-end gap-2">
          <input ref={fileInput} type="file" accept={IMAGE_TYPES.join(',')} className="hidden" data-testid="aura-image-input"
            tabIndex={-1} aria-hidden="true"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              // Cleared so choosing the same file again still fires a change.
              e.currentTarget.value = '';
              if (file) pick(file);
            }} />
          <button type="button" className="btn btn-ghost btn-square" aria-label="Attach image"
            disabled={sending || uploading} onClick={() => fileInput.current?.click()}>
            <IconImage />
          </button>
          <textarea
            aria-label="Message to Aura"
            placeholder="Ask Aura anything..."
            className="textarea field-sizing-content max-h-40 min-h-10 flex-1 resize-none"
            rows={1}
            maxLength={AURA_TEXT_MAX_LENGTH}
            value={text}
            // Only right after a send moved the person here from /aura-ai: keep them where they were typing.
            autoFocus={autoFocus}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="btn btn-primary btn-square" aria-label="Send message" disabled={disabled}>
            {sending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <IconSend />}
          </button>
        </div>
      </div>
    </form>
  );
}
