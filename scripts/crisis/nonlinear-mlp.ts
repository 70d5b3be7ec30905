/**
 * A small one-hidden-layer network over the crisis detector's sparse hashed features, for the
 * nonlinear trial (nonlinear-eval.ts). Plain TypeScript, Float32Array, no dependencies.
 *
 * Input: the hashed buckets seen in at least `minCount` training lines (others are dropped, so a
 * bucket the training never touched cannot add a random row). Hidden: H units, ReLU or tanh,
 * dropout on inputs and on the hidden layer. Output: sigmoid. Trained by Adam on minibatches;
 * the input layer's rows are updated lazily (only rows a batch touches, L2 applied then), the
 * rest densely. Early stopping is decided inside the training authors only: the epoch count is
 * the one with the best pooled area under ROC on training authors held out in turn (author folds),
 * and the final model is trained on all training lines for that many epochs. Platt scaling for
 * that epoch is fitted on the same held-out training authors' logits (used by the calibrated setting).
 */
import type { Features } from '../../src/shared/safety/features';
import { rocArea } from './frontier';
import { rng } from './learn';

export interface MlpParams {
  hidden: number;
  activation: 'relu' | 'tanh';
  /** Probability of dropping an input feature (training only). */
  inputDropout: number;
  /** Probability of dropping a hidden unit (training only). */
  hiddenDropout: number;
  /** L2 on the input layer (lazy, per touched row) and on the output weights. */
  l2: number;
  lr: number;
  batch: number;
  maxEpochs: number;
  /** A bucket must occur in this many training lines to get a row. */
  minCount: number;
}

export interface Mlp {
  /** bucket → row of w1, or -1 when the bucket has no row. */
  rowOf: Int32Array;
  rows: number;
  hidden: number;
  activation: 'relu' | 'tanh';
  /** rows × hidden, row-major. */
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
  b2: number;
}

/** A line as the network sees it: its rows and values. */
interface Sparse {
  idx: Int32Array;
  val: Float32Array;
}

function vocabulary(xs: readonly Features[], buckets: number, minCount: number): { rowOf: Int32Array; rows: number } {
  const count = new Int32Array(buckets);
  for (const x of xs) for (const j of x.keys()) count[j]!++;
  const rowOf = new Int32Array(buckets).fill(-1);
  let rows = 0;
  for (let j = 0; j < buckets; j++) if (count[j]! >= minCount) rowOf[j] = rows++;
  return { rowOf, rows };
}

function toSparse(x: Features, rowOf: Int32Array): Sparse {
  const idx: number[] = [];
  const val: number[] = [];
  for (const [j, v] of x) {
    const r = rowOf[j]!;
    if (r >= 0) {
      idx.push(r);
      val.push(v);
    }
  }
  return { idx: Int32Array.from(idx), val: Float32Array.from(val) };
}

/** Uniform in ±a, seeded. */
function fill(a: Float32Array, scale: number, rand: () => number): void {
  for (let i = 0; i < a.length; i++) a[i] = (rand() * 2 - 1) * scale;
}

