import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../../src/client/db/database';
import type { ConversationKind } from '../../../src/shared/conversation';
import { requestConversation, type OutgoingRequest } from '../../../src/shared/outgoing';
import { auraLanes, nextBatch, nextWakeUp } from '../../../src/client/sync/plan';
import { deriveStatus, type SyncFacts } from '../../../src/client/sync/status';

let order = 0;
function request(kind: ConversationKind, target: string, text: string, clientId: string): OutgoingRequest {
  if (kind === 'direct') return { kind, to: target, text, image: null, clientId };
  if (kind === 'group') return { kind, groupId: target, text, clientId };
  return { kind, chatId: target, ask: { question: text, img: null, clientId } };
}
const row = (kind: ConversationKind, target: string, extra: Partial<OutboxRow> & { text?: string } = {}): OutboxRow => {
  order += 1;
  const { text = `t${order}`, ...rest } = extra;
  return {
    order, messageKey: `k${order}`, request: request(kind, target, text, `c-${order}-abcdefgh`),
    status: 'queued', attempts: 0, nextAttemptAt: 0, error: null, ...rest,
  };
};
const targetOf = (r: OutboxRow) => requestConversation(r.request).id;

describe('nextBatch', () => {
  it('takes due direct and group rows in outbox order, never Aura or failed ones', () => {
    const rows = [row('direct', 'a'), row('aura', 'x'), row('group', 'g'), row('direct', 'b', { status: 'failed' }), row('direct', 'a')];
    expect(nextBatch(rows, 0).map((r) => r.order)).toEqual([rows[0]!.order, rows[2]!.order, rows[4]!.order]);
  });

  it('skips a whole conversation behind a row that is not due, so nothing overtakes it', () => {
    const rows = [row('direct', 'a', { nextAttemptAt: 500 }), row('group', 'g'), row('direct', 'a')];
    expect(nextBatch(rows, 100).map(targetOf)).toEqual(['g']);
    expect(nextBatch(rows, 500).map(targetOf)).toEqual(['a', 'g', 'a']);
  });

  it('stops at the item limit and at the size limit (but always takes one)', () => {
    const many = Array.from({ length: 250 }, () => row('direct', 'a'));
    expect(nextBatch(many, 0)).toHaveLength(100);
    const long = Array.from({ length: 5 }, () => row('direct', 'a', { text: 'x'.repeat(90_000) }));
    expect(nextBatch(long, 0)).toHaveLength(2);
    expect(nextBatch([row('direct', 'a', { text: 'x'.repeat(300_000) })], 0)).toHaveLength(1);
  });
});

describe('auraLanes and nextWakeUp', () => {
  it('gives each Aura chat its own lane, in order', () => {
    const rows = [row('aura', 'x'), row('direct', 'a'), row('aura', 'y'), row('aura', 'x')];
    expect(auraLanes(rows).map((lane) => lane.map((r) => r.order))).toEqual([[rows[0]!.order, rows[3]!.order], [rows[2]!.order]]);
  });

  it('answers the earliest future attempt, or null', () => {
    expect(nextWakeUp([row('direct', 'a'), row('direct', 'b', { nextAttemptAt: 900 }), row('aura', 'x', { nextAttemptAt: 700 })], 100)).toBe(700);
    expect(nextWakeUp([row('direct', 'a'), row('direct', 'b', { status: 'failed', nextAttemptAt: 900 })], 100)).toBeNull();
  });
});

describe('deriveStatus', () => {
  const facts = (change: Partial<SyncFacts>): SyncFacts => ({
    browserOnline: true, connection: 'online', pending: 0, catchingUp: false, sendError: null, syncError: null, ...change,
  });
  it('tells offline, error, sending, connecting and up to date apart', () => {
    expect(deriveStatus(facts({ browserOnline: false, pending: 3 }))).toEqual({ kind: 'offline', pending: 3 });
    expect(deriveStatus(facts({ pending: 2, sendError: 'Server busy (503)' }))).toEqual({ kind: 'error', pending: 2, reason: 'Server busy (503)' });
    expect(deriveStatus(facts({ syncError: 'timeout' }))).toEqual({ kind: 'error', pending: 0, reason: 'timeout' });
    expect(deriveStatus(facts({ pending: 12, connection: 'reconnecting' }))).toEqual({ kind: 'sending', pending: 12 });
    expect(deriveStatus(facts({ connection: 'connecting' }))).toEqual({ kind: 'connecting', pending: 0 });
    expect(deriveStatus(facts({ catchingUp: true }))).toEqual({ kind: 'connecting', pending: 0 });
    expect(deriveStatus(facts({}))).toEqual({ kind: 'up-to-date', pending: 0 });
  });
});
