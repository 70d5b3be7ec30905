/**
 * "Let my professional know" (docs/decisions/crisis-alerts.md). When someone who opted in writes
 * something on the server that reaches a crisis tier about themselves, the professional who
 * referred them gets a discreet alert: who and when, never the words. At most one per
 * ALERT_INTERVAL_MS, claimed by a single conditional update of the person's row, so two messages at
 * once (on two instances) make one alert.
 */
import { and, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ALERT_INTERVAL_MS, type CrisisAlert } from '../../shared/crisis-alerts';
import { newId } from '../../shared/ids';
import { CRISIS_ALERT_LIST_LIMIT } from '../../shared/limits';
import type { Db } from '../db/client';
import { crisisAlerts, users } from '../db/schema';
import type { Notifier } from '../push/notifier';
import type { Realtime } from '../realtime/realtime';
import { verifiedProfessional } from '../users/standing';

/**
 * Tells the person's professional, when they opted in, have a verified professional who is not
 * suspended, and were not alerted about inside the interval. Answers whether an alert was made.
 */
/** Who hears of an alert: the professional's open screens, and their devices by push when they allow it. */
export interface AlertChannels {
  realtime: Pick<Realtime, 'toUsers'>;
  notifier?: Pick<Notifier, 'crisisAlert'>;
}

export async function alertProfessional(db: Db, { realtime, notifier }: AlertChannels, clientId: string): Promise<boolean> {
  const p = alias(users, 'p');
  const [claimed] = await db.update(users).set({ lastCrisisAlertAt: sql`now()` }).where(and(
    eq(users.id, clientId),
    eq(users.crisisAlerts, true),
    sql`(${users.lastCrisisAlertAt} is null or ${users.lastCrisisAlertAt} < now() - ${ALERT_INTERVAL_MS} * interval '1 millisecond')`,
    exists(db.select({ one: sql`1` }).from(p).where(and(eq(p.id, users.referredBy), verifiedProfessional(p), isNull(p.suspendedAt)))),
  )).returning({ professionalId: users.referredBy });
  const professionalId = claimed?.professionalId;
  if (!professionalId) return false;
  await db.insert(crisisAlerts).values({ id: newId(), clientId, professionalId });
  realtime.toUsers([professionalId]).emit('crisisAlert');
  notifier?.crisisAlert(professionalId);
  return true;
}

export async function listAlerts(db: Db, professionalId: string): Promise<CrisisAlert[]> {
  const client = alias(users, 'client');
  const rows = await db.select({ id: crisisAlerts.id, clientId: client.id, fullName: client.fullName, at: crisisAlerts.createdAt, seenAt: crisisAlerts.seenAt })
    .from(crisisAlerts).innerJoin(client, eq(client.id, crisisAlerts.clientId))
    .where(eq(crisisAlerts.professionalId, professionalId))
    .orderBy(desc(crisisAlerts.createdAt)).limit(CRISIS_ALERT_LIST_LIMIT);
  return rows.map((r) => ({ _id: r.id, client: { _id: r.clientId, fullName: r.fullName }, createdAt: r.at.toISOString(), seen: r.seenAt !== null }));
}

/** Marks the professional's own alert as seen; false when there is no such alert of theirs. */
export async function markSeen(db: Db, professionalId: string, alertId: string): Promise<boolean> {
  const rows = await db.update(crisisAlerts).set({ seenAt: sql`coalesce(${crisisAlerts.seenAt}, now())` })
    .where(and(eq(crisisAlerts.id, alertId), eq(crisisAlerts.professionalId, professionalId))).returning({ id: crisisAlerts.id });
  return rows.length > 0;
}
