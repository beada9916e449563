/**
 * The exact distribution of a dice notation (CONTRACT §7.3), modelling the same process as
 * `rollNotation`:
 * - one draw: every face equally likely; `r<n` redraws a face below n up to MAX_REROLLS times and
 *   keeps the last redraw whatever it shows, `ro<n` once;
 * - one die: a draw, plus while it shows an exploding face another draw, at most MAX_EXPLOSIONS
 *   times (the draw at that depth is kept as drawn: the truncated tail is folded into its face,
 *   never dropped, so probabilities still sum to 1);
 * - one term: keep/drop by order statistics (dynamic programming over the die's values with
 *   multinomial weights), success counting on the kept dice, otherwise an n-fold convolution;
 * - `+ -` convolve independent terms, `* /` combine them pairwise (division rounds down).
 */
import { RuleViolation } from '../../errors.js';
import { MAX_EXPLOSIONS, MAX_REROLLS, highestFace, lowestFace, successScore, type DiceExpression, type DiceTerm } from './ast.js';
import { explodingSum, isTopFaceExplosion } from './exploding-sum.js';
import { Budget, addCounts, bitLength, combine, constant, convolve, hi, negate, power, ratio, ratioOver, scale, trim, uniform, type Exact } from './exact.js';

/** One draw after `r<n` / `ro<n`: a face below n is redrawn up to `times` times. */
function rerolled(g: Exact, below: number, times: number, budget: Budget): Exact {
  budget.charge(g.counts.length, bitLength(g.denom) * (times + 1));
  const m = g.counts.reduce((s, c, i) => (g.lo + i < below ? s + c : s), 0n);
  const d = g.denom;
  let accept = 0n; // Σ_{k=0..times} m^k d^(times-k): the ways a face ≥ n is finally shown
  for (let k = 0; k <= times; k++) accept += m ** BigInt(k) * d ** BigInt(times - k);
  const last = m ** BigInt(times);
  return { lo: g.lo, counts: g.counts.map((c, i) => c * (g.lo + i < below ? last : accept)), denom: d ** BigInt(times + 1) };
}

/** One exploding die: a draw showing `atLeast` or more adds another, at most `depth` times. */
function exploded(g: Exact, atLeast: number, depth: number, budget: Budget): Exact {
  budget.charge(2 * g.counts.length, bitLength(g.denom));
  const part = (keep: (v: number) => boolean): Exact => ({ lo: g.lo, counts: g.counts.map((c, i) => (keep(g.lo + i) ? c : 0n)), denom: g.denom });
  const low = part((v) => v < atLeast);
  const high = trim(part((v) => v >= atLeast));
  if (high.counts.every((c) => c === 0n)) return g;
  let die = g; // the draw at the last depth never explodes
  for (let k = 0; k < depth; k++) die = trim(addCounts(scale(low, die.denom), convolve(high, die, budget)));
  return die;
}

/** How many dice a keep/drop modifier keeps out of `n`. */
export function keptCount(term: DiceTerm): number {
  if (!term.keep) return term.count;
  const { mode, count } = term.keep;
  return Math.max(0, Math.min(term.count, mode === 'kh' || mode === 'kl' ? count : term.count - count));
}

/** Binomial coefficients C(i, k) for i ≤ n: (n + 1)(n + 2)/2 numbers of at most n bits. */
export const binomialTableSize = (n: number): number => ((n + 1) * (n + 2)) / 2;

/**
 * The least work `keepOrder` does on `values` distinct values (its state count per pass is at least
 * one per number of dice placed): the first pass (n + 1), then (n + 1)(n + 2)/2 per further value.
 */
export const keepOrderFloor = (n: number, values: number): number => n + 1 + Math.max(0, values - 1) * binomialTableSize(n);

function binomials(n: number): bigint[][] {
  const rows: bigint[][] = [[1n]];
  for (let i = 1; i <= n; i++) {
    const prev = rows[i - 1]!;
    rows.push(Array.from({ length: i + 1 }, (_, k) => (k === 0 || k === i ? 1n : prev[k - 1]! + prev[k]!)));
  }
  return rows;
}

