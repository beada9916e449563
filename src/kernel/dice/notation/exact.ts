/**
 * Exact discrete distributions over integers: BigInt counts over one BigInt denominator, so every
 * probability is an exact rational and the counts always sum to the denominator. Work is charged
 * to a `Budget` before each step that does it (tables included); past it the computation stops with
 * 422 `too_complex`, budget `dice.distributionWork` (or `dice.distributionRange`, see budgets.ts).
 */
import { RuleViolation } from '../../errors.js';
import { MAX_RANGE, WORK_BUDGET, overBudget } from './budgets.js';

export { MAX_RANGE, WORK_BUDGET } from './budgets.js';

export interface Exact {
  /** The value of `counts[0]`. */
  lo: number;
  /** Dense counts for lo, lo+1, …; zero where a value cannot occur. */
  counts: bigint[];
  denom: bigint;
}

/** The weight of `ops` operations on integers of about `bits` bits (what a Budget is charged). */
export const weighted = (ops: number, bits = 64): number => ops * (1 + bits / 256);

export class Budget {
  spent = 0;
  constructor(readonly limit = WORK_BUDGET) {}

  /** Charge `ops` operations on integers of about `bits` bits, before doing them. */
  charge(ops: number, bits = 64): void {
    this.spent += weighted(ops, bits);
    if (this.spent > this.limit) this.refuse(this.spent);
  }

  /** Refuse now when work known to come (at least `ops` operations of `bits` bits) cannot fit; charges nothing. */
  require(ops: number, bits = 64): void {
    const needed = this.spent + weighted(ops, bits);
    if (needed > this.limit) this.refuse(needed);
  }

  private refuse(needed: number): never {
    overBudget('dice.distributionWork', needed, `its exact distribution needs more than ${this.limit.toLocaleString('en')} big-integer operations`, this.limit);
  }
}

/** Values beyond ±(2^53 − 1) cannot be told apart as JSON numbers: 422 `out_of_range`, as when rolling. */
function checkSafe(lo: number, high: number): void {
  if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(high)) throw new RuleViolation('out_of_range', 'The notation can reach beyond ±9,007,199,254,740,991.');
}

export function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(16).length * 4;
}

function checkRange(lo: number, hi: number): void {
  checkSafe(lo, hi);
  if (hi - lo + 1 > MAX_RANGE)
    overBudget('dice.distributionRange', hi - lo + 1, `its values would span ${(hi - lo + 1).toLocaleString('en')} integers (at most ${MAX_RANGE.toLocaleString('en')})`);
}

export const hi = (d: Exact): number => d.lo + d.counts.length - 1;

export function constant(value: number): Exact {
  return { lo: value, counts: [1n], denom: 1n };
}

/** Every face lo..hi equally likely. */
export function uniform(lo: number, high: number): Exact {
  return { lo, counts: Array.from({ length: high - lo + 1 }, () => 1n), denom: BigInt(high - lo + 1) };
}

/** Drop zero counts at both ends. */
export function trim(d: Exact): Exact {
  let a = 0;
  let b = d.counts.length - 1;
  while (a < b && d.counts[a] === 0n) a++;
  while (b > a && d.counts[b] === 0n) b--;
  return a === 0 && b === d.counts.length - 1 ? d : { lo: d.lo + a, counts: d.counts.slice(a, b + 1), denom: d.denom };
}

export function scale(d: Exact, factor: bigint): Exact {
  return { lo: d.lo, counts: d.counts.map((c) => c * factor), denom: d.denom * factor };
}

/** `a + b` on values of two distributions, summed over a common range (counts already over the same denominator). */
export function addCounts(a: Exact, b: Exact): Exact {
  const lo = Math.min(a.lo, b.lo);
  const out = Array.from({ length: Math.max(hi(a), hi(b)) - lo + 1 }, () => 0n);
  a.counts.forEach((c, i) => (out[a.lo - lo + i]! += c));
  b.counts.forEach((c, i) => (out[b.lo - lo + i]! += c));
  return { lo, counts: out, denom: a.denom };
}

/** Runs of equal non-zero counts: [start index, length, count]. */
function runs(counts: readonly bigint[]): [number, number, bigint][] {
  const out: [number, number, bigint][] = [];
  for (let i = 0; i < counts.length;) {
    let j = i + 1;
    while (j < counts.length && counts[j] === counts[i]) j++;
    if (counts[i] !== 0n) out.push([i, j - i, counts[i]!]);
    i = j;
  }
  return out;
}

