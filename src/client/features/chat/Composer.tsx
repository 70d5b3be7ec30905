import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { MESSAGE_MAX_LENGTH } from '../../../shared/limits';
import { serverMessage } from '../../net/api';
import { IconCamera } from '../../ui/icons';
import { imageProblem, uploadImage } from '../../net/upload';
import { CHAT_UPLOAD } from './upload';
import { withoutSent } from '../../ui/draft';
import { useDraft } from '../drafts/useDraft';
import { SendCheck } from './SendCheck';

const SEND_FAILED = 'Failed to send message. Please try again.';

/** A send refused with its own toast already raised (e.g. 'No recipient selected'): keep the text, no second toast. */
export class ReportedError extends Error {}

interface Props {
  /** Direct messages may carry an image; group messages are text only (spec section 5). */
  allowImage: boolean;
  /** Resolves once the message is stored locally (the outbox sends it); rejects on a storage error. */
  onSend: (text: string, image: string | null) => Promise<unknown>;
  placeholder: string;
  /** Where the unsent text is kept on the device ('dm:<id>', 'group:<id>'); without it, nowhere. */
  draftKey?: string;
  /** A word to say before sending these words (a group's check for contact details); null sends at once. */
  checkBeforeSend?: (text: string) => string | null;
}

/**
 * Enter sends. The text is cleared only after the message is safely stored, so nothing typed is
 * lost; until then it is kept on the device as it is typed and comes back after a reload.
 */
export function Composer({ allowImage, onSend, placeholder, draftKey, checkBeforeSend }: Props) {
  const [text, setText] = useDraft(draftKey ?? null);
  // Words held back by checkBeforeSend until the person says "Send anyway" or "Edit".
  const [held, setHeld] = useState<{ text: string; warning: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // An image upload holds the composer (a text sent meanwhile would overtake it); texts do not:
  // the order of sends is fixed when each is stored, so a fast typist's next Enter is never lost.
  const [uploading, setUploading] = useState(false);
  const [storing, setStoring] = useState(0);
  // A second Enter on the same words before the first is stored is one message, not two.
  const inFlight = useRef(new Set<string>());
  const busy = uploading || storing > 0;
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), error: useId() };
  const preview = useObjectUrl(file);
  const canSend = !uploading && (text.trim() !== '' || (allowImage && file !== null));

  useEffect(() => input.current?.focus(), []);

  function pick(chosen: File | undefined) {
    if (picker.current) picker.current.value = '';
    if (!chosen) return;
    const problem = imageProblem(chosen);
    if (problem) toast.error(problem);
    else setFile(chosen);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const warning = checkBeforeSend?.(text.trim()) ?? null;
    if (warning && canSend && !inFlight.current.has(text)) setHeld({ text, warning });
    else await send();
  }

  async function send() {
    setHeld(null);
    if (!canSend || inFlight.current.has(text)) return;
    const sentFile = file;
    const withImage = sentFile !== null;
    if (withImage) setUploading(true);
    setStoring((n) => n + 1);
    setError(null);
    const typed = text;
    inFlight.current.add(typed);
    try {
      let image: string | null = null;
      if (file) {
        try {
          image = await uploadImage(file, CHAT_UPLOAD);
        } catch (uploadError) {
          throw new Error(await serverMessage(uploadError, uploadError instanceof Error ? uploadError.message : SEND_FAILED), { cause: uploadError });
        }
      }
      await onSend(typed.trim(), image);
      setText((current) => withoutSent(current, typed));
      setFile((current) => (current === sentFile ? null : current));
    } catch (sendError) {
      const message = sendError instanceof Error && sendError.message ? sendError.message : SEND_FAILED;
      setError(message);
      if (!(sendError instanceof ReportedError)) toast.error(SEND_FAILED);
    } finally {
      inFlight.current.delete(typed);
      if (withImage) setUploading(false);
      setStoring((n) => n - 1);
      input.current?.focus();
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="border-t border-base-300 bg-base-100 p-2 sm:p-3">
      {error && <p id={ids.error} role="alert" className="mb-2 text-sm text-error">{error}</p>}
      {held && held.text === text && (
        <SendCheck warning={held.warning} onSend={() => void send()} onEdit={() => {
          setHeld(null);
          input.current?.focus();
        }} />
      )}
      {preview && (
        <div className="mb-2 flex items-center gap-2">
          <img src={preview} alt="Image to send" className="h-16 rounded" />
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setFile(null)}>Remove image</button>
        </div>
      )}
      <div className="flex items-center gap-2">
        {allowImage && (
          // The file input sits inside its label, so the camera button is what keyboard focus lands on.
          <label className="btn btn-ghost btn-square btn-sm focus-within:outline-2 focus-within:outline-primary" title="Attach an image">
            <input ref={picker} type="file" accept="image/jpeg,image/png,image/gif" className="sr-only"
              onChange={(e) => pick(e.target.files?.[0])} disabled={uploading} />
            <IconCamera />
            <span className="sr-only">Attach an image</span>
          </label>
        )}
        <label htmlFor={ids.text} className="sr-only">Message</label>
        <input ref={input} id={ids.text} type="text" className="input w-full" value={text} maxLength={MESSAGE_MAX_LENGTH}
          placeholder={placeholder} onChange={(e) => setText(e.target.value)} autoComplete="off"
          aria-invalid={error ? true : undefined} aria-describedby={error ? ids.error : undefined} />
        <button type="submit" className="btn btn-primary" disabled={!canSend}>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Send
        </button>
      </div>
    </form>
  );
}

/** A preview address for the chosen file, released when it changes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
