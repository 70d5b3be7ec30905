/**
 * The unlocked data key, held only in this tab's memory (never stored), and forgotten when the
 * person locks it, after the chosen idle time, when the app goes to the background, when the page
 * goes away and when the database closes (sign-out). Another tab, or a reload, asks again.
 */
import type { HavenDb } from '../../db/database';
import { createStore, useStore } from '../../state/store';
import type { LockRecord } from './keys';

interface Held {
  db: HavenDb;
  keyId: string;
  key: CryptoKey;
  idleMs: number;
  /** The recovery code this tab was unlocked with, until a new passcode is chosen (or it locks). */
  recovered: string | null;
  /**
   * A recovery code just made and not yet acknowledged: kept here rather than in a component, so
   * a screen that re-renders or is left meanwhile cannot lose the only showing of it.
   */
  newCode: string | null;
}

const held = createStore<Held | null>(null);
/** Reasons the background and idle locks wait (a recovery code on screen, a file picker open). */
const pauses = new Set<symbol>();
let lastActive = 0;
let ticker: ReturnType<typeof setInterval> | undefined;

const TICK_MS = 5_000;
/** How long a file picker may keep the page hidden before the lock applies again. */
const PICKER_GRACE_MS = 120_000;

const onActivity = () => {
  lastActive = Date.now();
};
const onHidden = () => {
  if (document.visibilityState === 'hidden' && pauses.size === 0) forget();
};
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

function watch(): void {
  if (ticker !== undefined) return;
  for (const type of ACTIVITY) globalThis.addEventListener(type, onActivity, { capture: true, passive: true });
  document.addEventListener('visibilitychange', onHidden);
  globalThis.addEventListener('pagehide', forget);
  ticker = setInterval(() => checkIdle(), TICK_MS);
}

function unwatch(): void {
  for (const type of ACTIVITY) globalThis.removeEventListener(type, onActivity, { capture: true });
  document.removeEventListener('visibilitychange', onHidden);
  globalThis.removeEventListener('pagehide', forget);
  clearInterval(ticker);
  ticker = undefined;
}

/** Keeps `key` as the data key of `db` under this lock record, and starts the watch that forgets it. */
export function hold(db: HavenDb, record: Pick<LockRecord, 'keyId' | 'idleMinutes'>, key: CryptoKey): void {
  lastActive = Date.now();
  held.set({ db, keyId: record.keyId, key, idleMs: record.idleMinutes * 60_000, recovered: null, newCode: null });
  watch();
}

/** Locks: the key goes (the page's live queries then show the lock screen). */
export function forget(): void {
  pauses.clear();
  unwatch();
  held.set(null);
}

/** Forgets the key once idle for the chosen time, or once its database has closed (signed out). */
export function checkIdle(now = Date.now()): void {
  const h = held.get();
  if (!h) return;
  if (!h.db.isOpen()) forget();
  else if (pauses.size === 0 && now - lastActive >= h.idleMs) forget();
}

/** The data key for this database and lock, or null when locked (or the lock is off). */
export function keyFor(db: HavenDb, record: Pick<LockRecord, 'keyId'> | null | undefined): CryptoKey | null {
  const h = held.get();
  return record && h && h.db === db && h.keyId === record.keyId ? h.key : null;
}

export function setIdleMinutes(minutes: number): void {
  held.set((h) => (h ? { ...h, idleMs: minutes * 60_000 } : h));
}

/**
 * Holds off the background and idle locks until the returned function is called: while a recovery
 * code is on screen (the person may switch to another app to write it down).
 */
export function pauseLock(): () => void {
  const reason = Symbol('pause');
  pauses.add(reason);
  return () => {
    pauses.delete(reason);
    lastActive = Date.now();
  };
}

/** A file picker hides the page on phones: that one hiding must not lock the diary mid-import. */
export function pauseForPicker(): void {
  const resume = pauseLock();
  const done = () => {
    globalThis.removeEventListener('focus', done);
    setTimeout(() => {
      resume();
      // The picker closed (or never opened) with the page still in the background: lock as usual.
      if (document.visibilityState === 'hidden') forget();
    }, 500);
  };
  globalThis.addEventListener('focus', done);
  setTimeout(done, PICKER_GRACE_MS);
}

/** The held key (null when locked), for a live query's deps: it changes on lock and unlock only. */
export function useHeld(): unknown {
  return useStore(held)?.key ?? null;
}

/** Unlocked with the recovery code: kept (in memory, with the key) so a new passcode can be set from it. */
export function noteRecovered(code: string | null): void {
  held.set((h) => (h ? { ...h, recovered: code } : h));
}

export function useRecovered(): string | null {
  return useStore(held)?.recovered ?? null;
}

export function noteNewCode(code: string | null): void {
  held.set((h) => (h ? { ...h, newCode: code } : h));
}

export function useNewCode(): string | null {
  return useStore(held)?.newCode ?? null;
}
