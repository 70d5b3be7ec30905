/**
 * The image waiting in the composer: checked (spec section 5), previewed from the device at once,
 * and uploaded straight away so sending does not wait for it. Removing it aborts the upload.
 *
 * Offline, or when the upload got no answer, the image is not held back: `forSending` keeps it on
 * the device and hands over its reference, and the outbox uploads it and sends the message when
 * the connection returns (docs/decisions/offline-photos.md). Only an image the image store refused
 * (not an image, too large) stays here, marked failed, with Retry: it never goes out without it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { imageProblem, uploadCanWait, uploadImage, type UploadPlace } from '../../net/upload';
import { serverMessage } from '../../net/api';
import { keepImageOnDevice } from '../../sync/hooks';
import { SEND_TEXTS } from '../../sync/texts';

/** uploading → uploaded; `later`: offline or no answer, the outbox will upload it; `refused`: this image was turned down. */
export type AttachmentState = 'uploading' | 'uploaded' | 'later' | 'refused';

export interface Attachment {
  preview: string;
  /** The uploaded image's URL; null until uploaded. */
  url: string | null;
  state: AttachmentState;
  /** The upload was refused; the image stays until it is uploaded or removed. */
  failed: boolean;
}

interface Current {
  abort: AbortController;
  preview: string;
  file: File;
  /** The upload under way or last made: its outcome, or null when the image was removed. */
  uploaded?: Promise<AttachmentState | null>;
  url?: string;
}

const browserOnline = () => globalThis.navigator?.onLine !== false;

/** `place`: where the image goes in the image store (stable); null where no image may be chosen. */
export function useAttachment(place: UploadPlace | null) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const current = useRef<Current | null>(null);

  const show = useCallback((mine: Current, state: AttachmentState) => {
    setAttachment({ preview: mine.preview, url: mine.url ?? null, state, failed: state === 'refused' });
  }, []);

  const remove = useCallback(() => {
    if (current.current) {
      current.current.abort.abort();
      URL.revokeObjectURL(current.current.preview);
      current.current = null;
    }
    setAttachment(null);
  }, []);

  useEffect(() => remove, [remove]);

  /** Uploads the current image; answers how it ended, or null when it was removed meanwhile. */
  const upload = useCallback(async (mine: Current): Promise<AttachmentState | null> => {
    if (!place) return null;
    show(mine, 'uploading');
    try {
      mine.url = await uploadImage(mine.file, place, { signal: mine.abort.signal });
      if (current.current !== mine) return null;
      show(mine, 'uploaded');
      return 'uploaded';
    } catch (error) {
      // A removed image's aborted upload is not a failure worth saying.
      if (current.current !== mine) return null;
      if (uploadCanWait(error)) {
        show(mine, 'later');
        return 'later';
      }
      // The server's reason when it gave one (too large, not an image), else the spec's words.
      toast.error(await serverMessage(error, SEND_TEXTS.uploadFailed), { id: 'composer-upload' });
      show(mine, 'refused');
      return 'refused';
    }
  }, [place, show]);

  const pick = useCallback((file: File) => {
    if (!place) return;
    const problem = imageProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    remove();
    const mine: Current = { abort: new AbortController(), preview: URL.createObjectURL(file), file };
    current.current = mine;
    // Offline, nothing is tried now: the outbox uploads it once the connection returns.
    if (browserOnline()) mine.uploaded = upload(mine);
    else {
      mine.uploaded = Promise.resolve('later');
      show(mine, 'later');
    }
  }, [place, remove, upload, show]);

  /**
   * What to send for the chosen image once its upload (under way) ends: its URL; a reference to
   * it kept on the device when it must wait for the connection; or null when it cannot go (a
   * refused image uploaded again and refused again, or removed meanwhile).
   */
  const forSending = useCallback(async (): Promise<string | null> => {
    const mine = current.current;
    if (!mine) return null;
    let state = await mine.uploaded;
    if (state === 'refused' && current.current === mine) state = await (mine.uploaded = upload(mine));
    if (current.current !== mine) return null;
    if (state === 'uploaded') return mine.url ?? null;
    if (state === 'later' && place) return keepImageOnDevice(mine.file, place);
    return null;
  }, [place, upload]);

  return {
    attachment,
    uploading: attachment?.state === 'uploading',
    pick,
    remove,
    forSending,
  };
}
