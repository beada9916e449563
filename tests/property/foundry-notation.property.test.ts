/**
 * CONTRACT §9.3 `?rollFormat=foundry`: for generated notations of the whole grammar (dice of every
 * kind with keep/drop, rerolls, explosions, success and failure counting, negative dF thresholds,
 * labels; constants; `+ - * /`, unary minus and parentheses), rolled with a seeded source, the
 * Foundry Roll rebuilt from the roll (src/kernel/dice/foundry-notation.ts) is checked with the
 * independent checker of tests/helpers/foundry-total.ts: the total Foundry computes from its terms
 * is the service's total, its formula re-parses to its terms, and its dice results are the
 * transcript's values in order.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { notationFoundryRoll } from '../../src/kernel/dice/foundry-notation.js';
import { parseNotation, rollNotation } from '../../src/kernel/dice/notation/index.js';
import { RuleViolation } from '../../src/kernel/errors.js';
import { foundryTotal, parseFormula, skeleton } from '../helpers/foundry-total.js';

type Json = Record<string, any>;

const label = fc.option(fc.constantFrom('fire', 'cold', 'a b', 'str+1'), { nil: undefined }).map((l) => (l === undefined ? '' : `[${l}]`));

/** A dice term of the grammar, its thresholds around its faces (negative ones for dF). */
const diceTerm = fc
  .record({ count: fc.integer({ min: 1, max: 5 }), die: fc.constantFrom<number | 'F' | '%'>(1, 2, 3, 4, 6, 10, 20, 'F', '%'), omitCount: fc.boolean() })
  .chain(({ count, die, omitCount }) => {
    const lo = die === 'F' ? -1 : 1;
    const hi = die === 'F' ? 1 : die === '%' ? 100 : die;
    const near = fc.integer({ min: lo - 1, max: Math.min(hi + 1, lo + 12) });
    const test = fc.record({ op: fc.constantFrom('>=', '<='), target: near });
    const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
    return fc
      .record({
        keep: opt(fc.record({ mode: fc.constantFrom('kh', 'kl', 'dh', 'dl'), n: opt(fc.integer({ min: 0, max: count + 1 })) })),
        reroll: opt(fc.record({ once: fc.boolean(), below: near })),
        success: opt(fc.record({ test, failure: opt(test) })),
        explode: opt(fc.record({ compound: fc.boolean(), atLeast: opt(near) })),
        label,
      })
      .map((m) => {
        const parts = [`${omitCount && count === 1 ? '' : count}d${die}`];
        if (m.keep) parts.push(`${m.keep.mode}${m.keep.n ?? ''}`);
        if (m.reroll) parts.push(`${m.reroll.once ? 'ro' : 'r'}<${m.reroll.below}`);
        if (m.success) parts.push(`${m.success.test.op}${m.success.test.target}`, m.success.failure ? `f${m.success.failure.op}${m.success.failure.target}` : '');
        // written last: `!` followed by `>=` would read as its own threshold
        if (m.explode) parts.push(`${m.explode.compound ? '!!' : '!'}${m.explode.atLeast === undefined ? '' : `>=${m.explode.atLeast}`}`);
        return parts.join('') + m.label;
      });
  });

const constant = fc.tuple(fc.integer({ min: 0, max: 20 }), label).map(([n, l]) => `${n}${l}`);

const { notation } = fc.letrec<{ notation: string; operand: string }>((tie) => ({
  notation: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    tie('operand'),
    fc.tuple(tie('notation'), fc.constantFrom('+', '-', '*', '/'), tie('notation')).map(([a, op, b]) => `${a}${op}${b}`),
  ),
  operand: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    diceTerm,
    constant,
    tie('notation').map((n) => `(${n})`),
    tie('operand').map((o) => `-${o}`),
  ),
}));

/** Every dice term's results, in formula order (inside parentheses and functions too). */
function results(terms: Json[]): number[] {
  return terms.flatMap((t) => {
    if (t.class === 'Die' || t.class === 'FateDie') return t.results.map((r: Json) => r.result);
    if (t.class === 'ParentheticalTerm') return results(t.roll.terms);
    if (t.class === 'FunctionTerm') return t.rolls.flatMap((r: Json) => results(r.terms));
    return [];
  });
}

/** Refusals a generated notation may meet (a zero divisor, a total out of range, a budget). */
const REFUSED = new Set(['division_by_zero', 'out_of_range', 'too_complex']);

describe('?rollFormat=foundry rebuilds any notation’s roll (CONTRACT §9.3)', () => {
  it('Foundry’s total of the terms is the roll’s, the formula re-parses to the terms, the results are the transcript', () => {
    let checked = 0;
    fc.assert(
      fc.property(notation, fc.string({ maxLength: 8 }), (text, seed) => {
        const expression = parseNotation(text);
        const dice = new SeededDice(`foundry:${seed}`);
        let rolled;
        try {
          rolled = rollNotation(expression, dice);
        } catch (error) {
          if (error instanceof RuleViolation && REFUSED.has(error.code)) return;
          throw error;
        }
        const roll = notationFoundryRoll(expression, rolled);
        expect(roll.total).toBe(rolled.total);
        expect(foundryTotal(roll)).toBe(rolled.total);
        expect(parseFormula(roll.formula)).toEqual(skeleton(roll.terms));
        expect(results(roll.terms)).toEqual(dice.transcript().rolls.flatMap((r) => r.values));
        checked++;
      }),
      { numRuns: 400 },
    );
    // most generated notations roll (the refusals are a minority)
    expect(checked).toBeGreaterThan(200);
  });
});
