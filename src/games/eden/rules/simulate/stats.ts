/**
 * Integer tallies of a simulation (mergeable in any order, so the result never depends on how
 * chunks were spread over workers) and the statistics derived from them, with 95% confidence
 * intervals: Wilson score intervals for rates, normal intervals for means.
 */
import { LIMBS, type Limb } from '../fighter.js';
import type { Outcome } from './outcome.js';

export interface Tally {
  iterations: number;
  successes: number;
  outOfAction: number;
  marked: number;
  markedSquares: number;
  /** histogram[k] = resolutions in which the fighter attacked lost k PC. */
  histogram: number[];
  /** PC lost per limb (LIMBS order) and resolutions in which that limb lost ≥ 1 PC. */
  limbMarked: number[];
  limbHits: number[];
  attackerMarked: number;
  attackerOutOfAction: number;
  redirected: number;
  noTarget: number;
}

export function emptyTally(): Tally {
  return {
    iterations: 0,
    successes: 0,
    outOfAction: 0,
    marked: 0,
    markedSquares: 0,
    histogram: [],
    limbMarked: [0, 0, 0, 0],
    limbHits: [0, 0, 0, 0],
    attackerMarked: 0,
    attackerOutOfAction: 0,
    redirected: 0,
    noTarget: 0,
  };
}

export function record(t: Tally, o: Outcome): void {
  t.iterations++;
  if (o.success) t.successes++;
  if (o.outOfAction) t.outOfAction++;
  t.marked += o.marked;
  t.markedSquares += o.marked * o.marked;
  const h = t.histogram;
  while (h.length <= o.marked) h.push(0);
  h[o.marked]!++;
  for (let i = 0; i < 4; i++) {
    const m = o.byLimb[i]!;
    if (m > 0) {
      t.limbMarked[i]! += m;
      t.limbHits[i]!++;
    }
  }
  t.attackerMarked += o.attackerMarked;
  if (o.attackerOutOfAction) t.attackerOutOfAction++;
  if (o.redirected) t.redirected++;
  if (o.noTarget) t.noTarget++;
}

/** Sum of tallies (commutative and associative: integer counts only). */
export function mergeTallies(into: Tally, add: Tally): Tally {
  into.iterations += add.iterations;
  into.successes += add.successes;
  into.outOfAction += add.outOfAction;
  into.marked += add.marked;
  into.markedSquares += add.markedSquares;
  for (let k = 0; k < add.histogram.length; k++) {
    while (into.histogram.length <= k) into.histogram.push(0);
    into.histogram[k]! += add.histogram[k]!;
  }
  for (let i = 0; i < 4; i++) {
    into.limbMarked[i]! += add.limbMarked[i]!;
    into.limbHits[i]! += add.limbHits[i]!;
  }
  into.attackerMarked += add.attackerMarked;
  into.attackerOutOfAction += add.attackerOutOfAction;
  into.redirected += add.redirected;
  into.noTarget += add.noTarget;
  return into;
}

export type Interval = [number, number];

const Z95 = 1.959963984540054;

/** Wilson score interval for `k` successes in `n` trials. */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Normal interval for a mean from its sum and sum of squares. */
export function meanInterval(sum: number, squares: number, n: number, z = Z95): Interval {
  if (n === 0) return [0, 0];
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (squares - n * mean * mean) / (n - 1)) : 0;
  const half = z * Math.sqrt(variance / n);
  return [Math.max(0, mean - half), mean + half];
}

export interface HistogramBin {
  marked: number;
  count: number;
  rate: number;
}

export interface LimbStats {
  /** Share of resolutions in which this limb lost at least 1 PC. */
  hitRate: number;
  /** PC this limb loses per resolution, on average. */
  expectedMarked: number;
}

export interface SimulationResult {
  iterations: number;
  successRate: number;
  outOfActionRate: number;
  expectedMarked: number;
  markedHistogram: HistogramBin[];
  byLimb: Record<Limb, LimbStats>;
  attacker: { expectedMarked: number; outOfActionRate: number };
  redirectRate: number;
  noTargetRate: number;
  confidence: {
    level: 0.95;
    successRate: Interval;
    outOfActionRate: Interval;
    expectedMarked: Interval;
    byLimb: Record<Limb, { hitRate: Interval }>;
  };
}

export function summarize(t: Tally): SimulationResult {
  const n = t.iterations;
  const rate = (k: number) => (n === 0 ? 0 : k / n);
  const byLimb = {} as Record<Limb, LimbStats>;
  const limbCi = {} as Record<Limb, { hitRate: Interval }>;
  LIMBS.forEach((limb, i) => {
    byLimb[limb] = { hitRate: rate(t.limbHits[i]!), expectedMarked: rate(t.limbMarked[i]!) };
    limbCi[limb] = { hitRate: wilson(t.limbHits[i]!, n) };
  });
  return {
    iterations: n,
    successRate: rate(t.successes),
    outOfActionRate: rate(t.outOfAction),
    expectedMarked: rate(t.marked),
    markedHistogram: t.histogram.map((count, marked) => ({ marked, count, rate: rate(count) })),
    byLimb,
    attacker: { expectedMarked: rate(t.attackerMarked), outOfActionRate: rate(t.attackerOutOfAction) },
    redirectRate: rate(t.redirected),
    noTargetRate: rate(t.noTarget),
    confidence: {
      level: 0.95,
      successRate: wilson(t.successes, n),
      outOfActionRate: wilson(t.outOfAction, n),
      expectedMarked: meanInterval(t.marked, t.markedSquares, n),
      byLimb: limbCi,
    },
  };
}