/** Trains for exactly `epochs` epochs; `onEpoch` sees the model after each (for early stopping). */
export function trainMlp(xs: readonly Features[], ys: readonly number[], buckets: number, p: MlpParams, epochs: number, seed: number, onEpoch?: (epoch: number, m: Mlp) => void): Mlp {
  const rand = rng(seed);
  const { rowOf, rows } = vocabulary(xs, buckets, p.minCount);
  const H = p.hidden;
  const data = xs.map((x) => toSparse(x, rowOf));
  const meanNnz = Math.max(1, data.reduce((s, d) => s + d.idx.length, 0) / Math.max(1, data.length));
  const m: Mlp = { rowOf, rows, hidden: H, activation: p.activation, w1: new Float32Array(rows * H), b1: new Float32Array(H), w2: new Float32Array(H), b2: 0 };
  // Scaled to the number of active inputs, so a hidden unit's input starts near unit variance.
  fill(m.w1, Math.sqrt(3 / meanNnz), rand);
  fill(m.w2, Math.sqrt(6 / (H + 1)), rand);
  // Adam state; t1 counts the steps of each input row (lazy Adam).
  const m1 = new Float32Array(rows * H);
  const v1 = new Float32Array(rows * H);
  const mb1 = new Float32Array(H);
  const vb1 = new Float32Array(H);
  const mw2 = new Float32Array(H);
  const vw2 = new Float32Array(H);
  let mb2 = 0;
  let vb2 = 0;
  const g1 = new Float32Array(rows * H);
  const stamp = new Int32Array(rows).fill(-1);
  const touched = new Int32Array(rows);
  const gb1 = new Float32Array(H);
  const gw2 = new Float32Array(H);
  const pre = new Float32Array(H);
  const h = new Float32Array(H);
  const mask = new Float32Array(H);
  const dh = new Float32Array(H);
  const keep = new Uint8Array(data.reduce((n, d) => Math.max(n, d.idx.length), 1));
  const b1 = 0.9;
  const b2 = 0.999;
  const eps = 1e-8;
  let step = 0;
  const order = data.map((_, i) => i);
  const inScale = 1 / (1 - p.inputDropout);
  const hidScale = 1 / (1 - p.hiddenDropout);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let start = 0; start < order.length; start += p.batch) {
      const end = Math.min(order.length, start + p.batch);
      let nTouched = 0;
      gb1.fill(0);
      gw2.fill(0);
      let gb2 = 0;
      for (let k = start; k < end; k++) {
        const d = data[order[k]!]!;
        const y = ys[order[k]!]!;
        pre.set(m.b1);
        const n = d.idx.length;
        for (let a = 0; a < n; a++) {
          const kept = p.inputDropout === 0 || rand() >= p.inputDropout;
          keep[a] = kept ? 1 : 0;
          if (!kept) continue;
          const v = d.val[a]! * inScale;
          const o = d.idx[a]! * H;
          for (let u = 0; u < H; u++) pre[u]! += v * m.w1[o + u]!;
        }
        let z = m.b2;
        for (let u = 0; u < H; u++) {
          const act = p.activation === 'relu' ? (pre[u]! > 0 ? pre[u]! : 0) : Math.tanh(pre[u]!);
          const mk = p.hiddenDropout === 0 || rand() >= p.hiddenDropout ? hidScale : 0;
          mask[u] = mk;
          h[u] = act * mk;
          z += m.w2[u]! * h[u]!;
        }
        const prob = 1 / (1 + Math.exp(-z));
        const g = prob - y;
        gb2 += g;
        for (let u = 0; u < H; u++) {
          gw2[u]! += g * h[u]!;
          const act = h[u]! / (mask[u] || 1);
          const deriv = p.activation === 'relu' ? (pre[u]! > 0 ? 1 : 0) : 1 - act * act;
          dh[u] = g * m.w2[u]! * deriv * mask[u]!;
          gb1[u]! += dh[u]!;
        }
        for (let a = 0; a < n; a++) {
          if (!keep[a]) continue;
          const r = d.idx[a]!;
          const v = d.val[a]! * inScale;
          const o = r * H;
          if (stamp[r] !== step) {
            stamp[r] = step;
            touched[nTouched++] = r;
            g1.fill(0, o, o + H);
          }
          for (let u = 0; u < H; u++) g1[o + u]! += v * dh[u]!;
        }
      }
      const bs = end - start;
      step++;
      const c1 = 1 - b1 ** step;
      const c2 = 1 - b2 ** step;
      const lr = (p.lr * Math.sqrt(c2)) / c1;
      for (let t = 0; t < nTouched; t++) {
        const o = touched[t]! * H;
        for (let u = o; u < o + H; u++) {
          const gr = g1[u]! / bs + p.l2 * m.w1[u]!;
          m1[u] = b1 * m1[u]! + (1 - b1) * gr;
          v1[u] = b2 * v1[u]! + (1 - b2) * gr * gr;
          m.w1[u]! -= (lr * m1[u]!) / (Math.sqrt(v1[u]!) + eps);
        }
      }
      for (let u = 0; u < H; u++) {
        const gb = gb1[u]! / bs;
        mb1[u] = b1 * mb1[u]! + (1 - b1) * gb;
        vb1[u] = b2 * vb1[u]! + (1 - b2) * gb * gb;
        m.b1[u]! -= (lr * mb1[u]!) / (Math.sqrt(vb1[u]!) + eps);
        const gw = gw2[u]! / bs + p.l2 * m.w2[u]!;
        mw2[u] = b1 * mw2[u]! + (1 - b1) * gw;
        vw2[u] = b2 * vw2[u]! + (1 - b2) * gw * gw;
        m.w2[u]! -= (lr * mw2[u]!) / (Math.sqrt(vw2[u]!) + eps);
      }
      const gb = gb2 / bs;
      mb2 = b1 * mb2 + (1 - b1) * gb;
      vb2 = b2 * vb2 + (1 - b2) * gb * gb;
      m.b2 -= (lr * mb2) / (Math.sqrt(vb2) + eps);
    }
    onEpoch?.(epoch + 1, m);
  }
  return m;
}

