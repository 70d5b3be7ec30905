/**
 * Context that must not explain an act away, and an attempt told by what it does to the body
 * (src/shared/safety/context.ts, cues.ts, frames-attempt.ts):
 * - an act said to be meant ("on purpose") is neither a mishap nor a dosing question;
 * - "it's in motion" is not a debate's motion;
 * - "took the lot, my hands are going numb" is an attempt, a side effect asked about is not.
 * Lines written here, not taken from the evaluation data.
 */
import { describe, expect, it } from 'vitest';
import { analyseMessage } from '../../src/shared/safety';

const reasons = (line: string) => new Set(analyseMessage(line).hits.flatMap((h) => h.lowered));
const flags = (line: string) => analyseMessage(line).flags;
/** Attempt frames still standing near their full weight (or from `weight` on). */
const attempt = (line: string, weight = 0.8) => analyseMessage(line).hits.some((h) => h.category === 'attempt' && h.weight >= weight);

describe('an act said to be meant', () => {
  it.each([
    'pressed my arm on the hot pan on purpose, it helped for a bit',
    'slammed my fingers in the drawer deliberately',
    'burnt myself on the iron intentionally again',
  ])('is no mishap: %s', (line) => {
    expect(flags(line)).not.toContain('accident');
  });

  it('leaves a mishap a mishap', () => {
    expect(flags('burnt my arm on the oven door getting the lasagne out, ouch')).toContain('accident');
  });

  it.each([
    'i took way too much on purpose and my chest feels tight',
    'took too many on purpose, now what',
  ])('is no dosing question: %s', (line) => {
    expect(flags(line)).not.toContain('dosing');
    expect(reasons(line)).not.toContain('medical-dosing');
    expect(attempt(line)).toBe(true);
  });

  it('leaves a dosing question a dosing question', () => {
    expect(flags('is it too much to take two of these for a migraine?')).toContain('dosing');
  });
});

describe('a motion', () => {
  it('in a debate is academic talk', () => {
    expect(flags('the motion for friday\'s debate is that this house would ban social media for kids')).toContain('academic');
  });

  it('set going is not', () => {
    const line = 'did it an hour ago, it is in motion now and nobody can stop it';
    expect(flags(line)).not.toContain('academic');
    expect(reasons(line)).not.toContain('topic');
  });
});

describe('an attempt told by what it does to the body', () => {
  it.each([
    'took the lot, my hands are going numb',
    'swallowed the whole box and everything is going blurry',
    'popped all of them and now i cant breathe properly',
  ])('is an attempt: %s', (line) => {
    expect(attempt(line)).toBe(true);
  });

  it('told as "after what I took" is a weak frame, for the models', () => {
    const hits = analyseMessage('shaking and throwing up after what i took earlier').hits.filter((h) => h.category === 'attempt');
    expect(hits.map((h) => h.base)).toContain(0.6);
  });

  it.each([
    'drank loads last night and the room is still spinning',
    'took 2 antihistamines and i feel a bit faint',
    'ate the whole cake and now i feel like throwing up',
  ])('is not a night out, a side effect or a cake: %s', (line) => {
    expect(attempt(line)).toBe(false);
  });

  it.each([
    'took 2 of my new tablets and my hands are shaking, is that normal?',
    'took three ibuprofen and my eyes feel blurry, should i be worried',
  ])('a side effect asked about lowers the act: %s', (line) => {
    expect(reasons(line)).toContain('side-effect');
    expect(attempt(line)).toBe(false);
  });

  it.each([
    'took all my tablets and my hands are numb, is that normal?',
    'took 30 of my pills and my heart is racing, is that normal',
    'took 2 of my new tablets on purpose and i am shaking, is that normal?',
  ])('not when it is all of them, ten or more, or meant: %s', (line) => {
    expect(reasons(line)).not.toContain('side-effect');
    expect(attempt(line)).toBe(true);
  });
});

