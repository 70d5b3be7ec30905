/**
 * The detector's two models, averaged (src/shared/safety/model.ts), and the context rule that came
 * with them (context.ts): an explained-away frame discounts the models too. Lines written here, not
 * taken from the evaluation data.
 */
import { describe, expect, it } from 'vitest';
import { analyseMessage } from '../../src/shared/safety';
import { featurise } from '../../src/shared/safety/features';
import { contextDamp } from '../../src/shared/safety/context';
import type { Hit } from '../../src/shared/safety/frames';
import { MODEL, membersFeatures, modelProbability, probability } from '../../src/shared/safety/model';

describe('the models', () => {
  it('are two: words and concepts, and the same with character n-grams', () => {
    expect(MODEL.members).toHaveLength(2);
    expect(MODEL.members[0]!.config.charN).toEqual([]);
    expect(MODEL.members[1]!.config.charN).toEqual([3, 4]);
  });

  it.each([
    'i have been saving my sertraline for weeks',
    'my cat is fine, the vet said so',
    'cant stop thinkin bout endin it all tbh',
  ])('give the mean of the members\' probabilities: %s', (line) => {
    const { sents, hits, flags } = analyseMessage(line);
    const xs = membersFeatures(sents, hits, flags);
    const each = MODEL.members.map((m, k) => probability(xs[k]!, m));
    expect(modelProbability(xs)).toBeCloseTo((each[0]! + each[1]!) / 2, 12);
    // The members read different features, so they do not agree to the digit.
    expect(each[0]).not.toBeCloseTo(each[1]!, 6);
  });

  it.each([
    'i have been saving my sertraline for weeks',
    'gave my dog to my sister. wrote the letters. its sunday',
  ])('share the first member\'s features: the second member\'s are the same as read from scratch: %s', (line) => {
    const { sents, hits, flags } = analyseMessage(line);
    const [first, second] = membersFeatures(sents, hits, flags);
    const scratch = featurise(sents, hits, flags, MODEL.members[1]!.config);
    expect([...second!].sort((a, b) => a[0] - b[0])).toEqual([...scratch].sort((a, b) => a[0] - b[0]));
    // The first member's features are copied, never added to.
    expect([...first!].sort((a, b) => a[0] - b[0])).toEqual([...featurise(sents, hits, flags, MODEL.members[0]!.config)].sort((a, b) => a[0] - b[0]));
  });
});

const hit = (over: Partial<Hit>): Hit => ({
  id: 't', category: 'goodbye', weight: 0.6, base: 0.6, subject: 'self', sent: 0, start: 0, end: 1,
  triggers: [], lowered: [], mention: false, explicit: false, ...over,
});

describe('a frame explained away by an ordinary reason', () => {
  it('discounts the models as much as the frame, however weak the frame was', () => {
    expect(contextDamp([hit({ weight: 0.18, lowered: ['see-you-later'] })])).toBeCloseTo(0.3, 6);
    expect(contextDamp([hit({ weight: 0.18, lowered: ['everyday'] })])).toBeCloseTo(0.3, 6);
  });

  it('leaves a weak frame lowered for another reason to the message\'s own discount', () => {
    expect(contextDamp([hit({ weight: 0.3, lowered: ['support'] })])).toBe(1);
  });

  it('does not discount a message where another frame stands', () => {
    expect(contextDamp([hit({ weight: 0.18, lowered: ['see-you-later'] }), hit({ base: 0.9, weight: 0.9, category: 'wish_dead' })])).toBe(1);
  });
});
