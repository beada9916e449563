/**
 * Exact distributions of EDEN rolls (no sampling).
 * - A characteristic roll's successes are binomial: the pool and threshold come from the rule
 *   function itself (`characteristicRoll` on a probe die), so EDEN-ROLL-2/3 are applied exactly
 *   as when rolling.
 * - An opposed roll's winner: the 36 pairs go through `opposedRoll`; a full tie re-rolls the same
 *   situation, so its probability is spread over the other outcomes (divide by 1 − P(tie)).
 */
import type { Dice, DiceTranscript } from '../../../../kernel/dice/index.js';
import { characteristicRoll, opposedRoll } from '../rolls.js';

/** Rolls `values` (then throws ExhaustedProbe) without recording anything. */
class ProbeDice implements Dice {
  private i = 0;
  constructor(private readonly values: number[]) {}
  roll(_purpose: string, count: number): number[] {
    if (count <= 0) return [];
    const out: number[] = [];
    for (let k = 0; k < count; k++) {
      if (this.i >= this.values.length) throw EXHAUSTED;
      out.push(this.values[this.i++]!);
    }
    return out;
  }
  transcript(): DiceTranscript {
    return { seed: null, rolls: [] };
  }
}
const EXHAUSTED = new Error('probe exhausted');

const binomCache = new Map<string, number[]>();

/** P(successes = k), k = 0..pool, for a characteristic roll of `value` against `difficulty`. */
export function successDistribution(value: number, difficulty: number): number[] {
  const key = `${value}|${difficulty}`;
  const hit = binomCache.get(key);
  if (hit) return hit;
  // the rule function decides the pool and threshold (EDEN-ROLL-2/3)
  const probe = characteristicRoll(new ProbeDice(new Array(64).fill(6)), 'probe', value, difficulty);
  const n = probe.pool;
  const p = Math.min(1, Math.max(0, (7 - probe.threshold) / 6));
  const dist = new Array<number>(n + 1).fill(0);
  let c = 1; // C(n, k)
  for (let k = 0; k <= n; k++) {
    dist[k] = c * p ** k * (1 - p) ** (n - k);
    c = (c * (n - k)) / (k + 1);
  }
  if (binomCache.size > 10_000) binomCache.clear();
  binomCache.set(key, dist);
  return dist;
}

/** P(first party wins) of an opposed roll (EDEN-ROLL-5) between values `a` and `b`. */
const opposedCache = new Map<string, number>();

export function opposedWinA(a: number, b: number): number {
  const key = `${a}|${b}`;
  const hit = opposedCache.get(key);
  if (hit !== undefined) return hit;
  let winA = 0;
  let decided = 0;
  for (let da = 1; da <= 6; da++) {
    for (let db = 1; db <= 6; db++) {
      try {
        const r = opposedRoll(new ProbeDice([da, db]), 'a', 'b', a, b);
        decided++;
        if (r.winner === 'a') winA++;
      } catch (error) {
        if (error !== EXHAUSTED) throw error; // a full tie: both re-roll the same situation
      }
    }
  }
  if (opposedCache.size > 10_000) opposedCache.clear();
  opposedCache.set(key, winA / decided);
  return winA / decided;
}