/** The network's logit for one line (no dropout). Buckets without a row are skipped. */
export function mlpLogit(x: Features, m: Mlp, pre: Float32Array = new Float32Array(m.hidden)): number {
  const H = m.hidden;
  pre.set(m.b1);
  for (const [j, v] of x) {
    const r = m.rowOf[j]!;
    if (r < 0) continue;
    const o = r * H;
    for (let u = 0; u < H; u++) pre[u]! += v * m.w1[o + u]!;
  }
  let z = m.b2;
  if (m.activation === 'relu') for (let u = 0; u < H; u++) z += pre[u]! > 0 ? m.w2[u]! * pre[u]! : 0;
  else for (let u = 0; u < H; u++) z += m.w2[u]! * Math.tanh(pre[u]!);
  return z;
}

export const mlpProbability = (x: Features, m: Mlp, pre?: Float32Array): number => 1 / (1 + Math.exp(-mlpLogit(x, m, pre)));

/**
 * Early stopping inside the training lines only: `groups` names each line's author ('legacy'
 * lines are always trained on). The authors are split into `folds` groups; for each, a network
 * is trained on the rest and its pooled area under ROC on the held group recorded after every
 * epoch. The epoch count with the best mean area wins, and a network trained on every line for
 * that many epochs is returned.
 */
export function trainEarlyStopped(xs: readonly Features[], ys: readonly number[], groups: readonly string[], buckets: number, p: MlpParams, seed: number, folds = 4): { model: Mlp; epochs: number; curve: number[]; platt: Platt } {
  const authors = [...new Set(groups)].filter((a) => a !== 'legacy').sort();
  const sum = new Float64Array(p.maxEpochs);
  const nFolds = Math.min(folds, authors.length);
  // The held groups' logits after every epoch, for calibrating at the chosen epoch.
  const held: { z: number[]; y: number[] }[] = Array.from({ length: p.maxEpochs }, () => ({ z: [], y: [] }));
  for (let f = 0; f < nFolds; f++) {
    const out = new Set(authors.filter((_, i) => i % nFolds === f));
    const tr = xs.map((_, i) => i).filter((i) => !out.has(groups[i]!));
    const va = xs.map((_, i) => i).filter((i) => out.has(groups[i]!));
    const vys = va.map((i) => ys[i]!);
    trainMlp(tr.map((i) => xs[i]!), tr.map((i) => ys[i]!), buckets, p, p.maxEpochs, seed + f + 1, (epoch, m) => {
      const pre = new Float32Array(m.hidden);
      const z = va.map((i) => mlpLogit(xs[i]!, m, pre));
      sum[epoch - 1]! += rocArea(z, vys);
      held[epoch - 1]!.z.push(...z);
      held[epoch - 1]!.y.push(...vys);
    });
  }
  const curve = Array.from(sum, (s) => s / nFolds);
  const epochs = curve.reduce((b, v, i) => (v > curve[b - 1]! + 1e-9 ? i + 1 : b), 1);
  const platt = fitPlatt(held[epochs - 1]!.z, held[epochs - 1]!.y);
  return { model: trainMlp(xs, ys, buckets, p, epochs, seed), epochs, curve, platt };
}

/** Platt scaling: probability = sigmoid(a · logit + b). */
export interface Platt {
  a: number;
  b: number;
}

/** Fits a and b by Newton's method on the log-loss, halving a step that does not lower it (a tiny ridge keeps it stable). */
export function fitPlatt(z: readonly number[], y: readonly number[]): Platt {
  const loss = (a: number, b: number): number => {
    let l = 5e-7 * (a - 1) ** 2;
    for (let i = 0; i < z.length; i++) {
      const t = a * z[i]! + b;
      // log(1 + e^t) − y·t, computed without overflow.
      l += (t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t))) - y[i]! * t;
    }
    return l;
  };
  let a = 1;
  let b = 0;
  let current = loss(a, b);
  for (let it = 0; it < 100; it++) {
    let ga = 1e-6 * (a - 1);
    let gb = 0;
    let haa = 1e-6;
    let hab = 0;
    let hbb = 1e-6;
    for (let i = 0; i < z.length; i++) {
      const zi = z[i]!;
      const q = 1 / (1 + Math.exp(-(a * zi + b)));
      const r = q - y[i]!;
      const w = q * (1 - q);
      ga += r * zi;
      gb += r;
      haa += w * zi * zi;
      hab += w * zi;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    let step = 1;
    while (step > 1e-6 && !(loss(a - step * da, b - step * db) <= current)) step /= 2;
    if (step <= 1e-6) break;
    a -= step * da;
    b -= step * db;
    const next = loss(a, b);
    if (current - next < 1e-9 * Math.max(1, current)) {
      current = next;
      break;
    }
    current = next;
  }
  return { a, b };
}
