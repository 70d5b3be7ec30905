/**
 * Read positions on the device (docs/everyday-chat.md). Marking read writes Dexie first, so it works offline;
 * the position then goes to the server (PUT /api/reads/{kind}/{id}) now or when the connection
 * returns. The server's positions, from GET /api/reads and the socket's readPosition event, are
 * merged in. Positions only move forward on both sides, so a late or repeated send is harmless.
 */
import type { KyInstance } from 'ky';
import type { ReadPosition } from '../../shared/api';
import { conversationKey, parsePeopleKey } from '../../shared/conversation';
import type { HavenDb, ReadRow } from '../db/database';
import { call } from '../net/call';
import { classify } from '../net/errors';
import { singleFlight } from './single-flight';


/** Marks the conversation read up to `seq` on this device; answers whether that moved it forward. */
export async function noteRead(db: HavenDb, conversation: string, seq: number): Promise<boolean> {
  return db.transaction('rw', db.reads, async () => {
    const row = await db.reads.get(conversation);
    if (row && row.seq >= seq) return false;
    await db.reads.put({ conversation, seq, sentSeq: row?.sentSeq ?? 0 });
    return true;
  });
}

/** The server's positions: each is as far as the server knows it was read, and is stored as sent. */
export async function storeServerReads(db: HavenDb, positions: readonly ReadPosition[]): Promise<void> {
  if (!positions.length) return;
  await db.transaction('rw', db.reads, async () => {
    const keys = positions.map(conversationKey);
    const stored = await db.reads.bulkGet(keys);
    const rows: ReadRow[] = [];
    positions.forEach((p, i) => {
      const row = stored[i];
      if (row && row.seq >= p.seq && row.sentSeq >= p.seq) return;
      rows.push({ conversation: keys[i]!, seq: Math.max(row?.seq ?? 0, p.seq), sentSeq: Math.max(row?.sentSeq ?? 0, p.seq) });
    });
    if (rows.length) await db.reads.bulkPut(rows);
  });
}

/** A refusal that a retry cannot change (the group was left, the message is gone): stop sending it. */
// A 401 is about the session, not the position: the mark waits for the next sign-in instead.
const givesUp = (status: number | null) => status !== null && status >= 400 && status < 500
  && status !== 401 && status !== 408 && status !== 429;

/**
 * Sends every position marked here and not yet confirmed. Offline, or on a server error, it stops
 * and the rows wait for the next sync; a lasting refusal drops that row's send (it stays read here).
 */
export async function sendReads(db: HavenDb, http: KyInstance): Promise<void> {
  const waiting = (await db.reads.toArray()).filter((r) => r.seq > r.sentSeq);
  for (const row of waiting) {
    const target = parsePeopleKey(row.conversation);
    if (!target) continue;
    let confirmed: number;
    try {
      confirmed = (await call('markRead', { params: target, body: { seq: row.seq } }, { http })).seq;
    } catch (error) {
      if (!givesUp(classify(error).status)) throw error;
      confirmed = row.seq;
    }
    await db.transaction('rw', db.reads, async () => {
      const now = await db.reads.get(row.conversation);
      // The server holds at least what was sent; a newer mark made meanwhile still waits.
      if (now) await db.reads.put({ ...now, seq: Math.max(now.seq, confirmed), sentSeq: Math.max(now.sentSeq, row.seq) });
    });
  }
}

const senders = new WeakMap<HavenDb, () => Promise<void>>();

/** One send at a time per database; a mark made meanwhile is sent right after. */
export function sendReadsSoon(db: HavenDb, http: KyInstance): Promise<void> {
  let send = senders.get(db);
  if (!send) {
    send = singleFlight(() => sendReads(db, http));
    senders.set(db, send);
  }
  return send();
}

/** After a (re)connect: what this device marked offline goes first, then the server's positions come in. */
export async function syncReads(db: HavenDb, http: KyInstance): Promise<void> {
  await sendReadsSoon(db, http);
  await storeServerReads(db, await call('reads', undefined, { http }));
}
