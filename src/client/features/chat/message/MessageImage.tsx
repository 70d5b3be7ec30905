/** A message's photo: its URL, or the copy kept on this device while it waits to upload. */
import { useImageSource } from '../../../sync/hooks';

export function MessageImage({ image, mine, onLoad }: { image: string; mine: boolean; onLoad?: () => void }) {
  const src = useImageSource(image);
  if (!src) return <div className="mb-1 h-32 w-48 rounded bg-base-content/10" role="img" aria-label={mine ? 'Image you sent' : 'Image sent to you'} />;
  return <img src={src} alt={mine ? 'Image you sent' : 'Image sent to you'} className="mb-1 max-h-64 rounded" loading="lazy" onLoad={onLoad} />;
}
