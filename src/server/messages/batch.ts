/**
 * POST /api/messages/batch (docs/architecture.md section 3): a device's outbox in one request. Each
 * item is checked exactly as its single send is and refused on its own, so one bad item never holds
 * back the rest; the accepted sends are stored in one transaction, in item order, so their seqs
 * follow the order they were written in. A replayed clientId answers the stored message, as a
 * single send does. Edits and reactions (docs/decisions/replies-edits-reactions.md) are items too.
 */
import type { BatchResult, DirectMessage, GroupMessage } from '../../shared/api';
import { batchItemSchema, type BatchItem } from '../../shared/schemas';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { checkOwnImage } from '../uploads/ownership';
import type { ImageStore } from '../uploads/store';
import { findRecipient, groupOfMember } from './access';
import { senderOf } from './serialize';
import type { Presented } from './changed';
import { editMessage } from './edit';
import { react } from './react';
import { withReactions } from './reactions';
import { storeDrafts, type Draft, type Stored } from './store';
import { replyTarget } from './target';

export interface BatchOutcome {
  results: BatchResult[];
  /** The messages this batch stored for the first time, in item order: the ones to announce. */
  created: Stored<DirectMessage | GroupMessage>[];
  /** Messages an edit or a reaction of this batch changed, in item order: to tell with messageChanged. */
  changes: NonNullable<Presented['change']>[];
  /**
   * The items whose words are the sender's own, to judge for help (by result index): sends and
   * edits, true when this request stored them (only then may an alert go out); reactions never.
   */
  judge: Map<number, boolean>;
}

interface BatchDeps { db: Db; store: ImageStore; config: Config }

/** One lookup per key per batch: a batch mostly goes to a few conversations. Refusals are remembered too. */
function perKey<T>(look: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key) => {
    let found = seen.get(key);
    if (!found) seen.set(key, (found = look(key)));
    return found;
  };
}

const clientIdOf = (item: unknown): string | null => {
  const clientId = typeof item === 'object' && item !== null ? (item as { clientId?: unknown }).clientId : undefined;
  return typeof clientId === 'string' ? clientId : null;
};

type SendItem = Extract<BatchItem, { kind: 'direct' | 'group' }>;
type ChangeItem = Extract<BatchItem, { kind: 'edit' | 'react' }>;

/**
 * Sends are checked one by one and stored together, in one transaction; edits and reactions then
 * run one by one in item order (each its own transaction), so two edits of one message in a
 * batch leave the later one's words. None of them can name a message of this same batch: a
 * message's id exists only once it is stored.
 */
export async function sendBatch({ db, store, config }: BatchDeps, me: UserRow, items: unknown[]): Promise<BatchOutcome> {
  const recipient = perKey((to) => findRecipient(db, me, to));
  const group = perKey((groupId) => groupOfMember(db, groupId, me.id, 'send'));
  const toDraft = async (item: SendItem): Promise<Draft> => {
    const extras = { clientId: item.clientId, writtenAt: item.writtenAt, text: item.text };
    if (item.kind === 'group') {
      await group(item.groupId);
      const replyTo = await replyTarget(db, me.id, { kind: 'group', id: item.groupId }, item.replyTo);
      const image = await checkOwnImage(store, config, me.id, item.image);
      return { kind: 'group', groupId: item.groupId, image, replyTo, ...extras };
    }
    const receiver = await recipient(item.to);
    const replyTo = await replyTarget(db, me.id, { kind: 'direct', id: receiver.id }, item.replyTo);
    const image = await checkOwnImage(store, config, me.id, item.image);
    return { kind: 'direct', receiverId: receiver.id, image, replyTo, ...extras };
  };

  const results: BatchResult[] = [];
  const judge = new Map<number, boolean>();
  const refuse = (at: number, clientId: string, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    results[at] = { clientId, ok: false, code: error.code, message: error.message };
  };
  const accepted: { at: number; draft: Draft }[] = [];
  const changeItems: { at: number; item: ChangeItem }[] = [];
  for (const [at, item] of items.entries()) {
    const parsed = batchItemSchema.safeParse(item);
    if (!parsed.success) {
      results[at] = { clientId: clientIdOf(item), ok: false, code: 'VALIDATION_FAILED', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
      continue;
    }
    const data = parsed.data;
    if (data.kind === 'edit' || data.kind === 'react') {
      changeItems.push({ at, item: data });
      continue;
    }
    try {
      accepted.push({ at, draft: await toDraft(data) });
    } catch (error) {
      refuse(at, data.clientId, error);
    }
  }

  const stored = await storeDrafts(db, senderOf(me), accepted.map((a) => a.draft));
  // A replay answers the stored message as it is now, reactions and all; a new one has none yet.
  const replayed = await withReactions(db, me.id, stored.filter((one) => !one.created).map((one) => one.message));
  const created: Stored<DirectMessage | GroupMessage>[] = [];
  for (const [i, { at, draft }] of accepted.entries()) {
    const one = stored[i]!;
    results[at] = { clientId: draft.clientId, ok: true, message: one.created ? one.message : replayed.find((m) => m._id === one.message._id)! };
    judge.set(at, one.created);
    if (one.created) created.push(one);
  }

  const changes: BatchOutcome['changes'] = [];
  for (const { at, item } of changeItems) {
    try {
      const { answer, change } = item.kind === 'edit' ? await editMessage(db, me.id, item) : await react(db, me.id, item);
      results[at] = { clientId: item.clientId, ok: true, message: answer };
      if (item.kind === 'edit') judge.set(at, change !== null);
      if (change) changes.push(change);
    } catch (error) {
      refuse(at, item.clientId, error);
    }
  }
  return { results, created, changes, judge };
}
