/**
 * Who is notified of what (docs/decisions/notifications.md). A push goes to every live
 * subscription of a person who wants that kind, unless the conversation is muted, either person
 * blocks the other, or it is their quiet hours: then it is counted, and one summary goes when the
 * quiet hours end. Nothing here runs inside a message's request: the work starts after the answer
 * and a failure is only logged.
 */
import { and, eq, gt, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DirectMessage, GroupMessage } from '../../shared/api';
import type { PEOPLE_CONVERSATION_KINDS } from '../../shared/conversation';
import type { PushKind } from '../../shared/push';
import type { PushPayload } from '../../shared/push-payload';
import { alive, aliveAt, aliveNow } from '../auth/sessions';
import { blockedBy, blockersOf } from '../community/blocks';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { groupMembers, groups, mutes, pushGroups, pushSettings, pushSubscriptions, sessions, users } from '../db/schema';
import { shownName } from '../messages/serialize';
import type { Stored } from '../messages/store';
import type { PushQueue } from './queue';
import type { PushOptions } from './send';
import { isQuiet } from './quiet';
import { quietOf } from './settings';

/** A chat message waits a day for an offline phone; its topic collapses a burst into one. */
const MESSAGE_TTL = 24 * 60 * 60;
const SUMMARY_EVERY_MS = 60_000;
/** A crisis alert is worth telling within a few hours. */
const CRISIS_TTL = 4 * 60 * 60;
/** A decision stays worth telling for a week. */
const ACCOUNT_TTL = 7 * 24 * 60 * 60;

type Log = { error: (obj: object, msg: string) => void };

/** One push to one person, before their settings are applied. */
export interface Notice {
  userId: string;
  kind: PushKind;
  payload: (showNames: boolean) => PushPayload;
  options: PushOptions;
  /** The conversation it is about, for mutes. */
  mutedBy?: { kind: (typeof PEOPLE_CONVERSATION_KINDS)[number]; id: string };
}


/** The subscriptions `where` picks (it carries the live-session condition itself). */
function targetsWhere(db: Db, where: SQL) {
  return db.select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions).innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(where);
}

/** One person's, asked after every direct message (db/prepared.ts). */
const personTargets = preparedFor((db) => targetsWhere(db, and(
  eq(pushSubscriptions.userId, sql.placeholder('userId')), aliveAt(sql.placeholder('now'), sql.placeholder('idleSince')),
)!).prepare('haven_push_targets'));

export class Notifier {
  private readonly timer: NodeJS.Timeout;
  /** Who-to-tell work under way (it reads the database before anything is queued). */
  private readonly working = new Set<Promise<void>>();

  /** `idleDays`: SESSION_IDLE_DAYS, so a push goes only to a session that still signs its person in. */
  constructor(private readonly db: Db, private readonly queue: PushQueue, private readonly log: Log, private readonly idleDays: number) {
    this.timer = setInterval(() => void this.sendSummaries().catch((error: unknown) => log.error({ err: error }, 'quiet-hours summaries failed')), SUMMARY_EVERY_MS).unref();
  }

  /** New direct and group messages, as stored (a replay is never notified again). */
  messages(stored: readonly Stored<DirectMessage | GroupMessage>[]): void {
    const fresh = stored.filter((s) => s.created);
    if (fresh.length > 0) this.track(this.forMessages(fresh), 'message notifications failed');
  }

  /** One notice (an Aura answer, a decision, a report's outcome, a crisis alert), after the caller's answer. */
  send(notice: Notice): void {
    this.track(this.deliver([notice]), 'notification failed');
  }

  /** Resolves once everything asked for so far is decided and every push it made delivered or dropped. */
  async idle(): Promise<void> {
    await this.decided();
    await this.queue.idle();
  }

  /** Resolves once everything asked for so far is decided (its pushes queued or skipped). */
  async decided(): Promise<void> {
    while (this.working.size > 0) await Promise.allSettled(this.working);
  }

  private track(work: Promise<void>, failure: string): void {
    const job = work.catch((error: unknown) => this.log.error({ err: error }, failure)).finally(() => this.working.delete(job));
    this.working.add(job);
  }

