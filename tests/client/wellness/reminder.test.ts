/**
 * The daily check-in reminder (docs/decisions/wellness.md): when it is due, how long until the
 * next one, and that at its time a notification shows only on a day without a check-in.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCheckIn } from '../../../src/client/features/wellness/checkins';
import { isDue, msUntil, readReminder, setReminder, watchReminder } from '../../../src/client/features/wellness/reminder';
import { freshDb } from '../sync/fixtures';

describe('the reminder’s time', () => {
  it('is due from its minute on, and the next one is tomorrow once it has passed', () => {
    const at = (h: number, m: number) => new Date(2026, 10, 27, h, m);
    expect(isDue('20:00', at(19, 59))).toBe(false);
    expect(isDue('20:00', at(20, 0))).toBe(true);
    expect(msUntil('20:00', at(19, 30))).toBe(30 * 60_000);
    expect(msUntil('20:00', at(20, 0))).toBe(24 * 60 * 60_000);
    expect(msUntil('08:15', at(22, 15))).toBe(10 * 60 * 60_000);
  });

  it('keeps only a valid time', () => {
    setReminder('25:00');
    expect(readReminder()).toBeNull();
    setReminder('07:30');
    expect(readReminder()).toBe('07:30');
    setReminder(null);
    expect(readReminder()).toBeNull();
  });
});

describe('at the reminder’s time', () => {
  const shown: string[] = [];
  beforeEach(() => {
    shown.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 19, 0));
    Object.defineProperty(globalThis, 'Notification', { value: { permission: 'granted' }, configurable: true });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ showNotification: async (title: string) => { shown.push(title); } }) },
    });
  });
  afterEach(() => {
    setReminder(null);
    vi.useRealTimers();
  });

  it('shows a notification on a day without a check-in, none on a day with one', async () => {
    const db = freshDb();
    setReminder('20:00');
    const stop = watchReminder(db);
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(shown).toEqual(['Time for a check-in?']));
    // The next day, checked in before the time: nothing.
    await vi.advanceTimersByTimeAsync(12 * 60 * 60_000);
    await saveCheckIn(db, { mood: 4 });
    await vi.advanceTimersByTimeAsync(12 * 60 * 60_000);
    expect(shown).toHaveLength(1);
    stop();
  });
});
