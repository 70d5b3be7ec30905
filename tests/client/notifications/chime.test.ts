/**
 * The unread total on the title, and the chime (docs/decisions/notifications.md): a device database
 * (fake-indexeddb) receives messages as a catch-up or a live arrival would store them.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HavenDb } from '../../../src/client/db/database';
import { rememberChime } from '../../../src/client/features/notifications/chime';
import { watchUnread } from '../../../src/client/features/notifications/unreadBadge';
import { fromDirect } from '../../../src/client/sync/merge';
import { freshDb, OTHER } from '../sync/fixtures';

let db: HavenDb;
let stop: (() => void) | undefined;
const vibrate = vi.fn(() => true);

beforeEach(() => {
  db = freshDb();
  vibrate.mockClear();
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  document.title = 'Dashboard · Haven';
});
afterEach(() => {
  stop?.();
  rememberChime(false);
});

const put = (seq: number, from = OTHER) => db.messages.put(fromDirect({
  _id: seq.toString(16).padStart(24, '0'), senderId: from, receiverId: from === OTHER ? db.userId : OTHER, text: `m${seq}`, image: null, seq, clientId: `cid-${seq}-abcdef`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
}, db.userId));

/**
 * The watcher recounts a second after changes settle. The wait allows for a loaded machine: with
 * the crisis evaluation running beside the suite it once took over 4 s.
 */
const counted = (n: number) => vi.waitFor(() => expect(document.title).toBe(n > 0 ? `(${n}) Dashboard · Haven` : 'Dashboard · Haven'), { timeout: 10_000 });

describe('the unread total and the chime', () => {
  it('counts on the title; with the chime on, a rise sounds once, the first count and a fall do not', async () => {
    rememberChime(true);
    await put(1);
    stop = watchUnread(db);
    await counted(1);
    expect(vibrate).not.toHaveBeenCalled();
    await put(2);
    await counted(2);
    expect(vibrate).toHaveBeenCalledTimes(1);
    // A reply reads what came before: the total falls, silently.
    await put(3, db.userId);
    await counted(0);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('is silent when off (the default) and when Haven is not in view', async () => {
    stop = watchUnread(db);
    await counted(0);
    await put(1);
    await counted(1);
    rememberChime(true);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await put(2);
    await counted(2);
    expect(vibrate).not.toHaveBeenCalled();
  });
});
