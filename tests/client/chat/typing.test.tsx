/**
 * Typing (docs/decisions/receipts-and-typing.md) on the device: who is typing where, expiring
 * without a fresh event, on "stopped" and when their message arrives; the words the indicator
 * says; and the signal the composer drives: repeated at most every TYPING_REPEAT_MS, "stopped"
 * once, on unmount too, keyed by the conversation rather than the object passed.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_REPEAT_MS, TYPING_SHOW_MS } from '../../../src/shared/message-rules';
import type { TypingInput } from '../../../src/shared/messaging';
import { TypingPeople, typistsIn } from '../../../src/client/sync/typing';
import { typingText } from '../../../src/client/features/chat/TypingIndicator';

const sent: TypingInput[] = [];
const engine = { sendTyping: (t: TypingInput) => sent.push(t) };
vi.mock('../../../src/client/sync/current', () => ({ useEngine: () => engine }));
const { useTypingSignal } = await import('../../../src/client/features/chat/useTyping');

const ME = 'a'.repeat(24);
const ALEX = 'b'.repeat(24);
const SAM = 'c'.repeat(24);
const GROUP = 'd'.repeat(24);

beforeEach(() => {
  vi.useFakeTimers();
  sent.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('who is typing', () => {
  it('shows a typist until TYPING_SHOW_MS pass without a fresh event; a fresh one keeps them', () => {
    const people = new TypingPeople(ME);
    people.heard({ kind: 'direct', id: ALEX, userId: ALEX, name: 'Alex', active: true });
    expect(typistsIn(people.store.get(), `dm:${ALEX}`)).toEqual([{ userId: ALEX, name: 'Alex' }]);
    vi.advanceTimersByTime(TYPING_SHOW_MS - 1000);
    people.heard({ kind: 'direct', id: ALEX, userId: ALEX, name: 'Alex', active: true });
    vi.advanceTimersByTime(TYPING_SHOW_MS - 1000);
    expect(typistsIn(people.store.get(), `dm:${ALEX}`)).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(typistsIn(people.store.get(), `dm:${ALEX}`)).toEqual([]);
  });

  it('drops a typist on "stopped" and when their message arrives, per conversation, and never lists me', () => {
    const people = new TypingPeople(ME);
    const group = (userId: string, name: string, active = true) => people.heard({ kind: 'group', id: GROUP, userId, name, active });
    group(ALEX, 'Alex');
    group(SAM, 'Sam');
    group(ME, 'Me');
    expect(typistsIn(people.store.get(), `group:${GROUP}`).map((t) => t.name)).toEqual(['Alex', 'Sam']);
    group(ALEX, 'Alex', false);
    expect(typistsIn(people.store.get(), `group:${GROUP}`).map((t) => t.name)).toEqual(['Sam']);
    people.gone(`group:${GROUP}`, SAM);
    expect(people.store.get().size).toBe(0);
  });

  it('says one name, two names, or several people', () => {
    expect(typingText([])).toBe('');
    expect(typingText([{ name: 'Alex' }])).toBe('Alex is typing…');
    expect(typingText([{ name: 'Alex' }, { name: 'Sam' }])).toBe('Alex and Sam are typing…');
    expect(typingText([{ name: 'Alex' }, { name: 'Sam' }, { name: 'Kim' }])).toBe('Several people are typing…');
  });
});

describe('the typing signal', () => {
  it('sends at most once per TYPING_REPEAT_MS while typing, "stopped" once, and "stopped" on unmount', () => {
    const { result, rerender, unmount } = renderHook(() => useTypingSignal({ kind: 'direct', id: SAM }));
    act(() => result.current(true));
    rerender();
    act(() => result.current(true));
    act(() => result.current(true));
    expect(sent).toEqual([{ kind: 'direct', id: SAM, active: true }]);
    vi.advanceTimersByTime(TYPING_REPEAT_MS);
    act(() => result.current(true));
    expect(sent).toHaveLength(2);
    act(() => result.current(false));
    act(() => result.current(false));
    expect(sent.at(-1)).toEqual({ kind: 'direct', id: SAM, active: false });
    expect(sent).toHaveLength(3);
    act(() => result.current(true));
    unmount();
    expect(sent.slice(-2)).toEqual([{ kind: 'direct', id: SAM, active: true }, { kind: 'direct', id: SAM, active: false }]);
  });

  it('says nothing for Aura, nor "stopped" when nothing was started', () => {
    const { result, unmount } = renderHook(() => useTypingSignal({ kind: 'aura', id: SAM }));
    act(() => result.current(true));
    const quiet = renderHook(() => useTypingSignal({ kind: 'group', id: GROUP }));
    quiet.unmount();
    unmount();
    expect(sent).toEqual([]);
  });
});
