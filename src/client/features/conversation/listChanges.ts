/** How a message list changed between two looks, for a list that keeps its reader's place (pure, unit-tested). */

/** Far from zero, so a long history can be prepended page by page and the index stays positive. */
export const FIRST_ITEM_INDEX = 1_000_000;

/**
 * Virtuoso's `firstItemIndex` for `next`: rows prepended above the previous first row lower it by
 * their count and rows gone from the top raise it, so every row that stays keeps its index and
 * the reader stays on the message they were reading.
 */
export function nextFirstItemIndex<T>(prev: readonly T[], prevFirst: number, next: readonly T[], keyOf: (item: T) => string): number {
  if (prev.length === 0 || next.length === 0) return prevFirst;
  const oldFirst = keyOf(prev[0]!);
  const added = next.findIndex((item) => keyOf(item) === oldFirst);
  if (added >= 0) return prevFirst - added;
  const newFirst = keyOf(next[0]!);
  const removed = prev.findIndex((item) => keyOf(item) === newFirst);
  return removed >= 0 ? prevFirst + removed : prevFirst;
}

/** 'own': something this person just wrote; 'other': anything else new (a reply, Aura's answer, a message sent from another device). */
export type Arrival = 'none' | 'own' | 'other';

/**
 * What arrived since the previous look. Rows above the previous first one are older history being
 * paged in, not arrivals; a new row may land before the unsent tail, so every new key counts.
 */
export function arrivalOf<T>(prev: readonly T[], next: readonly T[], keyOf: (item: T) => string, isOwnNew: (item: T) => boolean): Arrival {
  if (prev.length === 0) return 'none';
  const known = new Set(prev.map(keyOf));
  const start = next.findIndex((item) => known.has(keyOf(item)));
  if (start < 0) return 'none';
  let arrival: Arrival = 'none';
  for (const item of next.slice(start + 1)) {
    if (known.has(keyOf(item))) continue;
    if (isOwnNew(item)) return 'own';
    arrival = 'other';
  }
  return arrival;
}