describe('at the means now, told by where the body is', () => {
  it.each([
    'im lying on the train tracks',
    'i am sitting on the railway tracks, the next one is due at ten',
    'i am on the wrong side of the railing',
    'the river is up to my chest now',
  ])('is an act under way: %s', (line) => {
    expect(attempt(line, 0.6)).toBe(true);
  });

  it.each([
    'i have thought about lying down on the tracks',
    'the kids were lying in the road drawing with chalk',
    'walked into the sea for a swim, freezing lol',
    'i am on track with my savings this month',
    'the dog got to the other side of the fence again',
  ])('is not: %s', (line) => {
    expect(attempt(line, 0.6)).toBe(false);
  });
});

describe('an act under way with no method word (a twelfth writer\'s shapes)', () => {
  it.each([
    'im sitting in the middle of the motorway, cars going round me',
    'lit the charcoal in the bedroom and taped the windows',
    'the rope is up on the beam in the garage now',
    'sitting on the railway line by the old bridge',
  ])('is an act: %s', (line) => {
    expect(attempt(line)).toBe(true);
  });

  it.each([
    'a deer was standing in the middle of the highway this morning',
    'i was sitting in the middle of the motorway when the car broke down',
    'we were sitting in the middle of the lane at the bowling alley',
    'lit the bbq charcoal and closed the lid',
    'tied the rope to the beam for the hammock',
  ])('is not: %s', (line) => {
    expect(attempt(line)).toBe(false);
  });

  it('a love to pass on, told in the past tense, is a goodbye', () => {
    expect(analyseMessage('please tell my brother i loved him').hits.some((h) => h.category === 'goodbye' && h.weight >= 0.8)).toBe(true);
    expect(analyseMessage('tell her i loved the cake').hits.some((h) => h.category === 'goodbye')).toBe(false);
  });

  it('"if anyone asks" is an instruction for later, not a question someone put', () => {
    const hits = analyseMessage('if anyone asks, tell my sister i loved her').hits;
    expect(hits.flatMap((h) => h.lowered)).not.toContain('asked');
    expect(analyseMessage('the nurse asked if i had thoughts of ending it').hits.flatMap((h) => h.lowered)).toContain('asked');
  });
});

describe('ten or more taken, sugar tablets, and acts at the means (an eleventh writer\'s shapes)', () => {
  it('"took 25, is that enough?" is no dosing question', () => {
    const line = 'took 25 of them, is that enough or should i take more';
    expect(flags(line)).not.toContain('dosing');
    expect(reasons(line)).not.toContain('medical-dosing');
  });

  it.each(['took 10 mg of melatonin, is that too much', 'can i take 2 more ibuprofen, took 2 at 10 am'])('a dose is still a dose: %s', (line) => {
    expect(flags(line)).toContain('dosing');
  });

  it('"sugar tablets" are a medicine, sugar is not', () => {
    expect(reasons('took all of my sugar tablets just now')).not.toContain('medical-dosing');
    expect(analyseMessage('overdosed on sugar today lol').hits.every((h) => h.weight < 0.4)).toBe(true);
  });

  it.each([
    'sat in the van in the shed, engine running and the roller door down',
    'i am lying in the middle of the road outside my flat',
    'parked on the level crossing and staying put',
    'sitting on the railway line by the old bridge',
  ])('is an act: %s', (line) => {
    expect(attempt(line)).toBe(true);
  });

  it.each([
    'sat in the car with the engine running, waiting for her to come out',
    'the kids were lying in the middle of the road drawing with chalk',
    'standing on the finish line waiting for my son',
  ])('is not: %s', (line) => {
    expect(attempt(line)).toBe(false);
  });

  it('"will I feel it when the train hits" asks at the means', () => {
    expect(analyseMessage('will i feel it when the train hits').hits.some((h) => h.category === 'lethality_question')).toBe(true);
  });
});
