/**
 * A professional's crisis alerts (docs/decisions/crisis-alerts.md), read from the server into the device's meta table so
 * the client list shows them offline too. Names and times only: an alert never holds words.
 */
import type { KyInstance } from 'ky';
import type { CrisisAlert } from '../../shared/crisis-alerts';
import type { HavenDb } from '../db/database';
import { call } from '../net/call';

export const ALERTS_KEY = 'crisisAlerts';

export async function refreshAlerts(db: HavenDb, http?: KyInstance): Promise<void> {
  const { alerts } = await call('crisisAlerts', undefined, http ? { http } : {});
  await db.meta.put({ key: ALERTS_KEY, value: alerts });
}

/** Marks it seen here at once and on the server; a failure leaves it new, to be seen again. */
export async function markAlertSeen(db: HavenDb, id: string): Promise<void> {
  await call('seeCrisisAlert', { params: { id } });
  await db.transaction('rw', db.meta, async () => {
    const alerts = ((await db.meta.get(ALERTS_KEY))?.value ?? []) as CrisisAlert[];
    await db.meta.put({ key: ALERTS_KEY, value: alerts.map((a) => (a._id === id ? { ...a, seen: true } : a)) });
  });
}
