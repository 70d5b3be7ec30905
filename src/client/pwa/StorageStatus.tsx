import { usePersistState, type PersistState } from './storage';

const TEXT: Record<PersistState | 'unknown', string> = {
  granted: 'Granted: your browser will keep your diary and unsent messages even when space runs low.',
  denied: 'Not granted: your browser may clear Haven\'s data if the device runs low on space. Export your diary now and then to keep a copy.',
  unsupported: 'This browser cannot keep storage permanently. Export your diary now and then to keep a copy.',
  unknown: 'Not asked yet: Haven asks when you save your first diary entry.',
};

/** The /settings "Storage" section: whether persistent storage was granted (see storage.ts). */
export function StorageStatus() {
  const state = usePersistState();
  return (
    <section aria-labelledby="storage-heading" className="mt-8">
      <h2 id="storage-heading" className="text-lg font-semibold">Storage</h2>
      <p className="mt-1" data-testid="storage-status">
        <span className="font-medium">Persistent storage: </span>
        {TEXT[state ?? 'unknown']}
      </p>
    </section>
  );
}
