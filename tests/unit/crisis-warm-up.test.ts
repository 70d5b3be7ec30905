/**
 * The detector's warm-up (src/shared/safety/help.ts) builds the frames' index in parts, one per
 * idle task in the browser: the parts together must give the index that building it on first use
 * gives, frame for frame and in the same order.
 */
import { describe, expect, it, vi } from 'vitest';
import { THOUGHT_FRAMES } from '../../src/shared/safety/frames-thoughts';
import { ACT_FRAMES } from '../../src/shared/safety/frames-acts';
import { ATTEMPT_FRAMES } from '../../src/shared/safety/frames-attempt';
import { EVERYDAY_FRAMES } from '../../src/shared/safety/frames-everyday';

const LINES = [
  'i want to die',
  'i took all my pills an hour ago and i feel sleepy',
  'rehomed my cat and paid off the car, everything is sorted for after',
  'i have been cutting again and wearing long sleeves so nobody sees',
  'the party was dead lol',
  "i'm going to kill it at the exam tomorrow",
];

async function freshFrames() {
  vi.resetModules();
  return import('../../src/shared/safety/frames');
}

describe('the frames index built in warm-up parts', () => {
  it('has several parts, and matches as the index built at first use does', async () => {
    const atFirstUse = await freshFrames();
    const expected = LINES.map((line) => atFirstUse.matchFrames(atFirstUse.analyse(line)));
    expect(expected.flat().length).toBeGreaterThan(0);

    const warmed = await freshFrames();
    expect(warmed.FRAME_WARM_UP_STEPS.length).toBeGreaterThan(1);
    for (const step of warmed.FRAME_WARM_UP_STEPS) step();
    expect(LINES.map((line) => warmed.matchFrames(warmed.analyse(line)))).toEqual(expected);
  });

  it('gives the index built at first use, each word\'s frames in the order the frame files list them', async () => {
    const atFirstUse = (await freshFrames()).frameIndexIds();
    const warmed = await freshFrames();
    for (const step of warmed.FRAME_WARM_UP_STEPS) step();
    expect(warmed.frameIndexIds()).toEqual(atFirstUse);
    // Order matters: it is the order the hits come out in. Checked against the frame files themselves.
    const position = new Map([...THOUGHT_FRAMES, ...ACT_FRAMES, ...ATTEMPT_FRAMES, ...EVERYDAY_FRAMES].map((f, at) => [f.id, at]));
    const outOfOrder = atFirstUse.filter(([, ids]) => ids.some((id, at) => at > 0 && position.get(id)! <= position.get(ids[at - 1]!)!));
    expect(outOfOrder).toEqual([]);
    expect(new Set(atFirstUse.flatMap(([, ids]) => ids))).toEqual(new Set(position.keys()));
  });

  it('matches the same when a message is judged halfway through the warm-up', async () => {
    const atFirstUse = await freshFrames();
    const expected = LINES.map((line) => atFirstUse.matchFrames(atFirstUse.analyse(line)));

    const partly = await freshFrames();
    partly.FRAME_WARM_UP_STEPS[0]!();
    expect(LINES.map((line) => partly.matchFrames(partly.analyse(line)))).toEqual(expected);
    // The steps left find the index complete and change nothing.
    for (const step of partly.FRAME_WARM_UP_STEPS.slice(1)) step();
    expect(LINES.map((line) => partly.matchFrames(partly.analyse(line)))).toEqual(expected);
  });
});
