/**
 * What is new in each conversation, from what the device holds and the read position. A message
 * is unread when someone else wrote it after the read position and the person has not written
 * since: replying (from any device) means they read what came before. The device keeps at least
 * the newest 500 messages per conversation (prune.ts), so a count is exact as far as a badge
 * shows it ("99+"); a count reads no further than that either.
 */
import { Dexie } from 'dexie';
import { type HavenDb, type LocalMessage } from '../db/database';
import { KEEP_PER_CONVERSATION } from './prune';
import { isMuted } from './safety';
import { directKey } from '../../shared/conversation';

export interface ConversationSummary {
  conversation: string;
  /** 0 for a muted conversation and for a message request: they count in no badge or total (docs/community-safety.md). */
  unread: number;
  muted: boolean;
  request: boolean;
  /** The newest message, sent or still on its way. */
  last: LocalMessage;
}

/** `newestFirst`: the conversation's rows above the read position, newest first. */
export function countUnread(newestFirst: readonly LocalMessage[], me: string, readSeq: number): number {
  let unread = 0;
  for (const m of newestFirst) {
    if (m.senderId === me) break;
    if (m.seq !== null && m.seq > readSeq && !m.deletedAt) unread += 1;
  }
  return unread;
}

/** The first unread message of a conversation (oldest first), where the "New messages" divider goes; null when none. */
export function firstUnreadKey(oldestFirst: readonly LocalMessage[], me: string, readSeq: number): string | null {
  let first: string | null = null;
  for (const m of oldestFirst) {
    if (m.senderId === me) first = null;
    else if (first === null && m.seq !== null && m.seq > readSeq) first = m.key;
  }
  return first;
}

export async function readSeqOf(db: HavenDb, conversation: string): Promise<number> {
  return (await db.reads.get(conversation))?.seq ?? 0;
}

interface Quiet {
  muted: boolean;
  request: boolean;
}

async function summarise(db: HavenDb, conversation: string, readSeq: number, quiet: Quiet): Promise<ConversationSummary | null> {
  const rows = db.messages.where('[conversation+sortKey]');
  const last = await rows.between([conversation, Dexie.minKey], [conversation, Dexie.maxKey]).last();
  if (!last) return null;
  // Reading stops at the person's own newest message: nothing before a reply is unread; and at
  // what the device keeps of a conversation, so a catch-up storing 50,000 rows of one group
  // (pruned to that once it ends) costs each count a bounded read, not all of them.
  const above = await rows.between([conversation, readSeq], [conversation, Dexie.maxKey], false, true).reverse()
    .until((m) => m.senderId === db.userId, true).limit(KEEP_PER_CONVERSATION).toArray();
  const unread = quiet.muted || quiet.request ? 0 : countUnread(above, db.userId, readSeq);
  return { conversation, unread, last, ...quiet };
}

/** Every conversation the device holds messages of, with its unread count and newest message. */
export async function readSummaries(db: HavenDb): Promise<Map<string, ConversationSummary>> {
  const conversations = (await db.messages.orderBy('conversation').uniqueKeys()) as string[];
  const reads = new Map((await db.reads.toArray()).map((r) => [r.conversation, r.seq]));
  const muted = new Set((await db.mutes.toArray()).filter((m) => isMuted(m.until)).map((m) => m.conversation));
  const requests = new Set((await db.requests.toCollection().primaryKeys()).map(directKey));
  const summaries = await Promise.all(conversations.map((c) =>
    summarise(db, c, reads.get(c) ?? 0, { muted: muted.has(c), request: requests.has(c) })));
  return new Map(summaries.flatMap((s) => (s ? [[s.conversation, s] as const] : [])));
}
