/**
 * The nonlinear trial's network (scripts/crisis/nonlinear-mlp.ts): it learns what a linear model
 * cannot, ignores buckets it has no row for, early-stops on the training authors only, and its
 * calibration recovers a known scaling.
 */
import { describe, expect, it } from 'vitest';
import type { Features } from '../../src/shared/safety/features';
import { rng } from '../../scripts/crisis/learn';
import { rocArea } from '../../scripts/crisis/frontier';
import { fitPlatt, mlpLogit, mlpProbability, trainEarlyStopped, trainMlp, type MlpParams } from '../../scripts/crisis/nonlinear-mlp';

const p: MlpParams = { hidden: 8, activation: 'tanh', inputDropout: 0, hiddenDropout: 0, l2: 0, lr: 0.02, batch: 8, maxEpochs: 12, minCount: 1 };

/** Exclusive or over buckets 1 and 2, with bucket 0 always on: no linear model separates it. */
function xor(n: number, seed: number): { xs: Features[]; ys: number[] } {
  const rand = rng(seed);
  const xs: Features[] = [];
  const ys: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = rand() < 0.5;
    const b = rand() < 0.5;
    const x: Features = new Map([[0, 1]]);
    if (a) x.set(1, 1);
    if (b) x.set(2, 1);
    xs.push(x);
    ys.push(a !== b ? 1 : 0);
  }
  return { xs, ys };
}

describe('the nonlinear trial\'s network', () => {
  it('learns exclusive or, which a linear model cannot', () => {
    const { xs, ys } = xor(400, 1);
    const m = trainMlp(xs, ys, 16, p, 40, 7);
    expect(rocArea(xs.map((x) => mlpLogit(x, m)), ys)).toBeGreaterThan(0.99);
  });

  it('is the same on every run (seeded)', () => {
    const { xs, ys } = xor(100, 2);
    const a = trainMlp(xs, ys, 16, p, 3, 7);
    const b = trainMlp(xs, ys, 16, p, 3, 7);
    expect(Array.from(a.w1)).toEqual(Array.from(b.w1));
  });

  it('gives no row to a bucket seen too rarely, and skips it when scoring', () => {
    const { xs, ys } = xor(100, 3);
    const m = trainMlp([...xs, new Map([[9, 1]])], [...ys, 1], 16, { ...p, minCount: 2 }, 2, 7);
    expect(m.rowOf[9]).toBe(-1);
    const x: Features = new Map([[0, 1], [1, 1]]);
    expect(mlpProbability(new Map([...x, [9, 5]]), m)).toBe(mlpProbability(x, m));
  });

  it('chooses its epoch count on held-out training authors, within the limit', () => {
    const { xs, ys } = xor(320, 4);
    const groups = xs.map((_, i) => (i < 80 ? 'legacy' : `author${i % 4}`));
    const { epochs, curve } = trainEarlyStopped(xs, ys, groups, 16, p, 7);
    expect(curve).toHaveLength(p.maxEpochs);
    expect(epochs).toBeGreaterThanOrEqual(1);
    expect(epochs).toBeLessThanOrEqual(p.maxEpochs);
    expect(curve[epochs - 1]).toBe(Math.max(...curve));
  });

  it('recovers a known Platt scaling', () => {
    const rand = rng(5);
    const z: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const zi = (rand() * 2 - 1) * 20;
      z.push(zi);
      y.push(rand() < 1 / (1 + Math.exp(-(0.3 * zi - 0.5))) ? 1 : 0);
    }
    const { a, b } = fitPlatt(z, y);
    expect(a).toBeCloseTo(0.3, 1);
    expect(b).toBeCloseTo(-0.5, 0);
  });
});
