/**
 * Who is typing where, from the socket's `typing` events (docs/decisions/receipts-and-typing.md).
 * An entry goes after TYPING_SHOW_MS without a fresh event (a typist's device repeats every
 * TYPING_REPEAT_MS, so a lost "stopped" never leaves it for long), on a "stopped", or when that
 * person's message arrives. Nothing of it is stored.
 */
import { TYPING_SHOW_MS } from '../../shared/message-rules';
import { conversationKey } from '../../shared/conversation';
import type { Typing } from '../../shared/realtime';
import { createStore, type Store } from '../state/store';

export interface Typist { userId: string; name: string }

/** Conversation key → the people typing there, oldest first. */
export type TypingNow = ReadonlyMap<string, readonly Typist[]>;

const NOBODY: readonly Typist[] = [];

export class TypingPeople {
  readonly store: Store<TypingNow> = createStore<TypingNow>(new Map());
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly me: string) {}

  heard(typing: Typing): void {
    if (typing.userId === this.me) return;
    const key = conversationKey({ kind: typing.kind, id: typing.id });
    if (!typing.active) {
      this.gone(key, typing.userId);
      return;
    }
    const timer = `${key} ${typing.userId}`;
    clearTimeout(this.timers.get(timer));
    this.timers.set(timer, setTimeout(() => this.gone(key, typing.userId), TYPING_SHOW_MS));
    this.store.set((now) => {
      const here = now.get(key) ?? NOBODY;
      const at = here.findIndex((t) => t.userId === typing.userId);
      if (at >= 0 && here[at]!.name === typing.name) return now;
      const next = at >= 0 ? here.map((t, i) => (i === at ? { userId: t.userId, name: typing.name } : t)) : [...here, { userId: typing.userId, name: typing.name }];
      return new Map(now).set(key, next);
    });
  }

  /** That person stopped, or their message arrived. */
  gone(key: string, userId: string): void {
    const timer = `${key} ${userId}`;
    clearTimeout(this.timers.get(timer));
    this.timers.delete(timer);
    this.store.set((now) => {
      const here = now.get(key);
      if (!here?.some((t) => t.userId === userId)) return now;
      const next = new Map(now);
      const rest = here.filter((t) => t.userId !== userId);
      if (rest.length) next.set(key, rest);
      else next.delete(key);
      return next;
    });
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.store.set(new Map());
  }
}

export const typistsIn = (now: TypingNow, key: string): readonly Typist[] => now.get(key) ?? NOBODY;
