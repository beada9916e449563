/**
 * The sum of `n` uniform dice lo..h that explode on their top face h only (`NdS!`, CONTRACT §7.3),
 * at most `depth` times each: the same counts as convolving `exploded(uniform)` n times, in about a
 * third of the big-integer operations.
 *
 * One such die is `low·G(x^h) + x^(h·depth)·g` over the denominator s^(depth+1), where g is the
 * uniform draw (s faces), low the draw without its top face, and
 * `G(z) = Σ_{k<depth} s^(depth-k) z^k = s·(s^depth − z^depth)/(s − z)` (the k-th explosion is a
 * shift by h with one face in s). Multiplying the running sum A by the die is then two sliding-window
 * sums of A (A·low and A·g, from one prefix sum), a two-term product and the division by (s − x^h),
 * done as the recurrence `y_i = (v_i + y_{i−h}) / s` whose every division is exact (the quotient is
 * an integer polynomial).
 */
import { Budget, bitLength, type Exact } from './exact.js';

/** Whether `explodingSum` models this die: a uniform draw lo..h exploding on h alone, h ≥ 1, two faces or more. */
export function isTopFaceExplosion(lo: number, h: number, atLeast: number): boolean {
  return atLeast === h && h >= 1 && h > lo;
}

export function explodingSum(lo: number, h: number, depth: number, n: number, budget: Budget): Exact {
  const s = h - lo + 1;
  const faces = BigInt(s);
  const sDepth = faces ** BigInt(depth);
  const shift = h * depth;
  let acc: bigint[] = [1n];
  let denomBits = 0;
  const prefix: bigint[] = [];
  for (let step = 0; step < n; step++) {
    const m = acc.length;
    const outLen = m + s - 1 + shift;
    denomBits += bitLength(faces) * (depth + 1);
    budget.charge(outLen * 8, denomBits);
    prefix.length = 0;
    prefix.push(0n);
    for (let i = 0; i < m; i++) prefix.push(prefix[i]! + acc[i]!);
    const total = prefix[m]!;
    /** Σ A_j over j in (i − width, i]: a sliding window of A. */
    const window = (i: number, width: number): bigint => {
      if (i < 0) return 0n;
      const to = i + 1 < m ? prefix[i + 1]! : total;
      const from = i + 1 - width;
      return from <= 0 ? to : to - (from < m ? prefix[from]! : total);
    };
    const out: bigint[] = new Array(outLen);
    const y: bigint[] = new Array(outLen);
    for (let i = 0; i < outLen; i++) {
      let v = i < m + s - 1 ? sDepth * window(i, s - 1) : 0n; // s^depth · (A·low)
      const j = i - shift;
      let tail = 0n;
      if (j >= 0) {
        v -= window(j, s - 1); // − x^(h·depth) · (A·low)
        tail = window(j, s); // x^(h·depth) · (A·g): the draw at the last depth is kept as drawn
      }
      if (i >= h) v += y[i - h]!; // s·y_i = v_i + y_{i−h}
      y[i] = v / faces;
      out[i] = v + tail;
    }
    let end = outLen;
    while (end > 1 && out[end - 1] === 0n) end--;
    acc = end === outLen ? out : out.slice(0, end);
  }
  return { lo: lo * n, counts: acc, denom: faces ** BigInt((depth + 1) * n) };
}
