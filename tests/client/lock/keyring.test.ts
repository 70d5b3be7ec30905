/**
 * When the unlocked key is forgotten: after the chosen idle time, when the app goes to the
 * background, when the page goes away and when the database closes (sign-out); and not while a
 * recovery code is on screen.
 */
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkIdle, forget, hold, keyFor, pauseLock, setIdleMinutes } from '../../../src/client/features/lock/keyring';
import { generateDataKey } from '../../../src/client/features/lock/keys';
import { deleteAll, freshDb } from './fixtures';

const record = { keyId: 'k1', idleMinutes: 5 };

async function unlocked() {
  const db = freshDb();
  await db.open();
  hold(db, record, await generateDataKey());
  return db;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(async () => {
  forget();
  setVisibility('visible');
  vi.useRealTimers();
  await deleteAll();
});

describe('the unlocked key', () => {
  it('is given only for its own database and lock', async () => {
    const db = await unlocked();
    expect(keyFor(db, record)).not.toBeNull();
    expect(keyFor(db, { keyId: 'another lock' })).toBeNull();
    expect(keyFor(freshDb(), record)).toBeNull();
    expect(keyFor(db, null)).toBeNull();
  });

  it('is forgotten after the idle time; activity keeps it; the time can be changed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T12:00:00Z').getTime();
    vi.setSystemTime(start);
    const db = await unlocked();
    checkIdle(start + 4 * 60_000);
    expect(keyFor(db, record)).not.toBeNull();
    vi.setSystemTime(start + 4 * 60_000);
    globalThis.dispatchEvent(new Event('keydown'));
    checkIdle(start + 8 * 60_000);
    expect(keyFor(db, record)).not.toBeNull();
    setIdleMinutes(1);
    checkIdle(start + 5 * 60_000 + 1);
    expect(keyFor(db, record)).toBeNull();
  });

  it('is forgotten when the app goes to the background, unless a recovery code is on screen', async () => {
    const db = await unlocked();
    const resume = pauseLock();
    setVisibility('hidden');
    expect(keyFor(db, record)).not.toBeNull();
    checkIdle(Date.now() + 60 * 60_000);
    expect(keyFor(db, record)).not.toBeNull();
    resume();
    setVisibility('visible');
    setVisibility('hidden');
    expect(keyFor(db, record)).toBeNull();
  });

  it('is forgotten when the page goes away and when the database closes (sign-out)', async () => {
    let db = await unlocked();
    globalThis.dispatchEvent(new Event('pagehide'));
    expect(keyFor(db, record)).toBeNull();
    db = await unlocked();
    db.close();
    checkIdle();
    expect(keyFor(db, record)).toBeNull();
  });
});
