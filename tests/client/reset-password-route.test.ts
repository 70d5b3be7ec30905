import { describe, expect, it } from 'vitest';
import { finalRedirect, guard, type GuardUser } from '../../src/client/features/auth/guard';

const people: GuardUser[] = [
  null,
  { role: 'user', status: 'verified' },
  { role: 'therapist', status: 'pending' },
  { role: 'admin', status: 'verified' },
];

describe('/reset-password in the route access table', () => {
  it('is open to everyone: the person with a code is signed out, and a shared device may have someone else signed in', () => {
    for (const person of people) {
      expect(guard('/reset-password', person, false)).toBeNull();
      expect(guard('/reset-password/', person, false)).toBeNull();
      expect(finalRedirect('/reset-password?x=1', person)).toBeNull();
    }
  });

  it('still waits for the session check like every route', () => {
    expect(guard('/reset-password', null, true)).toBe('spinner');
  });
});
