/**
 * Frames for risk in everyday words added on 2026-11-29 (frames-everyday.ts): a date said to be
 * "the day", knowing when and where, "one last …", things that will not be needed, and leaving
 * things right for whoever comes. Hand-written here, none copied from the data files; the measured
 * figures come from scripts/eval-crisis.ts.
 */
import { describe, expect, it } from 'vitest';
import { analyseMessage } from '../../src/shared/safety';

const categories = (text: string) => analyseMessage(text).hits.filter((h) => h.weight >= 0.5).map((h) => h.category);

describe('risk in everyday words', () => {
  it('hears a date named as the day', () => {
    expect(categories('the 21st. that is the day')).toContain('plan');
    expect(categories('midsummer night. thats my date')).toContain('plan');
    expect(categories('i have known when and where for weeks')).toContain('plan');
  });

  it('hears "one last" as a goodbye, not "one more time" in a joke', () => {
    expect(categories('went to the beach for one last look at the sea')).toContain('goodbye');
    expect(categories('if they play that advert one more time i will scream')).not.toContain('goodbye');
  });

  it('hears things put right for after', () => {
    expect(categories("sold my drum kit. i won't be needing it")).toContain('preparation');
    expect(categories('washed all the dishes for whoever comes in after')).toContain('preparation');
    expect(categories('cleared my debts so nobody gets stuck with them')).toContain('preparation');
  });

  it('leaves the same words alone when they say something else', () => {
    expect(categories('we are going to the cinema on friday, that is the plan for the weekend')).not.toContain('plan');
    expect(categories('do you know when and where the match is')).not.toContain('plan');
  });
});
