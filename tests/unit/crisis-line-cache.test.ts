/**
 * The crisis detector reads each line once (src/shared/safety/line-cache.ts). That is only right
 * while reading is line-local: these check that the sentences of a text are those of its lines, on
 * every development line in windows like the server's, and at the line breaks most likely to break it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadDevelopment } from '../../scripts/crisis/data';
import { detectCrisis } from '../../src/shared/safety';
import { analyse, type Sent } from '../../src/shared/safety/frames';
import { analyseLines, forgetLines, linesHeld } from '../../src/shared/safety/line-cache';

afterEach(() => forgetLines());

describe('reading a text line by line', () => {
  it('gives the sentences of reading it whole, for every development line next to another', () => {
    const texts = loadDevelopment().rows.map((r) => r.text);
    expect(texts.length).toBeGreaterThan(10_000);
    let differ = 0;
    for (const [i, text] of texts.entries()) {
      // Each line after one line and before another: a window joins them so (detect.ts).
      const joined = `${texts[(i + 1) % texts.length]}\n${text}`;
      if (JSON.stringify(analyseLines(joined)) !== JSON.stringify(analyse(joined))) differ += 1;
    }
    expect(differ).toBe(0);
  });

  it.each([
    ['an abbreviation at a line end', 'i o.d\nlast night'],
    ['a quotation left open across a break', 'she said "i want\nto die" and laughed'],
    ['an apostrophe split by a break', "i can'\nt do this"],
    ['dots before a break', 'wait..\nnever mind...\n'],
    ['a carriage return', 'i want to die\r\nsorry'],
    ['empty lines', '\n\ni am done\n\n'],
    ['a line too long to hold', `${'so tired of everything '.repeat(20)}\ni want it to stop`],
  ])('%s', (_, text) => {
    expect(analyseLines(text)).toEqual(analyse(text));
    // Read a second time, from what is held.
    expect(analyseLines(text)).toEqual(analyse(text));
  });

  it('judges the same with lines held or not', () => {
    const previous = ['sunday is the day', 'i have sorted the cat out with my sister', 'wrote my letters'];
    const cold = detectCrisis('i have the pills ready', previous);
    expect(linesHeld()).toBeGreaterThan(0);
    expect(detectCrisis('i have the pills ready', previous)).toEqual(cold);
  });

  it('holds at most a thousand lines', () => {
    for (let i = 0; i < 1_500; i++) analyseLines(`line number ${i}`);
    expect(linesHeld()).toBe(1_000);
    analyseLines('one more line');
    expect(linesHeld()).toBe(1_000);
  });
});

/** Never run: `npm run typecheck` fails if a held line's sentences or tokens become writable. */
export function heldLinesAreReadOnly(sent: Sent): void {
  // @ts-expect-error a held sentence cannot grow
  sent.push({ w: 'x', l: 'x', q: false });
  // @ts-expect-error nor can a held token change
  sent[0]!.w = 'live';
}
