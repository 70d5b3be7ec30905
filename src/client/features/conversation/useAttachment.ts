/**
 * The image waiting in the composer: checked (spec section 5), previewed from the device at once,
 * and uploaded straight away so sending does not wait for it. Removing it aborts the upload.
 * A failed upload keeps the image (marked failed) rather than dropping it: a question must never
 * go out without the picture the person chose. `uploaded` waits for the upload, and uploads a
 * failed one again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { imageProblem, uploadImage, type UploadPlace } from '../../net/upload';
import { serverMessage } from '../../net/api';

const UPLOAD_FAILED = 'Failed to upload image';

export interface Attachment {
  preview: string;
  /** The uploaded image's URL; null while uploading or after a failed upload. */
  url: string | null;
  /** The last upload failed; the image stays until it is uploaded or removed. */
  failed: boolean;
}

interface Current {
  abort: AbortController;
  preview: string;
  file: File;
  /** The upload under way or last made: its URL, or null when it failed or the image was removed. */
  uploaded?: Promise<string | null>;
}

/** `place`: where the image goes in the image store; it must be stable. */
export function useAttachment(place: UploadPlace) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const current = useRef<Current | null>(null);

  const remove = useCallback(() => {
    if (current.current) {
      current.current.abort.abort();
      URL.revokeObjectURL(current.current.preview);
      current.current = null;
    }
    setAttachment(null);
  }, []);

  useEffect(() => remove, [remove]);

  /** Uploads the current image; its URL, or null when it failed (said once) or was removed meanwhile. */
  const upload = useCallback(async (mine: Current): Promise<string | null> => {
    setAttachment({ preview: mine.preview, url: null, failed: false });
    try {
      const url = await uploadImage(mine.file, place, mine.abort.signal);
      if (current.current !== mine) return null;
      setAttachment({ preview: mine.preview, url, failed: false });
      return url;
    } catch (error) {
      // A removed image's aborted upload is not a failure worth saying.
      if (current.current !== mine) return null;
      // The server's reason when it gave one (too large, not an image), else the spec's words.
      toast.error(await serverMessage(error, UPLOAD_FAILED), { id: 'composer-upload' });
      setAttachment({ preview: mine.preview, url: null, failed: true });
      return null;
    }
  }, [place]);

  const pick = useCallback((file: File) => {
    const problem = imageProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    remove();
    const mine: Current = { abort: new AbortController(), preview: URL.createObjectURL(file), file };
    current.current = mine;
    mine.uploaded = upload(mine);
  }, [remove, upload]);

  /** A failed image uploaded again; resolves with its URL, or null if it failed again. */
  const retry = useCallback(async (): Promise<string | null> => {
    const mine = current.current;
    if (!mine) return null;
    mine.uploaded = upload(mine);
    return mine.uploaded;
  }, [upload]);

  /** The chosen image's URL once its upload (under way or done) ends: a failed one is uploaded again. */
  const uploaded = useCallback(async (): Promise<string | null> => {
    const mine = current.current;
    if (!mine) return null;
    const url = await mine.uploaded;
    return url ?? (current.current === mine ? retry() : null);
  }, [retry]);

  return {
    attachment,
    uploading: attachment !== null && attachment.url === null && !attachment.failed,
    pick,
    remove,
    uploaded,
  };
}
