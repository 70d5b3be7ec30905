/**
 * The image waiting in the composer: checked (spec section 5), previewed from the device at once,
 * and uploaded straight away so sending does not wait for it. Removing it aborts the upload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { imageProblem, uploadImage } from '../../net/upload';
import { AURA_UPLOAD } from './upload';

export interface Attachment {
  preview: string;
  /** The uploaded image's URL; null while uploading. */
  url: string | null;
}

export function useAttachment() {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const current = useRef<{ abort: AbortController; preview: string } | null>(null);

  const remove = useCallback(() => {
    if (current.current) {
      current.current.abort.abort();
      URL.revokeObjectURL(current.current.preview);
      current.current = null;
    }
    setAttachment(null);
  }, []);

  useEffect(() => remove, [remove]);

  const pick = useCallback((file: File) => {
    const problem = imageProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    remove();
    const preview = URL.createObjectURL(file);
    const mine = { abort: new AbortController(), preview };
    current.current = mine;
    setAttachment({ preview, url: null });
    uploadImage(file, AURA_UPLOAD, mine.abort.signal).then(
      (url) => {
        if (current.current === mine) setAttachment({ preview, url });
      },
      () => {
        // A removed image's aborted upload is not a failure worth saying.
        if (current.current !== mine) return;
        toast.error('Failed to upload image');
        remove();
      },
    );
  }, [remove]);

  return { attachment, uploading: attachment !== null && attachment.url === null, pick, remove };
}
