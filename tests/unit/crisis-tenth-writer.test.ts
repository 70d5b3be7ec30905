/**
 * Frames written from a tenth writer's missed lines (src/shared/safety/frames-everyday.ts, the
 * block "Added 2026-11-29 afternoon"): each names its clinical category on risk told in everyday
 * words, and stays quiet on the ordinary lines that share a word with it. Lines written here, not
 * taken from the evaluation data or the review set.
 */
import { describe, expect, it } from 'vitest';
import { analyseMessage, detectRisk } from '../../src/shared/safety';

/** The categories of the frames that fired and were not lowered below half their weight. */
const categories = (line: string) => new Set(analyseMessage(line).hits.filter((h) => h.weight >= h.base / 2).map((h) => h.category));

describe('risk told in everyday words names its category', () => {
  it.each([
    ['preparation', 'sold the bike and the amp, i wont need any of it anymore'],
    ['preparation', 'no point paying the phone contract for next month really'],
    ['preparation', 'the paperwork is sorted, everything else is in order'],
    ['preparation', 'put the deeds in the drawer so its easy for my daughter when the time comes'],
    ['preparation', 'does my insurance still pay out if it was me who did it'],
    ['plan', 'friday night is it'],
    ['plan', 'my anniversary feels like the right day to end it'],
    ['plan', 'once the cat is settled with my aunt i am free to go'],
    ['plan', 'i really do not want to see another christmas'],
    ['burden_entrapment', 'im a drain on my whole family'],
    ['burden_entrapment', 'honestly i am just dead weight to them'],
    ['burden_entrapment', 'i keep taking up space in a house that is not mine'],
    ['burden_entrapment', 'i would be doing everyone a favour by disappearing'],
    ['burden_entrapment', 'i make everything worse just by existing'],
    ['goodbye', 'you lot will never see me again after tonight'],
    ['goodbye', 'thanks for trying with me, all of you'],
    ['goodbye', 'give the dog a hug from me every morning'],
    ['goodbye', 'sitting out for my last sunrise'],
    ['goodbye', 'please dont forget me'],
    ['nssi', '90 days clean and then i relapsed last night'],
    ['nssi', 'went deeper than i meant to this time'],
    ['nssi', 'i deserve the pain honestly'],
    ['nssi', 'the urges are louder tonight than they have been in months'],
    ['nssi', 'more new scars to hide before swimming'],
  ])('%s: %s', (category, line) => {
    expect(categories(line)).toContain(category);
  });
});

describe('the ordinary lines that share their words stay quiet', () => {
  it.each([
    ['i am just drained after the night shift', 'burden_entrapment'],
    ['this commute is going to be the end of me', 'plan'],
    ['if i hear that advert one more time i will scream', 'goodbye'],
    ['see you on the other side of this exam lol', 'goodbye'],
  ])('%s', (line, category) => {
    expect(categories(line)).not.toContain(category);
    expect(detectRisk(line)).toBe(false);
  });
});
