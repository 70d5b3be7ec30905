/** The professional's crisis alerts as the device holds them (src/client/sync/crisis-alerts.ts). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CrisisAlert } from '../../../shared/crisis-alerts';
import { ALERTS_KEY } from '../../sync/crisis-alerts';
import { useDb } from '../../sync/current';

export function useCrisisAlerts(): CrisisAlert[] {
  const db = useDb();
  return useLiveQuery(async () => ((await db.meta.get(ALERTS_KEY))?.value ?? []) as CrisisAlert[], [db]) ?? [];
}
