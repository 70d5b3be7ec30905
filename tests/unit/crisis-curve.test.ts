/**
 * The learning curve (scripts/crisis/curve.ts) and the per-author training it rests on
 * (outOfAuthorOn in scripts/crisis/learn.ts): a model never sees the author it judges, and sees
 * only the authors it is given.
 */
import { describe, expect, it } from 'vitest';
import { learningCurve } from '../../scripts/crisis/curve';
import { featuresOf, outOfAuthor, outOfAuthorOn, toExample } from '../../scripts/crisis/learn';
import type { Row } from '../../scripts/crisis/data';
import { FIRST } from '../../src/shared/safety/model';

const params = { lambda: 1e-2, posWeight: 1 };
const lines: [string, Row['label'], string][] = [
  ['I am going to kill myself tonight', 'crisis', 'intent'],
  ['gave my dog to my sister today, she will look after him now', 'crisis', 'preparation'],
  ['what time is the match', 'none', 'ordinary'],
  ['that exam killed me lol', 'none', 'idiom'],
];
const authors = ['a', 'b', 'c'];
const rows: Row[] = ['legacy', ...authors].flatMap((author) => lines.map(([text, label, category]) => ({ text: `${text} ${author}`, label, category, author })));
const examples = rows.map(toExample);
const xs = featuresOf(examples, FIRST.config);

describe('training per left-out author', () => {
  it('judges every author with a model, and never a legacy line', () => {
    const probs = outOfAuthorOn(examples, xs, authors, FIRST.config, params, () => () => true);
    examples.forEach((e, i) => expect(Number.isNaN(probs[i])).toBe(e.row.author === 'legacy'));
  });

  it('trains on nothing when told to take nobody: every line scores an untrained model\'s 0.5', () => {
    const probs = outOfAuthorOn(examples, xs, authors, FIRST.config, params, () => () => false);
    expect(probs.filter((p) => !Number.isNaN(p))).toEqual(Array(12).fill(0.5));
  });

  it('leaves the judged author out even when told to take everyone, as leaving one author out does', () => {
    const everyone = outOfAuthorOn(examples, xs, authors, FIRST.config, params, () => () => true);
    expect(everyone).toEqual(outOfAuthor(examples, xs, authors, FIRST.config, params));
  });
});

describe('the learning curve', () => {
  it('prints a row for each number of other authors, up to all of them', () => {
    const table = learningCurve(examples, xs, authors, FIRST.config, params).split('\n');
    expect(table.slice(2).map((l) => l.split(' | ')[0])).toEqual(['| 0', '| 1', '| 2']);
    // With one other author of two there is a choice, so two draws; with none or all, one.
    expect(table.slice(2).map((l) => l.split(' | ')[1])).toEqual(['1', '2', '1']);
  });
});
