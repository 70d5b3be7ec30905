/**
 * The one composer for every way of writing (a direct message, a group, Aura). Enter sends; in a
 * multi-line box Shift+Enter breaks the line. The words are kept on the device as they are typed
 * and cleared only once the message is safely stored, so nothing typed is lost. A chosen image is
 * checked, previewed and uploaded at once; a message never goes out without the image the person
 * chose. Offline (or when the upload got no answer) the image is kept on the device and the
 * message queued with it, like words; only an image the image store refused stays here with Retry.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { IMAGE_TYPES } from '../../../shared/limits';
import type { UploadPlace } from '../../net/upload';
import { useOnline } from '../../pwa/online';
import { withoutSent } from '../../ui/draft';
import { IconClose } from '../../ui/icons';
import { useDraft } from '../drafts/useDraft';
import { SendCheck } from './SendCheck';
import { useAttachment } from './useAttachment';

/** A send refused with its own toast already raised (e.g. 'No recipient selected'): keep the words, no second toast. */
export class ReportedError extends Error {}

/** The words a kind of conversation uses, and what it allows. */
export interface ComposerKind {
  label: string;
  placeholder: string;
  maxLength: number;
  multiline: boolean;
  /** Where images go; null where none may be sent. */
  images: UploadPlace | null;
  attachLabel: string;
  sendLabel: string;
  /** Said when Send is pressed with nothing to send; without it, Send is simply disabled. */
  emptyMessage?: string;
  /** The toast when the message could not be stored (the spec's words for each screen). */
  failedMessage: string;
  /** One message at a time (a new Aura chat must not be made twice); otherwise a fast typist's next Enter is stored too. */
  oneAtATime: boolean;
  /** data-testid prefix of the image parts, which tests and the spec's checks find. */
  testIdPrefix: string;
  /** How Send looks: an icon button (labelled) or the word. */
  sendIcon?: ReactNode;
  attachIcon: ReactNode;
  /**
   * How the picker is reached: a labelled file input (its label is the button), or a button that
   * opens a hidden input. Both are one tab stop; the spec's screens differ, and so do their checks.
   */
  attachAs: 'label' | 'button';
}

export interface ComposerProps {
  kind: ComposerKind;
  /** Resolves once the message is stored on the device (the outbox sends it); rejects on a storage error. */
  onSend: (text: string, image: string | null) => Promise<unknown>;
  /** Where the unsent words are kept on the device (a conversation key, or 'aura:new'); without it, nowhere. */
  draftKey: string | null;
  /** Nothing may be sent now (a chat loading, Aura answering). */
  busy?: boolean;
  autoFocus?: boolean;
  /** A word to say before sending these words (a group's check for contact details); null sends at once. */
  checkBeforeSend?: (text: string) => string | null;
  /** Told that the person is typing (true) or sent or emptied the box (false): the typing indicator. */
  onTyping?: (active: boolean) => void;
}

