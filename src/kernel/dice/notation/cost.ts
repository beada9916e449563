/**
 * The work an exact distribution will be charged (budget `dice.distributionWork`), estimated from
 * the notation's tree alone, without building a table: the same charges as exact.ts and
 * distribution.ts, made on shapes (range, size of the denominator, runs of equal counts) instead of
 * counts. Used where several distributions share one budget (a GraphQL document, README
 * "Budgets") to refuse the lot before any of them runs. Exact for sums of plain dice and top-face
 * explosions; an estimate where counts decide (keep/drop states, runs after rerolls), which
 * tests/unit/dice/budgets.test.ts keeps within a factor of two of the real charges.
 *
 * Where the computation itself stops (a range over MAX_RANGE, a divisor that can be 0, the budget
 * passed, a keep/drop table that cannot fit) the estimate stops too: it is what the computation
 * spends, at most a little over the budget.
 */
import { MAX_EXPLOSIONS, MAX_REROLLS, highestFace, lowestFace, type DiceExpression, type DiceTerm } from './ast.js';
import { MAX_RANGE, WORK_BUDGET } from './budgets.js';
import { isTopFaceExplosion } from './exploding-sum.js';
import { binomialTableSize, keepOrderFloor, keptCount } from './distribution.js';
import { cornerValues, weighted } from './exact.js';

/** A distribution as the charges see it: its range, log2 of its denominator and runs of equal counts. */
interface Shape {
  lo: number;
  hi: number;
  log2: number;
  runs: number;
}

/** The computation stops here (it throws): so does the estimate. */
class Stop extends Error {}

/** bitLength of a denominator whose log2 is `log2` (hexadecimal digits × 4, as exact.ts counts). */
const bitsOf = (log2: number): number => 4 * (Math.floor(log2 / 4 + 1e-9) + 1);
const size = (d: Shape): number => d.hi - d.lo + 1;
const constant = (v: number): Shape => ({ lo: v, hi: v, log2: 0, runs: 1 });

class Meter {
  spent = 0;
  constructor(private readonly limit: number) {}

  charge(ops: number, bits = 64): void {
    this.spent += weighted(ops, bits);
    if (this.spent > this.limit) throw new Stop();
  }

  require(ops: number, bits: number): void {
    if (this.spent + weighted(ops, bits) > this.limit) throw new Stop();
  }

