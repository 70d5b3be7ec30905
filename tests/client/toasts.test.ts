import { describe, expect, it } from 'vitest';
import { toastsOverLimit } from '../../src/client/ui/Toasts';
import { therapistCardTitle } from '../../src/client/features/dashboard/DashboardPage';

describe('toast limit', () => {
  it('keeps the 20 newest visible toasts', () => {
    const toasts = Array.from({ length: 25 }, (_, i) => ({ id: `t${i}`, visible: true }));
    expect(toastsOverLimit(toasts)).toEqual(['t20', 't21', 't22', 't23', 't24']);
    expect(toastsOverLimit(toasts.slice(0, 20))).toEqual([]);
  });
  it('ignores toasts already leaving', () => {
    const toasts = Array.from({ length: 22 }, (_, i) => ({ id: `t${i}`, visible: i % 11 !== 0 }));
    expect(toastsOverLimit(toasts)).toEqual([]);
  });
});

describe('dashboard therapist card', () => {
  it('is titled by role', () => {
    expect(therapistCardTitle('therapist')).toBe('Chat with Clients');
    expect(therapistCardTitle('ngo')).toBe('Chat with Referred Users');
    expect(therapistCardTitle('volunteer')).toBe('Chat with Referred Users');
    expect(therapistCardTitle('user')).toBe('Chat with Therapist');
    expect(therapistCardTitle('admin')).toBe('Chat with Therapist');
  });
});
