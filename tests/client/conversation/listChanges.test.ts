import { describe, expect, it } from 'vitest';
import { arrivalOf, FIRST_ITEM_INDEX, nextFirstItemIndex } from '../../../src/client/features/conversation/listChanges';

interface Item { key: string; mine?: boolean; pending?: boolean }
const items = (...keys: string[]): Item[] => keys.map((key) => ({ key }));
const keyOf = (i: Item) => i.key;
const ownNew = (i: Item) => Boolean(i.mine && i.pending);

describe('firstItemIndex', () => {
  it('drops by the number of rows prepended, so the rows that stay keep their index', () => {
    expect(nextFirstItemIndex(items('c', 'd'), FIRST_ITEM_INDEX, items('a', 'b', 'c', 'd'), keyOf)).toBe(FIRST_ITEM_INDEX - 2);
  });

  it('stays when rows are added at the bottom or change', () => {
    expect(nextFirstItemIndex(items('c', 'd'), 500, items('c', 'd', 'e'), keyOf)).toBe(500);
  });

  it('rises by the number of rows gone from the top (pruned)', () => {
    expect(nextFirstItemIndex(items('a', 'b', 'c'), 500, items('c', 'd'), keyOf)).toBe(502);
  });

  it('stays when nothing is in common or a side is empty', () => {
    expect(nextFirstItemIndex(items('a'), 500, items('x'), keyOf)).toBe(500);
    expect(nextFirstItemIndex([], 500, items('x'), keyOf)).toBe(500);
  });
});

describe('what arrived', () => {
  it('a message from someone else at the end is "other"', () => {
    expect(arrivalOf(items('a', 'b'), items('a', 'b', 'c'), keyOf, ownNew)).toBe('other');
  });

  it('what this person just typed is "own", even with another arrival beside it', () => {
    const next = [...items('a', 'b', 'c'), { key: 'd', mine: true, pending: true }];
    expect(arrivalOf(items('a', 'b'), next, keyOf, ownNew)).toBe('own');
  });

  it('an own message already sent (from another device) is "other"', () => {
    expect(arrivalOf(items('a'), [...items('a'), { key: 'b', mine: true }], keyOf, ownNew)).toBe('other');
  });

  it('a message landing before the unsent tail counts', () => {
    expect(arrivalOf(items('a', 'q1', 'q2'), items('a', 'b', 'q1', 'q2'), keyOf, ownNew)).toBe('other');
  });

  it('older history paged in above, status changes and first looks are not arrivals', () => {
    expect(arrivalOf(items('c', 'd'), items('a', 'b', 'c', 'd'), keyOf, ownNew)).toBe('none');
    expect(arrivalOf(items('a', 'b'), items('a', 'b'), keyOf, ownNew)).toBe('none');
    expect(arrivalOf([], items('a', 'b'), keyOf, ownNew)).toBe('none');
  });
});
