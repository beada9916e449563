import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FixedDice, SeededDice } from '../../../src/kernel/dice/index.js';
import { MAX_EXPLOSIONS, notationDistribution, parseNotation, rollNotation } from '../../../src/kernel/dice/notation/index.js';
import { dieDistribution } from '../../../src/kernel/dice/notation/distribution.js';
import { Budget, power } from '../../../src/kernel/dice/notation/exact.js';
import type { DiceTerm } from '../../../src/kernel/dice/notation/ast.js';

const exact = (notation: string) => notationDistribution(parseNotation(notation));
/** value → count over the distribution's denominator, as strings. */
const counts = (notation: string) => {
  const d = exact(notation).exact;
  return { denom: d.denom.toString(), counts: Object.fromEntries(d.counts.map((c, i) => [d.lo + i, c.toString()]).filter(([, c]) => c !== '0')) };
};

describe('exact distributions of dice notation (CONTRACT §7.3)', () => {
  it('2d6: 1..6..1 ways out of 36', () => {
    expect(counts('2d6')).toEqual({ denom: '36', counts: { 2: '1', 3: '2', 4: '3', 5: '4', 6: '5', 7: '6', 8: '5', 9: '4', 10: '3', 11: '2', 12: '1' } });
    const d = exact('2d6');
    expect(d).toMatchObject({ min: 2, max: 12, mean: 7 });
    expect(d.stdev).toBeCloseTo(Math.sqrt(35 / 6), 12);
  });

  it('4d6kh3: P(18) = 21/1296, P(3) = 1/1296, mean 15869/1296', () => {
    const d = exact('4d6kh3').exact;
    const at = (v: number) => d.counts[v - d.lo]! * 1296n;
    expect(at(18)).toBe(21n * d.denom);
    expect(at(3)).toBe(1n * d.denom);
    expect(exact('4d6kh3').mean).toBeCloseTo(15869 / 1296, 12);
    expect(exact('4d6dl1').distribution).toEqual(exact('4d6kh3').distribution);
  });

  it('4dF: the trinomial 1, 4, 10, 16, 19, 16, 10, 4, 1 out of 81', () => {
    expect(counts('4dF')).toEqual({ denom: '81', counts: { '-4': '1', '-3': '4', '-2': '10', '-1': '16', 0: '19', 1: '16', 2: '10', 3: '4', 4: '1' } });
  });

  it('success counting: 6d6>=5 is binomial(6, 1/3)', () => {
    const d = exact('6d6>=5');
    const binom = [1, 6, 15, 20, 15, 6, 1];
    d.distribution.forEach(({ value, probability }) => expect(probability).toBeCloseTo((binom[value]! * 2 ** (6 - value)) / 729, 14));
    expect(d.mean).toBeCloseTo(2, 12);
  });

  it('d6! explodes at most MAX_EXPLOSIONS times; the last draw is kept as drawn', () => {
    const d = exact('d6!');
    expect(d.max).toBe(6 * (MAX_EXPLOSIONS + 1));
    expect(d.distribution.find((e) => e.value === 3)!.probability).toBeCloseTo(1 / 6, 15);
    expect(d.distribution.find((e) => e.value === 6 * (MAX_EXPLOSIONS + 1))!.probability).toBeCloseTo(6 ** -(MAX_EXPLOSIONS + 1), 20);
    expect(d.distribution.some((e) => e.value === 6)).toBe(false);
  });

  it('NdS! (top face only) takes a faster path with the very counts of convolving the exploded die N times', () => {
    for (const text of ['d2!', '3d2!', 'd4!', '5d4!', '2d6!', '4d6!', '10d10!', '3d20!', '2d%!', '4dF!', 'dF!']) {
      const term = parseNotation(text) as DiceTerm;
      const slow = power(dieDistribution(term, new Budget()), term.count, new Budget()); // d6! → exploded(uniform) convolved N times
      const fast = exact(text).exact;
      const from = slow.counts.findIndex((c) => c !== 0n);
      expect({ text, lo: fast.lo, denom: fast.denom, counts: fast.counts }).toEqual({
        text,
        lo: slow.lo + from,
        denom: slow.denom,
        counts: slow.counts.slice(from, slow.counts.length - [...slow.counts].reverse().findIndex((c) => c !== 0n)),
      });
    }
  });

  it('10d10!: 10..1100 over 10^110, ten 1s are (1/10)^10, counts sum to the denominator, exact mean', () => {
    const d = exact('10d10!');
    expect([d.min, d.max]).toEqual([10, 10 * 10 * (MAX_EXPLOSIONS + 1)]);
    expect(d.exact.counts.reduce((a, b) => a + b, 0n)).toBe(d.exact.denom);
    expect(d.exact.denom).toBe(10n ** BigInt(10 * (MAX_EXPLOSIONS + 1)));
    expect(d.exact.counts[0]! * 10n ** 10n).toBe(d.exact.denom); // ten 1s
    // one die = 10·K + F: E[K] = Σ_{k=1..10} 0.1^k; F is 1..9 (mean 5) unless the 10th explosion is reached (1..10, mean 5.5)
    const q = 0.1 ** MAX_EXPLOSIONS;
    expect(d.mean).toBeCloseTo(10 * (10 * ((0.1 - 0.1 * q) / 0.9) + 5 + 0.5 * q), 11);
  });

  it('rerolls: d6r<3 is uniform on 3..6 except the capped tail; d6ro<3 rerolls once', () => {
    const ro = counts('d6ro<3');
    expect(ro).toEqual({ denom: '36', counts: { 1: '2', 2: '2', 3: '8', 4: '8', 5: '8', 6: '8' } });
    const r = exact('d6r<3');
    expect(r.distribution.find((e) => e.value === 1)!.probability).toBeCloseTo((1 / 6) * (1 / 3) ** 10, 15);
  });

  it('arithmetic: (2d6+3)*2, d6-d6, and integer division rounding down', () => {
    expect(exact('(2d6+3)*2')).toMatchObject({ min: 10, max: 30, mean: 20 });
    expect(exact('d6-d6')).toMatchObject({ min: -5, max: 5, mean: 0 });
    expect(counts('d4/2')).toEqual({ denom: '4', counts: { 0: '1', 1: '2', 2: '1' } });
    expect(() => exact('d6/(d2-1)')).toThrowError(expect.objectContaining({ code: 'division_by_zero' }));
  });

  it('a notation beyond the budget is 422 too_complex', () => {
    expect(() => exact('1000d6')).toThrowError(expect.objectContaining({ code: 'too_complex', status: 422 }));
    expect(() => exact('3d1000000')).toThrowError(expect.objectContaining({ code: 'too_complex' }));
    expect(() => exact('3d%!>=3')).toThrowError(expect.objectContaining({ code: 'too_complex' }));
  });

  const notation = fc
    .record({
      count: fc.integer({ min: 1, max: 4 }),
      die: fc.constantFrom('4', '6', '8', '10', 'F', '%'),
      keep: fc.option(fc.constantFrom('kh', 'kl1', 'dh', 'dl2', 'kh2'), { nil: undefined }),
      explode: fc.option(fc.constantFrom('!', '!>=3'), { nil: undefined }),
      reroll: fc.option(fc.constantFrom('r<2', 'ro<3'), { nil: undefined }),
      success: fc.option(fc.constantFrom('>=3', '<=2'), { nil: undefined }),
      tail: fc.constantFrom('', '+2', '-d4', '*2', '/2', '+(d6-1)'),
    })
    // no explosions on dF, nor on d% (an exploding d100 can pass the budget: checked below as too_complex)
    .map((t) => `${t.count}d${t.die}${t.keep ?? ''}${t.die === 'F' || t.die === '%' ? '' : (t.explode ?? '')}${t.reroll ?? ''}${t.success ?? ''}${t.tail}`);

  it('property: sums to 1, and every seeded roll lies in the support between min and max', () => {
    fc.assert(
      fc.property(notation, fc.array(fc.string(), { minLength: 30, maxLength: 30 }), (n, seeds) => {
        const d = exact(n);
        expect(Math.abs(d.distribution.reduce((s, e) => s + e.probability, 0) - 1)).toBeLessThan(1e-12);
        expect(d.distribution[0]!.value).toBe(d.min);
        expect(d.distribution.at(-1)!.value).toBe(d.max);
        const support = new Set(d.distribution.map((e) => e.value));
        for (const seed of seeds) expect(support.has(rollNotation(parseNotation(n), new SeededDice(seed)).total)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('property: small notations agree exactly with enumerating every fixed roll', () => {
    const small = fc
      .record({ count: fc.integer({ min: 1, max: 3 }), sides: fc.integer({ min: 2, max: 5 }), mod: fc.constantFrom('', 'kh', 'kl2', 'dh', '>=2', 'kh2>=3', '<=1') })
      .map((t) => ({ text: `${t.count}d${t.sides}${t.mod}`, count: t.count, sides: t.sides }));
    fc.assert(
      fc.property(small, ({ text, count, sides }) => {
        const tally = new Map<number, number>();
        for (let k = 0; k < sides ** count; k++) {
          const values = Array.from({ length: count }, (_, i) => (Math.floor(k / sides ** i) % sides) + 1);
          const total = rollNotation(parseNotation(text), new FixedDice(values)).total;
          tally.set(total, (tally.get(total) ?? 0) + 1);
        }
        const d = exact(text);
        expect(d.distribution.map((e) => e.value)).toEqual([...tally.keys()].sort((a, b) => a - b));
        for (const e of d.distribution) expect(e.probability).toBeCloseTo(tally.get(e.value)! / sides ** count, 14);
      }),
      { numRuns: 60 },
    );
  });
});