  /** The subscriptions `where` picks whose session is alive. */
  private targets(where: SQL) {
    return targetsWhere(this.db, and(where, alive(this.idleDays))!);
  }

  /** A test push to this session's subscriptions; answers how many were queued. */
  async test(sessionId: string): Promise<number> {
    const targets = await this.targets(eq(pushSubscriptions.sessionId, sessionId));
    const payload: PushPayload = { v: 1, kind: 'test', url: '/settings', tag: 'test' };
    for (const target of targets) this.queue.add(target, payload, { ttl: 60, urgency: 'normal' });
    return targets.length;
  }

  /** A client of this professional may be in crisis (they asked for it): who and when wait in the app, never the words. */
  crisisAlert(professionalId: string): void {
    this.send({ userId: professionalId, kind: 'crisis', payload: () => ({ v: 1, kind: 'crisis', url: '/therapist-chat', tag: 'crisis' }), options: { ttl: CRISIS_TTL, urgency: 'high' } });
  }

  /**
   * Aura answered a person who left while it was thinking: opens the chat, never the words. It
   * waits a day like a message, and a newer answer in the same chat replaces one not yet delivered.
   */
  auraAnswered(userId: string, chatId: string): void {
    this.send({
      userId, kind: 'aura', payload: () => ({ v: 1, kind: 'aura', url: `/aura-ai/chats/${chatId}`, tag: `aura:${chatId}` }),
      options: { ttl: MESSAGE_TTL, urgency: 'normal', topic: `a${chatId}` },
    });
  }

