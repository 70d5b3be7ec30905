/** A person's notification settings (shared/push.ts), kept in push_settings and push_groups. */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_PUSH_SETTINGS, type PushSettings } from '../../shared/push';
import type { Db } from '../db/client';
import { groupMembers, pushGroups, pushSettings } from '../db/schema';
import type { QuietHours } from './quiet';

export type SettingsRow = typeof pushSettings.$inferSelect;

export const quietOf = (row: Pick<SettingsRow, 'quietStart' | 'quietEnd' | 'timeZone'> | undefined): QuietHours | null =>
  row && row.quietStart !== null && row.quietEnd !== null && row.timeZone ? { start: row.quietStart, end: row.quietEnd, timeZone: row.timeZone } : null;

export async function readPushSettings(db: Db, userId: string): Promise<PushSettings> {
  const [row] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId)).limit(1);
  const groups = (await db.select({ id: pushGroups.groupId }).from(pushGroups).where(eq(pushGroups.userId, userId))).map((g) => g.id);
  if (!row) return { ...DEFAULT_PUSH_SETTINGS, groups };
  return {
    kinds: { messages: row.messages, groups: row.groups, aura: row.aura, account: row.account, crisis: row.crisis },
    groups, showNames: row.showNames, quietHours: quietOf(row),
  };
}

/** Stores the settings whole; only groups the person is a member of are kept. */
export async function writePushSettings(db: Db, userId: string, settings: PushSettings): Promise<void> {
  const { kinds, showNames, quietHours } = settings;
  const values = {
    ...kinds, showNames,
    quietStart: quietHours?.start ?? null, quietEnd: quietHours?.end ?? null, timeZone: quietHours?.timeZone ?? null,
  };
  await db.transaction(async (tx) => {
    await tx.insert(pushSettings).values({ userId, ...values }).onConflictDoUpdate({ target: pushSettings.userId, set: values });
    await tx.delete(pushGroups).where(eq(pushGroups.userId, userId));
    const wanted = [...new Set(settings.groups)];
    if (wanted.length === 0) return;
    const member = await tx.select({ id: groupMembers.groupId }).from(groupMembers)
      .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.groupId, wanted)));
    if (member.length > 0) await tx.insert(pushGroups).values(member.map((m) => ({ userId, groupId: m.id })));
  });
}