/**
 * Keep the `keep` highest (or lowest) of `n` independent dice ~ `die`, summing `score(value)` over
 * the kept ones. Values are visited from the kept end; the state is (dice placed, score so far),
 * and placing c dice on a value weighs C(n − placed, c) · count^c (the multinomial coefficient).
 */
function keepOrder(die: Exact, n: number, keep: number, highest: boolean, score: (v: number) => number, budget: Budget): Exact {
  const values = die.counts.map((c, i) => [die.lo + i, c] as const).filter(([, c]) => c !== 0n);
  if (highest) values.reverse();
  const bits = bitLength(die.denom) * n;
  // checked before any table is built: the binomials are charged, and the least work of the passes
  // below must fit (1000d2kh500 is refused here, not after building a million-entry table)
  budget.charge(binomialTableSize(n), n);
  budget.require(keepOrderFloor(n, values.length), bits);
  const choose = binomials(n);
  let dp: Map<number, bigint>[] = Array.from({ length: n + 1 }, (_, j) => new Map(j === 0 ? [[0, 1n]] : []));
  for (const [v, count] of values) {
    budget.charge(n, bitLength(count) * n);
    const powers = [1n];
    for (let c = 1; c <= n; c++) powers.push(powers[c - 1]! * count);
    const next: Map<number, bigint>[] = Array.from({ length: n + 1 }, () => new Map());
    for (let j = 0; j <= n; j++) {
      budget.charge(dp[j]!.size * (n - j + 1), bits);
      for (const [sum, w] of dp[j]!) {
        for (let c = 0; c <= n - j; c++) {
          const s = sum + score(v) * (Math.min(j + c, keep) - Math.min(j, keep));
          const add = w * choose[n - j]![c]! * powers[c]!;
          next[j + c]!.set(s, (next[j + c]!.get(s) ?? 0n) + add);
        }
      }
    }
    dp = next;
  }
  const final = dp[n]!;
  let lo = Infinity;
  let high = -Infinity;
  for (const s of final.keys()) [lo, high] = [Math.min(lo, s), Math.max(high, s)];
  const counts = Array.from({ length: high - lo + 1 }, () => 0n);
  for (const [s, c] of final) counts[s - lo] = c;
  return { lo, counts, denom: die.denom ** BigInt(n) };
}

/** The distribution of one die of `term` (rerolls and explosions applied). */
export function dieDistribution(term: DiceTerm, budget: Budget): Exact {
  const [lo, top] = [lowestFace(term), highestFace(term)];
  budget.charge(top - lo + 1); // the faces' table (a d1000000 has a million)
  let g = uniform(lo, top);
  if (term.reroll) g = rerolled(g, term.reroll.below, term.reroll.once ? 1 : MAX_REROLLS, budget);
  if (term.explode) g = exploded(g, term.explode.atLeast, MAX_EXPLOSIONS, budget);
  return g;
}

function termDistribution(term: DiceTerm, budget: Budget): Exact {
  const [lo, top] = [lowestFace(term), highestFace(term)];
  if (term.explode && !term.reroll && !term.success && !term.keep && isTopFaceExplosion(lo, top, term.explode.atLeast)) {
    return explodingSum(lo, top, MAX_EXPLOSIONS, term.count, budget); // the same counts as the n-fold convolution below, faster
  }
  const die = dieDistribution(term, budget);
  // success counting scores each kept die +1 (success), −1 (failure, `f<=n`) or 0
  const score = term.success ? (v: number) => successScore(term, v) : (v: number) => v;
  const keep = keptCount(term);
  if (keep === 0) return constant(0);
  if (keep < term.count) {
    const highest = term.keep!.mode === 'kh' || term.keep!.mode === 'dl';
    return keepOrder(die, term.count, keep, highest, score, budget);
  }
  if (!term.success) return power(die, term.count, budget);
  const scores = [0n, 0n, 0n]; // −1, 0, +1
  die.counts.forEach((c, i) => (scores[score(die.lo + i) + 1]! += c));
  return power(trim({ lo: -1, counts: scores, denom: die.denom }), term.count, budget);
}