export function Composer({ kind, onSend, draftKey, busy = false, autoFocus, checkBeforeSend, onTyping }: ComposerProps) {
  const [text, setText] = useDraft(draftKey);
  // Words held back by checkBeforeSend until the person says "Send anyway" or "Edit".
  const [held, setHeld] = useState<{ text: string; warning: string } | null>(null);
  const [storing, setStoring] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // A second Enter on the same words before the first is stored is one message, not two.
  const inFlight = useRef(new Set<string>());
  const box = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const errorId = useId();
  const { attachment, uploading, pick, remove, forSending } = useAttachment(kind.images);
  const online = useOnline();

  // A refused image still counts: Send uploads it again and sends both, never the words alone. An
  // image still uploading does not hold Send: the message waits for it, so an Enter is never lost.
  const empty = !text.trim() && !attachment;
  const blocked = busy || (kind.oneAtATime && storing > 0);
  const canSend = !blocked && !empty;

  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blocked) return;
    if (empty) {
      if (kind.emptyMessage) toast.error(kind.emptyMessage);
      return;
    }
    const warning = checkBeforeSend?.(text.trim()) ?? null;
    if (warning && !inFlight.current.has(text)) setHeld({ text, warning });
    else await send();
  }

  async function send() {
    setHeld(null);
    const typed = text;
    if (blocked || empty || inFlight.current.has(typed)) return;
    inFlight.current.add(typed);
    setStoring((n) => n + 1);
    setError(null);
    try {
      let image = attachment?.url ?? null;
      if (attachment && !image) {
        // The URL, or a reference to the image kept on the device for the outbox to upload.
        image = await forSending();
        // Refused again (said by the upload): the message stays here, words and image, unsent.
        if (!image) return;
      }
      await onSend(typed.trim(), image);
      onTyping?.(false);
      setText((current) => withoutSent(current, typed));
      remove();
    } catch (sendError) {
      const message = sendError instanceof Error && sendError.message ? sendError.message : kind.failedMessage;
      setError(message);
      if (!(sendError instanceof ReportedError)) toast.error(kind.failedMessage);
    } finally {
      inFlight.current.delete(typed);
      setStoring((n) => n - 1);
      box.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing a character: its Enter confirms the character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  const field = {
    // Named by aria-label: the spec's checks find Aura's box by that attribute.
    ref: box, 'aria-label': kind.label, value: text, maxLength: kind.maxLength, placeholder: kind.placeholder,
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      onTyping?.(e.target.value.trim() !== '');
    },
    'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined,
  };
  const working = storing > 0 || uploading;
  return (
    <form onSubmit={(e) => void submit(e)} className="border-t border-base-300 bg-base-100 p-2 sm:p-3">
      <div className={kind.multiline ? 'mx-auto max-w-3xl' : undefined}>
        {error && <p id={errorId} role="alert" className="mb-2 text-sm text-error">{error}</p>}
        {held && held.text === text && (
          <SendCheck warning={held.warning} onSend={() => void send()} onEdit={() => {
            setHeld(null);
            box.current?.focus();
          }} />
        )}
        {attachment && (
          <div className="relative mb-2 inline-block" data-testid={`${kind.testIdPrefix}-image-preview`}>
            <img src={attachment.preview} alt="Image to send" className="h-20 w-20 rounded-lg object-cover" />
            {uploading && (
              <span className="absolute inset-0 flex items-center justify-center rounded-lg bg-base-100/60" role="status">
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                <span className="sr-only">Uploading image…</span>
              </span>
            )}
            <button type="button" onClick={remove} aria-label="Remove image" className="btn btn-circle btn-xs absolute -right-2 -top-2 btn-neutral">
              <IconClose className="size-3" />
            </button>
          </div>
        )}
        {attachment?.failed && (
          <div role="alert" className="mb-2 flex flex-wrap items-center gap-2 text-sm" data-testid={`${kind.testIdPrefix}-upload-failed`}>
            <span>Not sent: the image could not be uploaded.</span>
            <button type="button" className="btn btn-xs btn-outline" disabled={busy || storing > 0} onClick={() => void submit()}>Retry</button>
          </div>
        )}
        {attachment?.state === 'later' && (
          <p role="status" className="mb-2 text-sm" data-testid={`${kind.testIdPrefix}-upload-later`}>
            {online ? 'The photo will be sent when the connection allows.' : 'Offline: the photo will be sent when you are back online.'}
          </p>
        )}
        {/* The box never shrinks below three fifths of the row: with large text, Send wraps to a line of its own instead. */}
        <div className={`flex flex-wrap gap-2 ${kind.multiline ? 'items-end' : 'items-center'}`}>
          {kind.images && <AttachControl kind={kind} disabled={uploading || storing > 0} onPick={pick} />}
          {kind.multiline
            ? <textarea {...field} className="textarea field-sizing-content max-h-40 min-h-10 min-w-0 grow basis-3/5 resize-none" rows={1} onKeyDown={onKeyDown} />
            : <input {...field} type="text" className="input min-w-0 grow basis-3/5" autoComplete="off" />}
          <button type="submit" className={`btn btn-primary ml-auto ${kind.sendIcon ? 'btn-square' : ''}`} disabled={!canSend}
            aria-label={kind.sendIcon ? kind.sendLabel : undefined}>
            {working && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {kind.sendIcon ? !working && kind.sendIcon : kind.sendLabel}
          </button>
        </div>
      </div>
    </form>
  );
}

/** The image picker, reached as the kind says (see ComposerKind.attachAs). */
function AttachControl({ kind, disabled, onPick }: { kind: ComposerKind; disabled: boolean; onPick: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const picker = (
    <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} data-testid={`${kind.testIdPrefix}-image-input`}
      className={kind.attachAs === 'label' ? 'sr-only' : 'hidden'} disabled={disabled}
      {...(kind.attachAs === 'button' ? { tabIndex: -1, 'aria-hidden': true } : {})}
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        // Cleared so choosing the same file again still fires a change.
        e.currentTarget.value = '';
        if (file) onPick(file);
      }} />
  );
  if (kind.attachAs === 'button') {
    return (
      <>
        {picker}
        <button type="button" className="btn btn-ghost btn-square" aria-label={kind.attachLabel} disabled={disabled} onClick={() => input.current?.click()}>
          {kind.attachIcon}
        </button>
      </>
    );
  }
  return (
    // The file input sits inside its label, so the label is what keyboard focus lands on.
    <label className="btn btn-ghost btn-square focus-within:outline-2 focus-within:outline-primary" title={kind.attachLabel}>
      {picker}
      {kind.attachIcon}
      <span className="sr-only">{kind.attachLabel}</span>
    </label>
  );
}
