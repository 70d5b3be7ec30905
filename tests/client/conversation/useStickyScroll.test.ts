/** The "New messages" pill and the scroll decisions, with a stand-in for Virtuoso's handle. */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VirtuosoHandle } from 'react-virtuoso';
import { FIRST_ITEM_INDEX } from '../../../src/client/features/conversation/listChanges';
import { useStickyScroll } from '../../../src/client/features/conversation/useStickyScroll';

interface Item { key: string; ownNew?: boolean }
const keyOf = (i: Item) => i.key;
const isOwnNew = (i: Item) => Boolean(i.ownNew);
const list = (...keys: string[]): Item[] => keys.map((key) => ({ key }));

function setup(initial: Item[]) {
  const hook = renderHook(({ items }) => useStickyScroll(items, keyOf, isOwnNew), { initialProps: { items: initial } });
  const handle = { scrollToIndex: vi.fn(), autoscrollToBottom: vi.fn() };
  hook.result.current.handle.current = handle as unknown as VirtuosoHandle;
  return { ...hook, handle };
}

describe('useStickyScroll', () => {
  it('shows the pill when a message arrives below a reader scrolled up; clicking it goes down and hides it', () => {
    const { result, rerender, handle } = setup(list('a', 'b'));
    act(() => result.current.onAtBottom(false));
    rerender({ items: list('a', 'b', 'c') });
    expect(result.current.unseen).toBe(true);
    // Not pulled down: Virtuoso is told not to follow.
    expect(result.current.followOutput(false)).toBe(false);
    expect(handle.scrollToIndex).not.toHaveBeenCalled();
    act(() => result.current.jumpToBottom());
    expect(handle.scrollToIndex).toHaveBeenCalledWith({ index: 'LAST', align: 'end' });
    expect(result.current.unseen).toBe(false);
  });

  it('hides the pill when the reader scrolls down to the bottom themselves', () => {
    const { result, rerender } = setup(list('a'));
    act(() => result.current.onAtBottom(false));
    rerender({ items: list('a', 'b') });
    act(() => result.current.onAtBottom(true));
    expect(result.current.unseen).toBe(false);
  });

  it('at the bottom, follows new rows and rows that grew, and shows no pill', () => {
    const { result, rerender, handle } = setup(list('a'));
    rerender({ items: list('a', 'b') });
    expect(result.current.unseen).toBe(false);
    expect(result.current.followOutput(true)).toBe('auto');
    handle.autoscrollToBottom.mockClear();
    rerender({ items: list('a', 'b') });
    rerender({ items: [...list('a'), { key: 'b', ownNew: false }] });
    expect(handle.autoscrollToBottom).toHaveBeenCalled();
  });

  it('follows to the bottom when this person sends, wherever they were', () => {
    const { result, rerender } = setup(list('a'));
    act(() => result.current.onAtBottom(false));
    rerender({ items: list('a', 'b') });
    expect(result.current.unseen).toBe(true);
    rerender({ items: [...list('a', 'b'), { key: 'mine', ownNew: true }] });
    expect(result.current.followOutput(false)).toBe('auto');
    expect(result.current.unseen).toBe(false);
  });

  it('older messages paged in above lower firstItemIndex and are not news', () => {
    const { result, rerender } = setup(list('c', 'd'));
    act(() => result.current.onAtBottom(false));
    rerender({ items: list('a', 'b', 'c', 'd') });
    expect(result.current.firstItemIndex).toBe(FIRST_ITEM_INDEX - 2);
    expect(result.current.unseen).toBe(false);
  });
});