  /** A decision about the person's own account or report: opens the screen that shows it. */
  account(userId: string, kind: 'verification' | 'report', url: string): void {
    this.send({ userId, kind: 'account', payload: () => ({ v: 1, kind, url, tag: kind }), options: { ttl: ACCOUNT_TTL, urgency: 'normal' } });
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async forMessages(stored: readonly Stored<DirectMessage | GroupMessage>[]): Promise<void> {
    const senderId = stored[0]!.message.senderId;
    // Read only once someone has a device to tell (deliver's `ready`): most people have none.
    let sender: { displayName: string | null; fullName: string } | undefined;
    const readSender = async () => {
      [sender] = await this.db.select({ displayName: users.displayName, fullName: users.fullName }).from(users).where(eq(users.id, senderId)).limit(1);
      return sender !== undefined;
    };
    const notices: Notice[] = [];
    for (const { message, delivery } of stored) {
      if ('groupId' in message) {
        notices.push(...await this.groupNotices(message, senderId));
        continue;
      }
      // A message request does not notify (an unwanted stranger cannot reach a lock screen); nor one withheld by a block.
      if (delivery?.withheld || delivery?.request) continue;
      notices.push({
        userId: message.receiverId, kind: 'messages', mutedBy: { kind: 'direct', id: senderId },
        payload: (names) => ({ v: 1, kind: 'direct', url: `/chat/dm/${senderId}`, tag: `dm:${senderId}`, ...(names && sender && { from: shownName(sender) }) }),
        options: { ttl: MESSAGE_TTL, urgency: 'high', topic: `dm${senderId}` },
      });
    }
    await this.deliver(notices, senderId, readSender);
  }

  private async groupNotices(message: GroupMessage, senderId: string): Promise<Notice[]> {
    const wanting = await this.db.select({ id: pushGroups.userId }).from(pushGroups)
      .innerJoin(groupMembers, and(eq(groupMembers.groupId, pushGroups.groupId), eq(groupMembers.userId, pushGroups.userId)))
      .where(and(eq(pushGroups.groupId, message.groupId), ne(pushGroups.userId, senderId)));
    if (wanting.length === 0) return [];
    const [group] = await this.db.select({ name: groups.name }).from(groups).where(eq(groups.id, message.groupId)).limit(1);
    return wanting.map(({ id }) => ({
      userId: id, kind: 'groups' as const, mutedBy: { kind: 'group' as const, id: message.groupId },
      payload: (names: boolean) => ({ v: 1 as const, kind: 'group' as const, url: `/chat/group/${message.groupId}`, tag: `group:${message.groupId}`, ...(names && group && { from: group.name }) }),
      options: { ttl: MESSAGE_TTL, urgency: 'normal' as const, topic: `g${message.groupId}` },
    }));
  }

  /**
   * Applies each person's settings, mutes, blocks (with `senderId`) and quiet hours, then queues
   * the pushes. Their devices are looked up first: for people with none (most, and every one on a
   * server without push) that one read is all a message costs here. `ready` runs once some device
   * will be told, and may call it off (the sender is gone).
   */
  private async deliver(notices: readonly Notice[], senderId?: string, ready?: () => Promise<boolean>): Promise<void> {
    if (notices.length === 0) return;
    const people = [...new Set(notices.map((n) => n.userId))];
    const subscriptions = people.length === 1
      ? await personTargets(this.db).execute({ userId: people[0], ...aliveNow(this.idleDays) })
      : await this.targets(inArray(pushSubscriptions.userId, people));
    if (subscriptions.length === 0) return;
    if (ready && !(await ready())) return;
    const ids = [...new Set(subscriptions.map((t) => t.userId))];
    const now = new Date();
    const settings = new Map((await this.db.select().from(pushSettings).where(inArray(pushSettings.userId, ids))).map((s) => [s.userId, s]));
    const blocked = new Set(senderId ? [...await blockersOf(this.db, senderId, ids), ...(await blockedBy(this.db, senderId)).map((b) => b.id)] : []);
    const muted = new Set((await this.db.select({ userId: mutes.userId, kind: mutes.kind, id: mutes.conversationId }).from(mutes)
      .where(and(inArray(mutes.userId, ids), or(isNull(mutes.until), gt(mutes.until, now)))))
      .map((m) => `${m.userId}:${m.kind}:${m.id}`));
    const held: string[] = [];
    for (const notice of notices) {
      const row = settings.get(notice.userId);
      if (row && !row[notice.kind]) continue;
      if (blocked.has(notice.userId)) continue;
      if (notice.mutedBy && muted.has(`${notice.userId}:${notice.mutedBy.kind}:${notice.mutedBy.id}`)) continue;
      const targets = subscriptions.filter((s) => s.userId === notice.userId);
      if (targets.length === 0) continue;
      if (isQuiet(quietOf(row), now)) {
        held.push(notice.userId);
        continue;
      }
      const payload = notice.payload(row?.showNames ?? false);
      for (const target of targets) this.queue.add(target, payload, notice.options);
    }
    for (const userId of held) {
      await this.db.update(pushSettings).set({ heldCount: sql`${pushSettings.heldCount} + 1`, heldSince: sql`coalesce(${pushSettings.heldSince}, now())` })
        .where(eq(pushSettings.userId, userId));
    }
  }

  /** Quiet hours that ended with pushes held: one summary each. Claimed atomically, so one instance sends it. */
  async sendSummaries(now = new Date()): Promise<void> {
    const waiting = await this.db.select().from(pushSettings).where(gt(pushSettings.heldCount, 0));
    for (const row of waiting) {
      if (isQuiet(quietOf(row), now)) continue;
      // Takes what was counted, no more: a push held meanwhile waits for the next summary.
      const n = row.heldCount;
      const [claimed] = await this.db.update(pushSettings)
        .set({ heldCount: sql`${pushSettings.heldCount} - ${n}`, heldSince: sql`case when ${pushSettings.heldCount} = ${n} then null else ${pushSettings.heldSince} end` })
        .where(and(eq(pushSettings.userId, row.userId), gte(pushSettings.heldCount, n))).returning({ userId: pushSettings.userId });
      if (!claimed) continue;
      const subscriptions = await this.targets(eq(pushSubscriptions.userId, row.userId));
      const payload: PushPayload = { v: 1, kind: 'summary', url: '/dashboard', tag: 'summary', count: n };
      for (const target of subscriptions) this.queue.add(target, payload, { ttl: MESSAGE_TTL, urgency: 'normal', topic: 'summary' });
    }
  }
}