/**
 * The distribution of X + Y for independent X ~ a, Y ~ b. Convolution by runs: each run of equal
 * counts in one operand adds a shifted sliding-window sum of the other (prefix sums), so a uniform
 * die costs one pass over the accumulated distribution.
 */
export function convolve(a: Exact, b: Exact, budget: Budget): Exact {
  checkRange(a.lo + b.lo, hi(a) + hi(b));
  let [x, y] = [a, b];
  let ry = runs(y.counts);
  const rx = runs(x.counts);
  if (rx.length < ry.length) [x, y, ry] = [b, a, rx];
  const n = x.counts.length;
  const lengths = new Set(ry.map((r) => r[1]));
  budget.charge(n * (2 + lengths.size) + (n + y.counts.length) * ry.length, bitLength(a.denom) + bitLength(b.denom));
  const prefix: bigint[] = [0n];
  for (let i = 0; i < n; i++) prefix.push(prefix[i]! + x.counts[i]!);
  const windows = new Map<number, bigint[]>();
  for (const len of lengths) {
    const w: bigint[] = [];
    for (let t = 0; t < n + len - 1; t++) w.push(prefix[Math.min(t, n - 1) + 1]! - prefix[Math.max(t - len + 1, 0)]!);
    windows.set(len, w);
  }
  const out = Array.from({ length: n + y.counts.length - 1 }, () => 0n);
  for (const [start, len, count] of ry) {
    const w = windows.get(len)!;
    if (count === 1n) for (let t = 0; t < w.length; t++) out[start + t]! += w[t]!;
    else for (let t = 0; t < w.length; t++) out[start + t]! += count * w[t]!;
  }
  return { lo: a.lo + b.lo, counts: out, denom: a.denom * b.denom };
}

/** The sum of `n` independent values of `d`. */
export function power(d: Exact, n: number, budget: Budget): Exact {
  let acc = constant(0);
  for (let i = 0; i < n; i++) acc = convolve(acc, d, budget);
  return acc;
}

export function negate(d: Exact): Exact {
  return { lo: -hi(d), counts: [...d.counts].reverse(), denom: d.denom };
}

/**
 * Products and quotients are monotonic in each operand while the divisor keeps one sign, so their
 * extremes are at the corners of the operands' ranges, and at divisors ±1 when the divisor's range
 * spans 0.
 */
export function cornerValues(aLo: number, aHi: number, bLo: number, bHi: number, fn: (x: number, y: number) => number): number[] {
  const ys = bLo < 0 && bHi > 0 ? [bLo, -1, 1, bHi] : [bLo, bHi];
  return ys.flatMap((y) => [fn(aLo, y), fn(aHi, y)]);
}

/** The distribution of `combine(X, Y)` for independent X ~ a, Y ~ b (products, quotients). */
export function combine(a: Exact, b: Exact, fn: (x: number, y: number) => number, budget: Budget): Exact {
  const corners = cornerValues(a.lo, hi(a), b.lo, hi(b), fn);
  checkRange(Math.min(...corners), Math.max(...corners)); // before the work: the corners bound the result

  budget.charge(a.counts.length * b.counts.length, bitLength(a.denom) + bitLength(b.denom));
  const out = new Map<number, bigint>();
  a.counts.forEach((ca, i) => {
    if (ca === 0n) return;
    b.counts.forEach((cb, j) => {
      if (cb === 0n) return;
      const v = fn(a.lo + i, b.lo + j);
      out.set(v, (out.get(v) ?? 0n) + ca * cb);
    });
  });
  let lo = Infinity;
  let high = -Infinity;
  for (const v of out.keys()) [lo, high] = [Math.min(lo, v), Math.max(high, v)]; // no spread: a×b values overflow the call stack
  checkRange(lo, high);
  const counts = Array.from({ length: high - lo + 1 }, () => 0n);
  for (const [v, c] of out) counts[v - lo] = c;
  return { lo, counts, denom: a.denom * b.denom };
}

/** p/q as a double, accurate even when both are far beyond 2^1024. */
export function ratio(p: bigint, q: bigint): number {
  return ratioOver(q)(p);
}

/** `p => p/q` for many numerators over one denominator (the scaling is worked out once). */
export function ratioOver(q: bigint): (p: bigint) => number {
  const shift = BigInt(Math.max(0, bitLength(q) - 960));
  const denominator = Number(q >> shift);
  return (p) => Number(p >> shift) / denominator;
}