  convolve(a: Shape, b: Shape): Shape {
    const lo = a.lo + b.lo;
    const hi = a.hi + b.hi;
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi - lo + 1 > MAX_RANGE) throw new Stop();
    const [x, y] = a.runs < b.runs ? [b, a] : [a, b];
    const lengths = y.runs === 1 ? 1 : Math.min(y.runs, 3);
    this.charge(size(x) * (2 + lengths) + (size(x) + size(y)) * y.runs, bitsOf(a.log2) + bitsOf(b.log2));
    const runs = size(a) === 1 ? b.runs : size(b) === 1 ? a.runs : hi - lo + 1;
    return { lo, hi, log2: a.log2 + b.log2, runs };
  }

  power(die: Shape, n: number): Shape {
    let acc = constant(0);
    for (let i = 0; i < n; i++) acc = this.convolve(acc, die);
    return acc;
  }

  combine(a: Shape, b: Shape, fn: (x: number, y: number) => number): Shape {
    const corners = cornerValues(a.lo, a.hi, b.lo, b.hi, fn);
    const [lo, hi] = [Math.min(...corners), Math.max(...corners)];
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi - lo + 1 > MAX_RANGE) throw new Stop();
    this.charge(size(a) * size(b), bitsOf(a.log2) + bitsOf(b.log2));
    return { lo, hi, log2: a.log2 + b.log2, runs: hi - lo + 1 };
  }

  /** One die: its faces, rerolls (two runs: faces redrawn and faces kept), explosions. */
  die(term: DiceTerm): Shape {
    const [lo, hi] = [lowestFace(term), highestFace(term)];
    this.charge(hi - lo + 1);
    let g: Shape = { lo, hi, log2: Math.log2(hi - lo + 1), runs: 1 };
    if (term.reroll) {
      const times = term.reroll.once ? 1 : MAX_REROLLS;
      this.charge(size(g), bitsOf(g.log2) * (times + 1));
      g = { ...g, log2: g.log2 * (times + 1), runs: term.reroll.below > lo && term.reroll.below <= hi ? 2 : 1 };
    }
    if (!term.explode || term.explode.atLeast > g.hi) return g;
    this.charge(2 * size(g), bitsOf(g.log2));
    const atLeast = Math.max(term.explode.atLeast, g.lo);
    const high: Shape = { lo: atLeast, hi: g.hi, log2: g.log2, runs: Math.min(g.runs, g.hi - atLeast + 1) };
    let die = g;
    for (let k = 1; k <= MAX_EXPLOSIONS; k++) {
      const sum = this.convolve(high, die);
      const lo = atLeast > g.lo ? g.lo : sum.lo;
      // one exploding face leaves blocks of equal counts (two more per depth); several smear them
      die = { lo, hi: sum.hi, log2: sum.log2, runs: atLeast === g.hi ? Math.min(sum.hi - lo + 1, (2 * k + 1) * g.runs) : sum.hi - lo + 1 };
    }
    return die;
  }

  keepOrder(die: Shape, n: number, keep: number, success: boolean, failures = false): Shape {
    const values = size(die);
    const bits = bitsOf(die.log2) * n;
    this.charge(binomialTableSize(n), n);
    this.require(keepOrderFloor(n, values), bits);
    // pass p (p values placed before it): states per number of dice placed j ≈ min(j, keep)·(p − 1) + 1 scores
    let scored = 0; // Σ_j min(j, keep)·(n − j + 1)
    for (let j = 0; j <= n; j++) scored += Math.min(j, keep) * (n - j + 1);
    const rows = binomialTableSize(n);
    for (let p = 0; p < values; p++) {
      this.charge(n, bitsOf(die.log2) * n);
      const spread = success ? Math.min(p - 1, 1) : p - 1;
      this.charge(p === 0 ? n + 1 : spread * scored + rows, bits);
    }
    const [lo, hi] = success ? [failures ? -keep : 0, keep] : [keep * die.lo, keep * die.hi];
    return { lo, hi, log2: die.log2 * n, runs: hi - lo + 1 };
  }

  /** explodingSum's charges, step by step (exploding-sum.ts). */
  explodingSum(lo: number, h: number, n: number): Shape {
    const s = h - lo + 1;
    let m = 1;
    let denomBits = 0;
    for (let step = 0; step < n; step++) {
      const outLen = m + s - 1 + h * MAX_EXPLOSIONS;
      denomBits += bitsOf(Math.log2(s)) * (MAX_EXPLOSIONS + 1);
      this.charge(outLen * 8, denomBits);
      m = outLen;
    }
    return { lo: lo * n, hi: lo * n + m - 1, log2: Math.log2(s) * (MAX_EXPLOSIONS + 1) * n, runs: m };
  }

  term(term: DiceTerm): Shape {
    const [lo, top] = [lowestFace(term), highestFace(term)];
    if (term.explode && !term.reroll && !term.success && !term.keep && isTopFaceExplosion(lo, top, term.explode.atLeast)) return this.explodingSum(lo, top, term.count);
    const die = this.die(term);
    const keep = keptCount(term);
    if (keep === 0) return constant(0);
    if (keep < term.count) return this.keepOrder(die, term.count, keep, !!term.success, !!term.failure);
    if (!term.success) return this.power(die, term.count);
    if (term.failure) return this.power({ lo: -1, hi: 1, log2: die.log2, runs: 3 }, term.count);
    const { op, target } = term.success;
    const both = op === '>=' ? die.lo < target && die.hi >= target : die.lo <= target && die.hi > target;
    return this.power(both ? { lo: 0, hi: 1, log2: die.log2, runs: 2 } : constant(0), term.count);
  }

  expression(node: DiceExpression): Shape {
    switch (node.kind) {
      case 'number':
        return constant(node.value);
      case 'dice':
        return this.term(node);
      case 'negate': {
        const d = this.expression(node.operand);
        return { ...d, lo: -d.hi, hi: -d.lo };
      }
      case 'binary': {
        const a = this.expression(node.left);
        const b = this.expression(node.right);
        if (node.op === '+') return this.convolve(a, b);
        if (node.op === '-') return this.convolve(a, { ...b, lo: -b.hi, hi: -b.lo });
        if (node.op === '*') return this.combine(a, b, (x, y) => x * y);
        if (b.lo <= 0 && b.hi >= 0) throw new Stop(); // a divisor that can be 0 is refused before the table
        return this.combine(a, b, (x, y) => Math.floor(x / y));
      }
    }
  }
}

/**
 * The work (weighted big-integer operations, as `Budget` counts them) the exact distribution of
 * `expression` is charged, estimated without computing it; past `limit` the computation stops, and
 * so does the estimate (a little over `limit`).
 */
export function distributionCost(expression: DiceExpression, limit = WORK_BUDGET): number {
  const meter = new Meter(limit);
  try {
    meter.expression(expression);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return meter.spent;
}
