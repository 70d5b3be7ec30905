/**
 * The message box (spec section 2): attach an image (preview, remove), type, send. Enter sends,
 * Shift+Enter breaks the line. Text and image are cleared only once the question is safely queued.
 * An image whose upload failed stays with Retry: the question never goes out without it.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'react-hot-toast';
import { IMAGE_TYPES } from '../../../shared/limits';
import { AURA_TEXT_MAX_LENGTH } from '../../../shared/schemas';
import { useOnline } from '../../pwa/online';
import { sendAura } from '../../sync/hooks';
import { IconClose, IconImage, IconSend } from './icons';
import { useAttachment } from './useAttachment';
import { withoutSent } from '../../ui/draft';
import { useDraft } from '../drafts/useDraft';

export interface ComposerProps {
  chatId: string | null;
  /** The chat is loading or Aura is answering: no new question now. */
  busy: boolean;
  onSent: (chatId: string) => void;
  autoFocus?: boolean;
}

export function Composer({ chatId, busy, onSent, autoFocus }: ComposerProps) {
  // Kept on the device as it is typed (a new chat's under 'aura:new'); an image is not, only its words.
  const [text, setText] = useDraft(`aura:${chatId ?? 'new'}`);
  const [sending, setSending] = useState(false);
  const { attachment, uploading, pick, remove, retry } = useAttachment();
  const online = useOnline();
  const fileInput = useRef<HTMLInputElement>(null);

  // A failed image still counts: Send uploads it again and sends both, never the words alone.
  const empty = !text.trim() && !attachment;
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
      let img = attachment?.url ?? null;
      if (attachment && !img) {
        img = await retry();
        // Failed again (said by the upload): the question stays here, words and image, unsent.
        if (!img) return;
      }
      const id = await sendAura(chatId, typed.trim(), img);
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
        {attachment?.failed && (
          <div role="alert" className="mb-2 flex flex-wrap items-center gap-2 text-sm" data-testid="aura-upload-failed">
            <span>{online ? 'Not sent: the image could not be uploaded.' : 'Not sent: the image needs a connection to upload.'}</span>
            <button type="button" className="btn btn-xs btn-outline" disabled={busy || sending} onClick={() => void submit()}>
              Retry
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
