/**
 * "Alex is typing…" above the composer while someone else in the conversation types
 * (docs/decisions/receipts-and-typing.md). It takes no height: the line floats over the foot of
 * the message list, so nothing jumps when it appears or goes. The live region is always there (a
 * region added with its text is often not read out); nobody the person blocks is ever named.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { conversationKey, type ConversationRef } from '../../../shared/conversation';
import { useEngine } from '../../sync/current';
import { typistsIn, type Typist } from '../../sync/typing';
import { useBlockedIds } from '../safety/hooks';

export function typingText(typists: readonly Pick<Typist, 'name'>[]): string {
  if (typists.length === 0) return '';
  if (typists.length === 1) return `${typists[0]!.name} is typing…`;
  if (typists.length === 2) return `${typists[0]!.name} and ${typists[1]!.name} are typing…`;
  return 'Several people are typing…';
}

const NOBODY = () => () => undefined;
const NONE: readonly Typist[] = [];

export function TypingIndicator({ conversation }: { conversation: ConversationRef }) {
  const people = useEngine()?.typingPeople;
  const key = conversationKey(conversation);
  const blocked = useBlockedIds();
  const here = useSyncExternalStore(people?.store.subscribe ?? NOBODY, useCallback(() => (people ? typistsIn(people.store.get(), key) : NONE), [people, key]));
  const text = typingText(here.filter((t) => !blocked.has(t.userId)));
  return (
    <div className="pointer-events-none relative h-0 shrink-0">
      <div role="status" aria-live="polite" data-testid="typing" className="absolute inset-x-0 bottom-0 px-4">
        {text && <span className="inline-block max-w-full truncate rounded-t-md bg-base-100 px-2 py-0.5 text-xs italic">{text}</span>}
      </div>
    </div>
  );
}
