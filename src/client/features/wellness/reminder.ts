/**
 * The daily check-in reminder (docs/decisions/wellness.md), a setting of this device. At the
 * chosen time, if there is no check-in yet today, a notification shows through the service
 * worker while Haven is open or in the background and notifications are allowed; whenever Haven
 * is opened after that time on such a day, the dashboard says so instead. The web has no way to
 * wake a closed app at a set time without a server, so a closed Haven relies on the nudge.
 */
import { useSyncExternalStore } from 'react';
import type { HavenDb } from '../../db/database';
import { LOCAL_KEYS } from '../../state/local-keys';
import { localDay } from './checkins';

const CHANGED = 'haven-reminder-changed';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function readReminder(): string | null {
  const value = localStorage.getItem(LOCAL_KEYS.checkInReminder);
  return value && TIME.test(value) ? value : null;
}

export function setReminder(time: string | null): void {
  if (time && TIME.test(time)) localStorage.setItem(LOCAL_KEYS.checkInReminder, time);
  else localStorage.removeItem(LOCAL_KEYS.checkInReminder);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export const useReminder = () => useSyncExternalStore(subscribe, readReminder, () => null);

/** Today at `time`, local. */
function todayAt(time: string, now: Date): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m);
}

export const isDue = (time: string, now: Date) => now >= todayAt(time, now);

/** Milliseconds until the next `time` (tomorrow's when today's has passed). */
export function msUntil(time: string, now: Date): number {
  const at = todayAt(time, now);
  if (at <= now) at.setDate(at.getDate() + 1);
  return at.getTime() - now.getTime();
}

export const checkedInToday = async (db: HavenDb, now = new Date()) => (await db.checkIns.where('day').equals(localDay(now)).count()) > 0;

async function remind(db: HavenDb): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || await checkedInToday(db)) return;
  const registration = await navigator.serviceWorker?.getRegistration();
  await registration?.showNotification('Time for a check-in?', {
    body: 'How are you feeling today? Two taps, kept on this device.', tag: 'check-in-reminder', data: { url: '/dashboard' },
  });
}

/** Keeps the next reminder scheduled while the tab lives; follows changes of the setting. */
export function watchReminder(db: HavenDb): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const time = readReminder();
    if (!time) return;
    timer = setTimeout(() => {
      void remind(db).catch((error: unknown) => console.error('Haven: no reminder shown', error)).finally(schedule);
    }, msUntil(time, new Date()));
  };
  const stop = subscribe(schedule);
  schedule();
  return () => {
    clearTimeout(timer);
    stop();
  };
}
