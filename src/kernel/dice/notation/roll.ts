/**
 * Rolling a parsed notation with the request's dice (CONTRACT §7.3). Terms are rolled left to
 * right. Within a term, its `count` dice are drawn first (one transcript entry, purpose = the
 * term), then die by die, in order, each reroll and explosion as it happens (one entry each).
 * Fixed `values` are therefore consumed in exactly that order; dF dice are fudge dice (−1, 0, +1 in
 * fixed values and in the transcript). Every draw is also marked (kept or dropped, rerolled,
 * exploded) by transcript entry, for the Foundry form of the answer (foundry.ts).
 */
import type { Dice } from '../index.js';
import { RuleViolation } from '../../errors.js';
import { MAX_EXPLOSIONS, MAX_REROLLS, successScore, type DiceExpression, type DiceTerm, type NumberTerm } from './ast.js';
import type { DrawMark } from '../foundry.js';
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

export interface NotationRoll {
  total: number;
  terms: RolledTerm[];
  /**
   * How each draw counts (dropped, rerolled away, exploded), by transcript entry: key 0 is the first
   * entry this roll added to its dice source, whatever the source held before.
   */
  marks: Map<number, DrawMark[]>;
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

/** Where one die's draws sit in the transcript: the index of their entry and the position within it. */
type DrawAt = [entry: number, position: number];

function rollTerm(term: DiceTerm, dice: Dice, marks: Map<number, DrawMark[]>, firstEntry: number): RolledTerm {
  const kind = term.fudge ? 'fudge' : 'standard';
  let entry = firstEntry;
  const mark = (at: DrawAt, set: DrawMark) => Object.assign(marks.get(at[0])![at[1]]!, set);
  const record = (count: number) => {
    marks.set(
      entry,
      Array.from({ length: count }, () => ({})),
    );
    return entry++;
  };
  const draw = (purpose: string): [number, DrawAt] => {
    const value = dice.roll(purpose, 1, term.sides, kind)[0]!;
    return [value, [record(1), 0]];
  };
  const first = dice.roll(term.notation, term.count, term.sides, kind);
  const firstAt = record(first.length);
  /** Each die's draws, for marking the dropped ones. */
  const drawsOf: DrawAt[][] = [];
  const values = first.map((face, i) => {
    const label = `${term.notation} die ${i + 1}`;
    const draws: DrawAt[] = [[firstAt, i]];
    // r<n / ro<n: a draw below n is rolled again (r: up to MAX_REROLLS times, the last one kept)
    const reroll = (value: number) => {
      let v = value;
      const limit = term.reroll ? (term.reroll.once ? 1 : MAX_REROLLS) : 0;
      for (let k = 0; k < limit && v < term.reroll!.below; k++) {
        mark(draws.at(-1)!, { rerolled: true });
        const [next, at] = draw(`${label} reroll`);
        draws.push(at);
        v = next;
      }
      return v;
    };
    let current = reroll(face);
    let value = current;
    // '!' / '!!': a draw showing the exploding face adds another draw, at most MAX_EXPLOSIONS times
    for (let depth = 0; term.explode && depth < MAX_EXPLOSIONS && current >= term.explode.atLeast; depth++) {
      mark(draws.at(-1)!, { exploded: true });
      const [next, at] = draw(`${label} explosion`);
      draws.push(at);
      current = reroll(next);
      value += current;
    }
    drawsOf.push(draws);
    return value;
  });
  const mask = keptMask(term, values);
  mask.forEach((kept, i) => {
    if (!kept) for (const at of drawsOf[i]!) mark(at, { dropped: true });
  });
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
  const marks = new Map<number, DrawMark[]>();
  let entries = 0;
  const evaluate = (node: DiceExpression): number => {
    switch (node.kind) {
      case 'number':
        terms.push(constantTerm(node));
        return node.value;
      case 'dice': {
        const rolled = rollTerm(node, dice, marks, entries);
        entries = marks.size;
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
  return { total: total === 0 ? 0 : total, terms, marks };
}
