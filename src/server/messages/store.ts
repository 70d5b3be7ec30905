/**
 * Writing messages, one or a batch. Sends are idempotent by (sender, clientId): the UNIQUE index
 * decides, not a read-then-write check, so two racing retries store one message.
 * Every insert runs inside inMessageOrder (order.ts).
 */
import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { DirectMessage, GroupMessage, MessageSender } from '../../shared/api';
import { newServerClientId } from '../../shared/conversation';
import { newId } from '../../shared/ids';
import { WRITTEN_AT_MAX_AGE_MS } from '../../shared/message-rules';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { directMessages, groupMessages } from '../db/schema';
import { deliveries, type Delivery } from '../community/requests';
import { inMessageOrder } from './order';
import { toDirectMessage, toGroupMessage } from './serialize';

export interface Stored<T> {
  message: T;
  /** False when this clientId was stored before: answer the stored message, broadcast nothing. */
  created: boolean;
  /** A direct message's delivery as stored (community/requests.ts): who is told of it, and how. */
  delivery?: Delivery;
}

/**
 * A checked send, not stored yet. Text is stored trimmed. `replyTo` has been checked against the
 * conversation (target.ts); `writtenAt` is the device's word, clamped when stored.
 */
interface DraftExtras { replyTo?: string | null; writtenAt?: string | null }
export interface DirectDraft extends DraftExtras { kind: 'direct'; receiverId: string; text: string; image: string | null; clientId: string }
export interface GroupDraft extends DraftExtras { kind: 'group'; groupId: string; text: string; image?: string | null; clientId: string }
export type Draft = DirectDraft | GroupDraft;

/**
 * When its author wrote it, as stored: never after the moment it is stored (created_at: the same
 * now() of this transaction) and at most WRITTEN_AT_MAX_AGE_MS before it, so a wrong clock cannot
 * date a message anywhere it likes (docs/decisions/replies-edits-reactions.md).
 */
const writtenAtValue = (writtenAt: string | null | Placeholder) => sql`case when ${writtenAt}::timestamptz is null then null
  else least(now(), greatest(now() - ${WRITTEN_AT_MAX_AGE_MS}::double precision * interval '1 millisecond', ${writtenAt}::timestamptz)) end`;

/** A draft's extras as its row holds them, before the written-at clamp. */
const extrasOf = (d: DraftExtras) => ({ replyTo: d.replyTo ?? null, writtenAt: d.writtenAt || null });
const extrasValues = (d: DraftExtras) => {
  const extras = extrasOf(d);
  return { ...extras, writtenAt: writtenAtValue(extras.writtenAt) };
};

/** What a direct message's row is given (insertDirect's rows), each a placeholder in the prepared insert. */
const DIRECT_FIELDS = ['id', 'senderId', 'receiverId', 'text', 'image', 'clientId', 'replyTo', 'request', 'withheld', 'writtenAt'] as const;

/** The one-message send, the usual one: built once per pooled connection on PostgreSQL, each time on PGlite (see onePerson, community/requests.ts). */
const insertOneDirect = preparedFor((tx) => {
  const p = Object.fromEntries(DIRECT_FIELDS.map((f) => [f, sql.placeholder(f)])) as Record<(typeof DIRECT_FIELDS)[number], Placeholder>;
  return tx.insert(directMessages).values({ ...p, writtenAt: writtenAtValue(p.writtenAt) })
    .onConflictDoNothing({ target: [directMessages.senderId, directMessages.clientId] })
    .returning()
    .prepare('haven_insert_direct');
});

/**
 * Pairs each draft with its row: the one this insert made (created, the first time its clientId
 * appears) or the one stored before. A clientId repeated within the drafts was inserted once, so
 * its later copies answer that row as not created.
 */
function pairRows<R extends { clientId: string }, D extends { clientId: string }>(drafts: D[], inserted: R[], earlier: R[]): { draft: D; row: R; created: boolean }[] {
  const fresh = new Map(inserted.map((r) => [r.clientId, r]));
  const rows = new Map([...earlier, ...inserted].map((r) => [r.clientId, r]));
  return drafts.map((draft) => {
    const created = fresh.delete(draft.clientId);
    return { draft, row: rows.get(draft.clientId)!, created };
  });
}

/** Client ids among the drafts that this insert did not store: they are answered from the earlier rows. */
const notInserted = (drafts: { clientId: string }[], inserted: { clientId: string }[]) => {
  const made = new Set(inserted.map((r) => r.clientId));
  return [...new Set(drafts.map((d) => d.clientId).filter((c) => !made.has(c)))];
};

