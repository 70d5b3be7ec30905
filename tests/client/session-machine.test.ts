import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/shared/api';
import { INITIAL_SESSION, knownEnough, transition, viewOf, type SessionEvent, type SessionState } from '../../src/client/features/auth/session-machine';

const ana = { _id: 'a'.repeat(24), fullName: 'Ana' } as AuthUser;
const ben = { _id: 'b'.repeat(24), fullName: 'Ben' } as AuthUser;

/** Begins a change and finishes it at once, as a change that needs no waiting does. */
function run(state: SessionState, finish: (version: number) => SessionEvent): SessionState {
  const begun = transition(state, { type: 'begin' });
  return transition(begun, finish(begun.version));
}

describe('the session machine', () => {
  it('checks, shows a returning person meanwhile, then settles on the answer', () => {
    const shell = run(INITIAL_SESSION, (version) => ({ type: 'shell-shown', version, user: ana }));
    expect(viewOf(shell)).toEqual({ user: ana, checking: true, offline: false });
    const checked = run(shell, (version) => ({ type: 'signed-in', version, user: ana, offline: false }));
    expect(viewOf(checked)).toEqual({ user: ana, checking: false, offline: false });
    const offline = run(shell, (version) => ({ type: 'signed-in', version, user: ana, offline: true }));
    expect(viewOf(offline)).toEqual({ user: ana, checking: false, offline: true });
    expect(viewOf(run(shell, (version) => ({ type: 'signed-out', version })))).toEqual({ user: null, checking: false, offline: false });
  });

  it('ignores an event begun before a newer change: a slow sign-in never undoes a later one', () => {
    const first = transition(INITIAL_SESSION, { type: 'begin' });
    const second = transition(first, { type: 'begin' });
    // Ben's sign-in was begun last and lands first; Ana's, begun earlier, arrives late.
    const ben1 = transition(second, { type: 'signed-in', version: second.version, user: ben, offline: false });
    const late = transition(ben1, { type: 'signed-in', version: first.version, user: ana, offline: false });
    expect(late).toBe(ben1);
    expect(viewOf(late).user).toBe(ben);
  });

  it('shows no cached shell once the check has ended', () => {
    const out = run(INITIAL_SESSION, (version) => ({ type: 'signed-out', version }));
    expect(run(out, (version) => ({ type: 'shell-shown', version, user: ana })).phase).toBe('signed-out');
  });

  it('lets the router decide at once only when it need not wait for the network', () => {
    expect(knownEnough(INITIAL_SESSION, false)).toBe(false);
    expect(knownEnough(INITIAL_SESSION, true)).toBe(false);
    const shell = run(INITIAL_SESSION, (version) => ({ type: 'shell-shown', version, user: ana }));
    expect(knownEnough(shell, true)).toBe(true);
    expect(knownEnough(run(INITIAL_SESSION, (version) => ({ type: 'signed-out', version })), false)).toBe(true);
  });
});
