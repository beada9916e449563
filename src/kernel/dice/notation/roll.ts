/**
 * Rolling a parsed notation with the request's dice (CONTRACT §7.3). Terms are rolled left to
 * right. Within a term, its `count` dice are drawn first (one transcript entry, purpose = the
 * term), then die by die, in order, each reroll and explosion as it happens (one entry each).
 * Fixed `values` are therefore consumed in exactly that order; dF dice are fudge dice (−1, 0, +1 in
 * fixed values and in the transcript). Every draw of a dice term is also kept with the die it
 * belongs to and how it counts (rerolled away, exploded, its die dropped), for the Foundry form of
 * the answer (src/kernel/dice/foundry-notation.ts).
 */
import type { Dice } from '../index.js';
import { RuleViolation } from '../../errors.js';
import { MAX_EXPLOSIONS, MAX_REROLLS, successScore, type DiceExpression, type DiceTerm, type NumberTerm } from './ast.js';
import { checkRollBudget } from './budgets.js';

export interface RolledTerm {
  /** The term as written: `4d6kh3`, or a constant: `2`. */
  notation: string;
  /** Each die's value in roll order (an exploded die: the sum of its draws). */
  values: number[];
  /** The values kept, in roll order. */
  kept: number[];
  /** Sum of the kept values, or with success counting the number of kept dice meeting the target. */
  total: number;
  /** With success counting: how many kept dice succeeded. */
  successes?: number;
  /** With failures (`f<=n`): how many kept dice failed (the total is successes − failures). */
  failures?: number;
  /** The term's `[text]` label, as written. */
  label?: string;
}

/** One draw of a dice term, as the transcript holds it. */
export interface Draw {
  value: number;
  /** The term's die (0-based) it belongs to: the die's first draw, or one of its rerolls and explosions. */
  die: number;
  /** Rolled again (`r<n`, `ro<n`): the die's next draw replaces it. */
  rerolled?: true;
  /** Exploded (`!`, `!!`): the die's next draw adds to it. */
  exploded?: true;
  /** Its die was dropped by keep/drop. */
  dropped?: true;
}

export interface NotationRoll {
  total: number;
  terms: RolledTerm[];
  /** Every dice term's draws (left to right, one list per term), each list in transcript order. */
  draws: Draw[][];
}

/** Which dice of `values` a keep/drop modifier keeps (ties: the earlier die counts as higher). */
export function keptMask(term: DiceTerm, values: readonly number[]): boolean[] {
  const n = values.length;
  if (!term.keep) return values.map(() => true);
  const { mode, count } = term.keep;
  const highest = mode === 'kh' || mode === 'dl';
  const keep = Math.max(0, Math.min(n, mode === 'kh' || mode === 'kl' ? count : n - count));
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => (highest ? b[0] - a[0] : a[0] - b[0]) || a[1] - b[1]);
  const mask = values.map(() => false);
  for (let i = 0; i < keep; i++) mask[order[i]![1]] = true;
  return mask;
}

function rollTerm(term: DiceTerm, dice: Dice, draws: Draw[]): RolledTerm {
  const kind = term.fudge ? 'fudge' : 'standard';
  const first = dice.roll(term.notation, term.count, term.sides, kind);
  first.forEach((value, die) => draws.push({ value, die }));
  const values = first.map((face, die) => {
    const label = `${term.notation} die ${die + 1}`;
    /** The die's latest draw. */
    let last = draws[die]!;
    const draw = (purpose: string): number => {
      last = { value: dice.roll(purpose, 1, term.sides, kind)[0]!, die };
      draws.push(last);
      return last.value;
    };
    // r<n / ro<n: a draw below n is rolled again (r: up to MAX_REROLLS times, the last one kept)
    const reroll = (value: number) => {
      let v = value;
      const limit = term.reroll ? (term.reroll.once ? 1 : MAX_REROLLS) : 0;
      for (let k = 0; k < limit && v < term.reroll!.below; k++) {
        last.rerolled = true;
        v = draw(`${label} reroll`);
      }
      return v;
    };
    let current = reroll(face);
    let value = current;
    // '!' / '!!': a draw showing the exploding face adds another draw, at most MAX_EXPLOSIONS times
    for (let depth = 0; term.explode && depth < MAX_EXPLOSIONS && current >= term.explode.atLeast; depth++) {
      last.exploded = true;
      current = reroll(draw(`${label} explosion`));
      value += current;
    }
    return value;
  });
  const mask = keptMask(term, values);
  for (const d of draws) if (!mask[d.die]) d.dropped = true;
  const kept = values.filter((_, i) => mask[i]);
  const label = term.label === undefined ? {} : { label: term.label };
  if (term.success) {
    const successes = kept.filter((v) => successScore({ success: term.success }, v) > 0).length;
    if (!term.failure) return { notation: term.notation, values, kept, total: successes, successes, ...label };
    const failures = kept.filter((v) => successScore({ failure: term.failure }, v) < 0).length;
    return { notation: term.notation, values, kept, total: successes - failures, successes, failures, ...label };
  }
  return { notation: term.notation, values, kept, total: kept.reduce((a, b) => a + b, 0), ...label };
}

function constantTerm(node: NumberTerm): RolledTerm {
  return { notation: String(node.value), values: [], kept: [], total: node.value, ...(node.label === undefined ? {} : { label: node.label }) };
}

/** Integer division rounding down; a zero divisor is 422 `division_by_zero`. */
function divide(a: number, b: number): number {
  if (b === 0) throw new RuleViolation('division_by_zero', 'The notation divides by zero.');
  return Math.floor(a / b);
}

function checked(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RuleViolation('out_of_range', 'The total is beyond ±9,007,199,254,740,991.');
  return n;
}

/**
 * Roll `expression` with `dice`: the total and every term in the order it was rolled. The budgets
 * `dice.draws` and `dice.transcriptEntries` are checked first, from the tree: past either nothing
 * is drawn (422 `too_complex`).
 */
export function rollNotation(expression: DiceExpression, dice: Dice): NotationRoll {
  checkRollBudget(expression);
  const terms: RolledTerm[] = [];
  const draws: Draw[][] = [];
  const evaluate = (node: DiceExpression): number => {
    switch (node.kind) {
      case 'number':
        terms.push(constantTerm(node));
        return node.value;
      case 'dice': {
        const drawn: Draw[] = [];
        const rolled = rollTerm(node, dice, drawn);
        draws.push(drawn);
        terms.push(rolled);
        return rolled.total;
      }
      case 'negate':
        return checked(-evaluate(node.operand));
      case 'binary': {
        const a = evaluate(node.left);
        const b = evaluate(node.right);
        if (node.op === '+') return checked(a + b);
        if (node.op === '-') return checked(a - b);
        if (node.op === '*') return checked(a * b);
        return divide(a, b);
      }
    }
  };
  const total = evaluate(expression);
  return { total: total === 0 ? 0 : total, terms, draws };
}
