/** Exact outcome distributions reduced to the statistics a simulation estimates. */
import { LIMBS, type Limb } from '../fighter.js';
import type { Outcome } from '../simulate/outcome.js';

export interface WeightedOutcome {
  p: number;
  outcome: Outcome;
}

export interface OddsResult {
  method: 'exact';
  successRate: number;
  outOfActionRate: number;
  expectedMarked: number;
  markedHistogram: { marked: number; rate: number }[];
  byLimb: Record<Limb, { hitRate: number; expectedMarked: number }>;
  attacker: { expectedMarked: number; outOfActionRate: number };
  redirectRate: number;
  noTargetRate: number;
}

export function reduceOutcomes(list: WeightedOutcome[]): OddsResult {
  let success = 0;
  let ooa = 0;
  let marked = 0;
  let aMarked = 0;
  let aOoa = 0;
  let redirected = 0;
  let noTarget = 0;
  let total = 0;
  const histogram: number[] = [];
  const limbMarked = [0, 0, 0, 0];
  const limbHit = [0, 0, 0, 0];
  for (const { p, outcome: o } of list) {
    total += p;
    if (o.success) success += p;
    if (o.outOfAction) ooa += p;
    marked += p * o.marked;
    while (histogram.length <= o.marked) histogram.push(0);
    histogram[o.marked]! += p;
    for (let i = 0; i < 4; i++) {
      if (o.byLimb[i]! > 0) {
        limbMarked[i]! += p * o.byLimb[i]!;
        limbHit[i]! += p;
      }
    }
    aMarked += p * o.attackerMarked;
    if (o.attackerOutOfAction) aOoa += p;
    if (o.redirected) redirected += p;
    if (o.noTarget) noTarget += p;
  }
  // total is 1 up to rounding; dividing removes the rounding drift
  const n = total > 0 ? total : 1;
  const byLimb = {} as OddsResult['byLimb'];
  LIMBS.forEach((limb, i) => (byLimb[limb] = { hitRate: limbHit[i]! / n, expectedMarked: limbMarked[i]! / n }));
  return {
    method: 'exact',
    successRate: success / n,
    outOfActionRate: ooa / n,
    expectedMarked: marked / n,
    markedHistogram: histogram.map((rate, k) => ({ marked: k, rate: rate / n })),
    byLimb,
    attacker: { expectedMarked: aMarked / n, outOfActionRate: aOoa / n },
    redirectRate: redirected / n,
    noTargetRate: noTarget / n,
  };
}