function expressionDistribution(node: DiceExpression, budget: Budget): Exact {
  switch (node.kind) {
    case 'number':
      return constant(node.value);
    case 'dice':
      return trim(termDistribution(node, budget));
    case 'negate':
      return negate(expressionDistribution(node.operand, budget));
    case 'binary': {
      const a = expressionDistribution(node.left, budget);
      const b = expressionDistribution(node.right, budget);
      if (node.op === '+') return trim(convolve(a, b, budget));
      if (node.op === '-') return trim(convolve(a, negate(b), budget));
      if (node.op === '*') return trim(combine(a, b, (x, y) => x * y, budget));
      if (b.lo <= 0 && hi(b) >= 0 && b.counts[-b.lo] !== 0n) {
        throw new RuleViolation('division_by_zero', 'The notation can divide by zero.');
      }
      return trim(combine(a, b, (x, y) => Math.floor(x / y), budget));
    }
  }
}

export interface DistributionEntry {
  value: number;
  probability: number;
  /** P(X ≥ value) (CONTRACT §8.3). */
  atLeast: number;
  /** P(X ≤ value). */
  atMost: number;
}

export interface DistributionSummary {
  min: number;
  max: number;
  mean: number;
  stdev: number;
  distribution: DistributionEntry[];
  /** The exact counts behind the probabilities (each value: count / denom). */
  exact: Exact;
}

/** The exact distribution of `expression`, with its moments; 422 `too_complex` past the budget. */
export function notationDistribution(expression: DiceExpression, budget = new Budget()): DistributionSummary {
  return summarize(trim(expressionDistribution(expression, budget)));
}

/** Moments, entries and tails of an exact distribution. */
export function summarize(d: Exact): DistributionSummary {
  let first = 0n;
  let second = 0n;
  const distribution: DistributionSummary['distribution'] = [];
  const probability = ratioOver(d.denom);
  // cumulative counts are exact too: each tail is its own big-integer sum, rounded once
  let below = 0n;
  d.counts.forEach((c, i) => {
    if (c === 0n) return;
    const v = BigInt(d.lo + i);
    first += v * c;
    second += v * v * c;
    distribution.push({ value: d.lo + i, probability: probability(c), atLeast: probability(d.denom - below), atMost: probability(below + c) });
    below += c;
  });
  const variance = ratio(d.denom * second - first * first, d.denom * d.denom);
  return {
    min: d.lo,
    max: hi(d),
    mean: ratio(first, d.denom),
    stdev: Math.sqrt(Math.max(0, variance)),
    distribution,
    exact: d,
  };
}

export interface Comparison {
  a: DistributionSummary;
  b: DistributionSummary;
  /** P(A > B), P(A = B), P(B > A) for independent A and B, each exact until rounded to a double. */
  pAGreater: number;
  pEqual: number;
  pBGreater: number;
}

/**
 * Two notations rolled independently (CONTRACT §8.3 `POST /v1/dice/compare`): both exact
 * distributions and who rolls higher, within ONE budget (both tables and the comparison pass are
 * charged to it, so a comparison costs what its two distributions cost, plus a linear pass).
 */
export function compareNotations(a: DiceExpression, b: DiceExpression, budget = new Budget()): Comparison {
  const da = trim(expressionDistribution(a, budget));
  const db = trim(expressionDistribution(b, budget));
  budget.charge(2 * (da.counts.length + db.counts.length), bitLength(da.denom) + bitLength(db.denom));
  // below[k]: the ways B shows a value below lo(B) + k (a prefix sum of B's counts)
  const below: bigint[] = [0n];
  for (const c of db.counts) below.push(below.at(-1)! + c);
  const bLess = (v: number): bigint => below[Math.max(0, Math.min(db.counts.length, v - db.lo))]!;
  let greater = 0n;
  let equal = 0n;
  da.counts.forEach((c, i) => {
    if (c === 0n) return;
    const v = da.lo + i;
    greater += c * bLess(v);
    const k = v - db.lo;
    if (k >= 0 && k < db.counts.length) equal += c * db.counts[k]!;
  });
  const all = da.denom * db.denom;
  return { a: summarize(da), b: summarize(db), pAGreater: ratio(greater, all), pEqual: ratio(equal, all), pBGreater: ratio(all - greater - equal, all) };
}