/**
 * One multi-row insert; VALUES order is seq order. Must run inside inMessageOrder. Each message
 * is marked as its receiver will get it (a request, or withheld by a block; community/requests.ts).
 */
async function insertDirect(tx: Db, senderId: string, drafts: DirectDraft[]): Promise<Stored<DirectMessage>[]> {
  const delivery = await deliveries(tx, senderId, drafts.map((d) => d.receiverId));
  const rows = drafts.map((d) => ({
    id: newId(), senderId, receiverId: d.receiverId, text: d.text.trim(), image: d.image, clientId: d.clientId,
    ...extrasOf(d), ...delivery.get(d.receiverId)!,
  }) satisfies Record<(typeof DIRECT_FIELDS)[number], unknown>);
  const inserted = rows.length === 1
    ? await insertOneDirect(tx).execute(rows[0])
    : await tx.insert(directMessages).values(rows.map((r) => ({ ...r, writtenAt: writtenAtValue(r.writtenAt) })))
      .onConflictDoNothing({ target: [directMessages.senderId, directMessages.clientId] })
      .returning();
  const missing = notInserted(drafts, inserted);
  const earlier = missing.length === 0 ? [] : await tx.select().from(directMessages)
    .where(and(eq(directMessages.senderId, senderId), inArray(directMessages.clientId, missing)));
  return pairRows(drafts, inserted, earlier).map(({ row, created }) => ({
    message: toDirectMessage(row, senderId), created, delivery: { request: row.request, withheld: row.withheld },
  }));
}

async function insertGroup(tx: Db, sender: MessageSender, drafts: GroupDraft[]): Promise<Stored<GroupMessage>[]> {
  const inserted = await tx.insert(groupMessages)
    .values(drafts.map((d) => ({
      id: newId(), groupId: d.groupId, senderId: sender._id, text: d.text.trim(), image: d.image ?? null, clientId: d.clientId, ...extrasValues(d),
    })))
    .onConflictDoNothing({ target: [groupMessages.senderId, groupMessages.clientId] })
    .returning();
  const missing = notInserted(drafts, inserted);
  const earlier = missing.length === 0 ? [] : await tx.select().from(groupMessages)
    .where(and(eq(groupMessages.senderId, sender._id), inArray(groupMessages.clientId, missing)));
  return pairRows(drafts, inserted, earlier).map(({ row, created }) => ({ message: toGroupMessage(row, sender), created }));
}

type Run = { kind: 'direct'; drafts: DirectDraft[] } | { kind: 'group'; drafts: GroupDraft[] };

/** Consecutive drafts of one kind: one insert each keeps the seqs in draft order across both tables. */
function runsOfKind(drafts: Draft[]): Run[] {
  const runs: Run[] = [];
  for (const draft of drafts) {
    const last = runs.at(-1);
    if (last?.kind === 'direct' && draft.kind === 'direct') last.drafts.push(draft);
    else if (last?.kind === 'group' && draft.kind === 'group') last.drafts.push(draft);
    else runs.push(draft.kind === 'direct' ? { kind: 'direct', drafts: [draft] } : { kind: 'group', drafts: [draft] });
  }
  return runs;
}

/** Stores one sender's drafts in one transaction, answered in draft order. */
export function storeDrafts(db: Db, sender: MessageSender, drafts: Draft[]): Promise<Stored<DirectMessage | GroupMessage>[]> {
  if (drafts.length === 0) return Promise.resolve([]);
  return inMessageOrder(db, async (tx) => {
    const stored: Stored<DirectMessage | GroupMessage>[] = [];
    for (const run of runsOfKind(drafts)) {
      stored.push(...(run.kind === 'direct' ? await insertDirect(tx, sender._id, run.drafts) : await insertGroup(tx, sender, run.drafts)));
    }
    return stored;
  });
}

/** A single send; without a clientId (an old client) the server makes one, so it is never a replay. */
export async function storeDirect(db: Db, senderId: string, draft: Omit<DirectDraft, 'kind' | 'clientId'> & { clientId?: string }): Promise<Stored<DirectMessage>> {
  const [stored] = await inMessageOrder(db, (tx) => insertDirect(tx, senderId, [{ ...draft, kind: 'direct', clientId: draft.clientId ?? newServerClientId() }]));
  return stored!;
}

export async function storeGroupMessage(db: Db, sender: MessageSender, draft: Omit<GroupDraft, 'kind' | 'clientId'> & { clientId?: string }): Promise<Stored<GroupMessage>> {
  const [stored] = await inMessageOrder(db, (tx) => insertGroup(tx, sender, [{ ...draft, kind: 'group', clientId: draft.clientId ?? newServerClientId() }]));
  return stored!;
}
