/**
 * POST /api/messages/batch (docs/architecture.md section 3): a device's outbox in one request. Each
 * item is checked exactly as its single send is and refused on its own, so one bad item never holds
 * back the rest; the accepted items are stored in one transaction, in item order, so their seqs
 * follow the order they were written in. A replayed clientId answers the stored message, as a
 * single send does.
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
import { storeDrafts, type Draft, type Stored } from './store';

export interface BatchOutcome {
  results: BatchResult[];
  /** The messages this batch stored for the first time, in item order: the ones to announce. */
  created: Stored<DirectMessage | GroupMessage>[];
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

export async function sendBatch({ db, store, config }: BatchDeps, me: UserRow, items: unknown[]): Promise<BatchOutcome> {
  const recipient = perKey((to) => findRecipient(db, me, to));
  const group = perKey((groupId) => groupOfMember(db, groupId, me.id, 'send'));
  const toDraft = async (item: BatchItem): Promise<Draft> => {
    if (item.kind === 'group') {
      await group(item.groupId);
      return { kind: 'group', groupId: item.groupId, text: item.text, clientId: item.clientId };
    }
    const receiver = await recipient(item.to);
    const image = await checkOwnImage(store, config, me.id, item.image);
    return { kind: 'direct', receiverId: receiver.id, text: item.text, image, clientId: item.clientId };
  };

  const results: BatchResult[] = [];
  const accepted: { at: number; draft: Draft }[] = [];
  for (const [at, item] of items.entries()) {
    const parsed = batchItemSchema.safeParse(item);
    if (!parsed.success) {
      results[at] = { clientId: clientIdOf(item), ok: false, code: 'VALIDATION_FAILED', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
      continue;
    }
    try {
      accepted.push({ at, draft: await toDraft(parsed.data) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results[at] = { clientId: parsed.data.clientId, ok: false, code: error.code, message: error.message };
    }
  }

  const stored = await storeDrafts(db, senderOf(me), accepted.map((a) => a.draft));
  const created: Stored<DirectMessage | GroupMessage>[] = [];
  for (const [i, { at, draft }] of accepted.entries()) {
    const one = stored[i]!;
    results[at] = { clientId: draft.clientId, ok: true, message: one.message };
    if (one.created) created.push(one);
  }
  return { results, created };
}
