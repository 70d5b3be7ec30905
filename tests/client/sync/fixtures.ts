/** A fresh per-test database and a scriptable transport for the outbox tests. */
import 'fake-indexeddb/auto';
import type { DirectMessage, GroupMessage } from '../../../src/shared/api';
import { HavenDb, type OutboxRow } from '../../../src/client/db/database';
import { requestClientId, requestText } from '../../../src/shared/outgoing';
import type { BatchOutcome, ItemOutcome, OutboxTransport, SendOutcome } from '../../../src/client/sync/transport';

let dbCount = 0;
export const ME = 'a'.repeat(24);
export const OTHER = 'b'.repeat(24);
export const GROUP = 'c'.repeat(24);

export function freshDb(): HavenDb {
  dbCount += 1;
  // A new user id per test is a new database name: tests never see each other's rows.
  return new HavenDb(`${ME.slice(0, 20)}${dbCount.toString(16).padStart(4, '0')}`);
}

let seq = 100;
export function serverEcho(row: OutboxRow, senderId: string): DirectMessage | GroupMessage {
  seq += 1;
  const { request } = row;
  const base = { _id: seq.toString(16).padStart(24, '0'), seq, senderId, clientId: requestClientId(request), createdAt: new Date().toISOString() };
  if (request.kind === 'group') {
    return { ...base, groupId: request.groupId, sender: { _id: senderId, fullName: 'Me', profilePic: '' }, text: request.text };
  }
  if (request.kind === 'aura') throw new Error('An Aura question has no echo');
  return { ...base, receiverId: request.to, text: request.text ?? '', image: request.image ?? null };
}

type Scripted = Exclude<SendOutcome, { ok: true }> | 'ok';

/**
 * Answers from a script (default: success); records every row it was asked to send. For a batch,
 * a 'rejected' entry refuses the batch's first item only (as the server refuses one item); any
 * other failure fails the whole request.
 */
export class ScriptedTransport implements OutboxTransport {
  readonly sent: OutboxRow[] = [];
  readonly batches: OutboxRow[][] = [];
  readonly script: Scripted[] = [];

  constructor(private readonly senderId: string) {}

  async send(row: OutboxRow): Promise<SendOutcome> {
    this.sent.push(row);
    const next = this.script.shift() ?? 'ok';
    if (next === 'ok') return { ok: true, data: { aiResponse: `Aura on: ${requestText(row.request)}`, crisis: false } };
    return next;
  }

  async sendBatch(rows: OutboxRow[]): Promise<BatchOutcome> {
    this.sent.push(...rows);
    this.batches.push(rows);
    const next = this.script.shift() ?? 'ok';
    if (next !== 'ok' && next.kind !== 'rejected') return next;
    return {
      ok: true,
      results: rows.map((row, i): ItemOutcome => (next !== 'ok' && i === 0
        ? { ok: false, message: next.message }
        : { ok: true, data: serverEcho(row, this.senderId) })),
    };
  }
}

/** Runs the work at once (jsdom has no Web Locks). */
export const noLock = async (_name: string, work: () => Promise<void>) => work();
