/** A fresh per-test database and a scriptable transport (a small fake server) for the outbox tests. */
import 'fake-indexeddb/auto';
import type { DirectMessage, GroupMessage } from '../../../src/shared/api';
import { HavenDb, type DeviceImage, type OutboxRow } from '../../../src/client/db/database';
import { requestClientId, requestText } from '../../../src/shared/outgoing';
import { toggleReaction } from '../../../src/client/sync/merge';
import type { BatchOutcome, ItemOutcome, OutboxTransport, SendOutcome, UploadOutcome } from '../../../src/client/sync/transport';

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
/** The server's copy of a direct or group send. */
export function serverEcho(row: OutboxRow, senderId: string): DirectMessage | GroupMessage {
  seq += 1;
  const { request } = row;
  if (request.kind !== 'direct' && request.kind !== 'group') throw new Error(`A ${request.kind} row has no echo of its own`);
  const base = {
    _id: seq.toString(16).padStart(24, '0'), seq, senderId, clientId: requestClientId(request), createdAt: new Date().toISOString(),
    text: request.text ?? '', image: request.image ?? null, replyTo: request.replyTo ?? null, writtenAt: request.writtenAt ?? null,
    editedAt: null, reactions: [],
  };
  if (request.kind === 'group') return { ...base, groupId: request.groupId, sender: { _id: senderId, fullName: 'Me', profilePic: '' } };
  return { ...base, receiverId: request.to };
}

type Scripted = Exclude<SendOutcome, { ok: true }> | 'ok';

/**
 * Answers from a script (default: success); records every row it was asked to send. For a batch,
 * a 'rejected' entry refuses the batch's first item only (as the server refuses one item); any
 * other failure fails the whole request. Like the server, it keeps what it stored, so an edit or
 * reaction answers the changed message; uploads follow their own script.
 */
export class ScriptedTransport implements OutboxTransport {
  readonly sent: OutboxRow[] = [];
  readonly batches: OutboxRow[][] = [];
  readonly script: Scripted[] = [];
  readonly uploadScript: Array<Exclude<UploadOutcome, { ok: true }> | 'ok'> = [];
  readonly uploads: DeviceImage[] = [];
  /** What the fake server stored, by id. */
  readonly stored = new Map<string, DirectMessage | GroupMessage>();

  constructor(private readonly senderId: string) {}

  async send(row: OutboxRow): Promise<SendOutcome> {
    this.sent.push(row);
    const next = this.script.shift() ?? 'ok';
    if (next === 'ok') return { ok: true, data: { aiResponse: `Aura on: ${requestText(row.request)}`, crisis: false } };
    return next;
  }

  async upload(image: DeviceImage): Promise<UploadOutcome> {
    this.uploads.push(image);
    const next = this.uploadScript.shift() ?? 'ok';
    return next === 'ok' ? { ok: true, url: `/uploads/photo-${this.uploads.length}.png` } : next;
  }

  private store(row: OutboxRow): ItemOutcome {
    const { request } = row;
    if (request.kind === 'direct' || request.kind === 'group') {
      if (request.image && !request.image.startsWith('/uploads/')) return { ok: false, code: 'VALIDATION_FAILED', message: 'The image must be uploaded first' };
      const echo = serverEcho(row, this.senderId);
      this.stored.set(echo._id, echo);
      return { ok: true, data: echo };
    }
    if (request.kind === 'aura') throw new Error('An Aura question is not a batch item');
    const found = this.stored.get(request.messageId);
    if (!found) return { ok: false, code: 'NOT_FOUND', message: 'Message not found' };
    const changed = request.kind === 'edit'
      ? { ...found, text: request.text, editedAt: new Date().toISOString() }
      : { ...found, reactions: toggleReaction(found.reactions ?? [], request.emoji, this.senderId, request.add) };
    this.stored.set(found._id, changed);
    return { ok: true, data: changed };
  }

  async sendBatch(rows: OutboxRow[]): Promise<BatchOutcome> {
    this.sent.push(...rows);
    this.batches.push(rows);
    const next = this.script.shift() ?? 'ok';
    if (next !== 'ok' && next.kind !== 'rejected') return next;
    return {
      ok: true,
      results: rows.map((row, i): ItemOutcome => (next !== 'ok' && i === 0
        ? { ok: false, message: next.message, code: 'FORBIDDEN' }
        : this.store(row))),
    };
  }
}

/** Runs the work at once (jsdom has no Web Locks). */
export const noLock = async (_name: string, work: () => Promise<void>) => work();
