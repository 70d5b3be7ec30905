/**
 * A sign-in resumes notifications on this device once the browser is idle (features/auth/session.ts):
 * never before, and never for someone who signed out, or was followed by another sign-in, in the
 * meantime. The real session module on jsdom (no idle callbacks: the wait is a timer), the
 * notifications module replaced so its calls can be counted.
 */
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../src/shared/api';

const resume = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../../src/client/features/notifications/device', () => ({ resume }));

const { setUser } = await import('../../../src/client/features/auth/session');

// Pending professionals get no socket and no sync: nothing here reaches for a network.
const person = (id: string): AuthUser => ({
  _id: id, fullName: `Pat ${id.slice(-1)}`, email: `${id}@example.com`, role: 'therapist', status: 'pending',
  profilePic: '', referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '',
  createdAt: '2026-01-02T03:04:05.000Z',
});
const ONE = person('0123456789abcdef01234561');
const TWO = person('0123456789abcdef01234562');
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  localStorage.clear();
  resume.mockClear();
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
});

afterEach(async () => {
  await setUser(null);
  vi.unstubAllGlobals();
});

describe('notifications resumed on a sign-in', () => {
  it('resume after the sign-in, once the browser is free, not during it', async () => {
    const shown = setUser(ONE);
    expect(resume).not.toHaveBeenCalled();
    await shown;
    await vi.waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
  });

  it('are not resumed for someone who signed out before the browser was free', async () => {
    void setUser(ONE);
    await setUser(null);
    await settled();
    expect(resume).not.toHaveBeenCalled();
  });

  it('are resumed once, for the newer person, when a second sign-in follows at once', async () => {
    void setUser(ONE);
    await setUser(TWO);
    await vi.waitFor(() => expect(resume).toHaveBeenCalled());
    await settled();
    expect(resume).toHaveBeenCalledTimes(1);
  });
});
