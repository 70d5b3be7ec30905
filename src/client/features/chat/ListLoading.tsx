import { useOnline } from '../../pwa/online';
import { InlineSpinner } from '../../ui/Spinner';

/**
 * A list that has never been loaded on this device: a spinner while it comes, or, offline, a calm
 * word that it will come (being offline is not an error, and a spinner would never end).
 */
export function ListLoading({ label, offlineText }: { label: string; offlineText: string }) {
  const online = useOnline();
  if (!online) return <p className="p-3 text-sm" role="status">{offlineText}</p>;
  return <InlineSpinner label={label} />;
}
