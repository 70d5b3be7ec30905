/**
 * The evaluation's frontier (scripts/crisis/frontier.ts): the model's ranking and the table of
 * what any operating point reaches, on lines whose outcome is known.
 */
import { describe, expect, it } from 'vitest';
import { auc, frontier } from '../../scripts/crisis/frontier';
import { toExample } from '../../scripts/crisis/learn';
import type { Row } from '../../scripts/crisis/data';

const row = (text: string, label: Row['label'], category: string): Row => ({ text, label, category, author: 'a' });
const examples = [
  row('I am going to kill myself tonight', 'crisis', 'intent'),
  // Preparation in everyday words: no frame or risk word, so only the model can find it.
  row('gave my dog to my sister today, she will look after him now', 'crisis', 'preparation'),
  row('what time is the match', 'none', 'ordinary'),
  row('that exam killed me lol', 'none', 'idiom'),
].map(toExample);

describe('the crisis frontier', () => {
  it('scores a perfect ranking 1, a reversed one 0, ties a half, and leaves out lines no model judged', () => {
    expect(auc(examples, [0.9, 0.8, 0.2, 0.1])).toBe(1);
    expect(auc(examples, [0.1, 0.2, 0.8, 0.9])).toBe(0);
    expect(auc(examples, [0.5, 0.5, 0.5, 0.5])).toBe(0.5);
    expect(auc(examples, [0.9, 0.1, Number.NaN, 0.5])).toBe(0.5);
  });

  it('prints one row per cap, with the recall a confident model reaches', () => {
    const table = frontier(examples, [0.99, 0.99, 0.01, 0.01]).split('\n');
    expect(table).toHaveLength(2 + 6);
    expect(table[2]).toMatch(/^\| 5 per 1,000 \| 100\.0 % \| 100\.0 % \| 0\.0 \| 100\.0 % \|$/);
    expect(table.at(-1)).toMatch(/^\| no cap \| 100\.0 % \|/);
  });

  it('gives up the line it cannot find without a false alarm in ordinary chat while the cap holds', () => {
    // The ordinary line scores above the preparation line: finding that line costs a card in ordinary chat.
    const table = frontier(examples, [0.99, 0.3, 0.6, 0.01]).split('\n');
    expect(table[2]).toMatch(/^\| 5 per 1,000 \| 50\.0 % \| 100\.0 % \| 0\.0 \|/);
    expect(table.at(-1)).toMatch(/^\| no cap \| 100\.0 % \| 66\.7 % \| 1000\.0 \|/);
  });
});
