/**
 * Who is signed in on this device, as an explicit state machine: a pure transition function over
 * a closed set of phases and named events, unit-tested on its own. session.ts feeds it what the
 * server, the device and the person say; screens and the router read the state it holds.
 *
 *   checking ──shell-shown──▶ checking (a returning person's cached profile on screen meanwhile)
 *   checking | signed-in | signed-out ──signed-in──▶ signed-in (online, or from the device when offline)
 *   checking | signed-in | signed-out ──signed-out──▶ signed-out
 *
 * A change is begun (`begin`, which counts it in `version`) before the work it needs (the person's
 * engine loading, the start-up check's answer), and its event carries the version it was begun in.
 * An event from an older version than the current one is stale and changes nothing: a late answer
 * never undoes a newer sign-in or sign-out.
 */
import type { AuthUser } from '../../../shared/api';

export type SessionPhase =
  /** The start-up check has not answered; `user` is the returning person shown from the device meanwhile, if any. */
  | { phase: 'checking'; user: AuthUser | null }
  /** `offline`: the server could not be asked, and the person carries on from the device. */
  | { phase: 'signed-in'; user: AuthUser; offline: boolean }
  | { phase: 'signed-out'; user: null };

export type SessionState = SessionPhase & { version: number };

export type SessionEvent =
  | { type: 'begin' }
  | { type: 'shell-shown'; version: number; user: AuthUser }
  | { type: 'signed-in'; version: number; user: AuthUser; offline: boolean }
  | { type: 'signed-out'; version: number };

export const INITIAL_SESSION: SessionState = { phase: 'checking', user: null, version: 0 };

/** The next state, or the same one when the event is stale or does not apply (a shell after the check ended). */
export function transition(state: SessionState, event: SessionEvent): SessionState {
  if (event.type === 'begin') return { ...state, version: state.version + 1 };
  if (event.version !== state.version) return state;
  const { version } = state;
  switch (event.type) {
    case 'shell-shown':
      return state.phase === 'checking' ? { phase: 'checking', user: event.user, version } : state;
    case 'signed-in':
      return { phase: 'signed-in', user: event.user, offline: event.offline, version };
    case 'signed-out':
      return { phase: 'signed-out', user: null, version };
  }
}

/** The view every screen reads: who, whether the check is still running, whether offline. */
export interface Session {
  user: AuthUser | null;
  checking: boolean;
  offline: boolean;
}

export const viewOf = (s: SessionState): Session =>
  ({ user: s.user, checking: s.phase === 'checking', offline: s.phase === 'signed-in' && s.offline });

/**
 * Whether the router may decide on this state without waiting for the network: the check ended,
 * or a person is on screen. With nobody remembered on the device, only the check's end will do.
 */
export const knownEnough = (s: SessionState, remembersSomeone: boolean): boolean =>
  s.phase !== 'checking' || (remembersSomeone && s.user !== null);
