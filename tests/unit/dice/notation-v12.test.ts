/**
 * Dice notation and odds additions (CONTRACT §8.3): dF faces, labels, compounding `!!`, failures
 * `f<=n`, at-least / at-most tails, exact comparisons and the Foundry form of a transcript. Exact
 * results are checked against independent computations written here: plain enumeration of every
 * face combination scored by the test's own reading of the rule, and an odometer over every dice
 * sequence the roller can ask for (explosions and rerolls included), weighed 1/sides per draw.
 */
import { describe, expect, it } from 'vitest';
import { FixedDice, type Dice, type DiceTranscript, type DieKind } from '../../../src/kernel/dice/index.js';
import { foundryRolls, type FoundryDieTerm, type FoundryRoll } from '../../../src/kernel/dice/foundry.js';
import { notationFoundryRoll } from '../../../src/kernel/dice/foundry-notation.js';
import { MAX_EXPLOSIONS, compareNotations, notationDistribution, parseNotation, rollNotation, type DiceTerm } from '../../../src/kernel/dice/notation/index.js';
import { KH3_DIE } from '../../fixtures/foundry-rolls.js';

const exact = (notation: string) => notationDistribution(parseNotation(notation));
const roll = (notation: string, values: number[]) => {
  const dice = new FixedDice(values);
  const r = rollNotation(parseNotation(notation), dice);
  return { ...r, transcript: dice.transcript() };
};

/** Every combination of `n` faces lo..hi (n-fold product), as arrays. */
function* faces(n: number, lo: number, hi: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of faces(n - 1, lo, hi)) for (let f = lo; f <= hi; f++) yield [...rest, f];
}

/** value → probability from (value, weight) pairs. */
function tally(pairs: Iterable<[number, number]>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [v, w] of pairs) out.set(v, (out.get(v) ?? 0) + w);
  return out;
}

/** The odometer: every dice sequence `run` can consume, each weighing Π 1/sides. */
function enumerate(run: (dice: Dice) => number): Map<number, number> {
  const seq: number[] = []; // offsets from each draw's lowest face
  const out = new Map<number, number>();
  for (;;) {
    let pos = 0;
    let weight = 1;
    const sides: number[] = [];
    const dice: Dice = {
      roll(_purpose: string, count: number, s = 6, kind: DieKind = 'standard') {
        const values: number[] = [];
        for (let i = 0; i < count; i++) {
          if (pos === seq.length) seq.push(0);
          sides[pos] = s;
          weight /= s;
          values.push(seq[pos++]! + (kind === 'fudge' ? -1 : 1));
        }
        return values;
      },
      transcript: (): DiceTranscript => ({ seed: null, rolls: [] }),
    };
    const v = run(dice);
    out.set(v, (out.get(v) ?? 0) + weight);
    seq.length = pos;
    while (seq.length && seq.at(-1) === sides[seq.length - 1]! - 1) seq.pop();
    if (!seq.length) return out;
    seq[seq.length - 1]!++;
  }
}

function expectSame(d: { distribution: { value: number; probability: number }[] }, oracle: Map<number, number>) {
  expect(d.distribution.map((e) => e.value)).toEqual([...oracle.keys()].filter((v) => oracle.get(v)! > 0).sort((a, b) => a - b));
  for (const e of d.distribution) expect(Math.abs(e.probability - oracle.get(e.value)!)).toBeLessThan(1e-13);
}

describe('labels [text] (CONTRACT §8.3)', () => {
  it('a dice term or a constant may carry a label; terms[].label keeps it as written', () => {
    const r = roll('4d6[Fire]+1d8 [cold damage] + 5[Strength]', [1, 2, 3, 4, 8]);
    expect(r.terms.map((t) => [t.notation, t.label, t.total])).toEqual([
      ['4d6', 'Fire', 10],
      ['1d8', 'cold damage', 8],
      ['5', 'Strength', 5],
    ]);
    expect(r.total).toBe(23);
    // the transcript's purposes stay the terms as written, without their labels
    expect(r.transcript.rolls.map((e) => e.purpose)).toEqual(['4d6', '1d8']);
    expect(roll('2d6', [1, 2]).terms[0]).not.toHaveProperty('label');
  });

  it('labels change nothing in the distribution', () => {
    expect(exact('4d6[fire]+1d8[cold]').distribution).toEqual(exact('4d6+1d8').distribution);
  });
});

describe('compounding !! (CONTRACT §8.3)', () => {
  it("each exploded die's draws add into one value, in the order drawn", () => {
    const r = roll('3d6!!', [6, 2, 6, 6, 3, 1]);
    expect(r.terms[0]).toMatchObject({ notation: '3d6!!', values: [15, 2, 7], total: 24 });
    expect(r.transcript.rolls.map((e) => e.purpose)).toEqual(['3d6!!', '3d6!! die 1 explosion', '3d6!! die 1 explosion', '3d6!! die 3 explosion']);
    expect(roll('2d10!!>=9', [9, 1, 3]).terms[0]!.values).toEqual([12, 1]);
  });

  it('2d4!! against every dice sequence the roller can draw (odometer), and the same as 2d4!', () => {
    const oracle = enumerate((dice) => rollNotation(parseNotation('2d4!!'), dice).total);
    expectSame(exact('2d4!!'), oracle);
    expect(exact('2d4!!').distribution).toEqual(exact('2d4!').distribution);
    expect(exact('d4!!').max).toBe(4 * (MAX_EXPLOSIONS + 1));
  });
});

describe('failures f<=n after a success test (CONTRACT §8.3)', () => {
  it('10d10>=8f<=1: successes minus dice showing 1', () => {
    const r = roll('10d10>=8f<=1', [8, 9, 10, 1, 1, 5, 3, 1, 7, 2]);
    expect(r.terms[0]).toMatchObject({ successes: 3, failures: 3, total: 0 });
    expect(roll('4d10>=8f<=1', [1, 1, 1, 9]).total).toBe(-2);
  });

  it('3d6>=5f<=1 and 4d6kh2>=4f<=2 against plain enumeration of every face combination', () => {
    const score = (v: number, s: number, f: number) => (v >= s ? 1 : 0) - (v <= f ? 1 : 0);
    const plain = tally([...faces(3, 1, 6)].map((fs) => [fs.reduce((t, v) => t + score(v, 5, 1), 0), 6 ** -3]));
    expectSame(exact('3d6>=5f<=1'), plain);
    const kept = tally(
      [...faces(4, 1, 6)].map((fs) => {
        const high = [...fs].sort((a, b) => b - a).slice(0, 2);
        return [high.reduce((t, v) => t + score(v, 4, 2), 0), 6 ** -4];
      }),
    );
    expectSame(exact('4d6kh2>=4f<=2'), kept);
  });

  it('a die meeting both tests counts 0; 5dF>=1f<=-1 against enumeration', () => {
    expect(roll('2d6>=1f<=6', [3, 4]).total).toBe(0);
    const fate = tally([...faces(5, -1, 1)].map((fs) => [fs.reduce((t, v) => t + (v >= 1 ? 1 : 0) - (v <= -1 ? 1 : 0), 0), 3 ** -5]));
    expectSame(exact('5dF>=1f<=-1'), fate);
  });
});

describe('dF as −1 / 0 / +1 (CONTRACT §8.3)', () => {
  it('4dF+1 against enumeration of every face', () => {
    expectSame(exact('4dF+1'), tally([...faces(4, -1, 1)].map((fs) => [fs.reduce((a, b) => a + b, 1), 3 ** -4])));
  });

  it('4dF!, 2dFr<0 and 3dFkh2 against the odometer over the roller', () => {
    for (const text of ['4dF!', '2dFr<0', '3dFkh2'])
      expectSame(
        exact(text),
        enumerate((dice) => rollNotation(parseNotation(text), dice).total),
      );
  });
});

describe('at-least and at-most tails (CONTRACT §8.3)', () => {
  it('2d6: P(X ≥ v) and P(X ≤ v) from the enumerated faces', () => {
    const d = exact('2d6');
    const all = [...faces(2, 1, 6)].map((fs) => fs[0]! + fs[1]!);
    for (const e of d.distribution) {
      expect(e.atLeast).toBeCloseTo(all.filter((v) => v >= e.value).length / 36, 15);
      expect(e.atMost).toBeCloseTo(all.filter((v) => v <= e.value).length / 36, 15);
    }
  });

  it.each(['4d6kh3', '10d10!', '3d6-2d4', '6d6>=5f<=1', '(2d6+3)*2', '4dF'])('%s: the tails are the sums of the entries, ending at 1', (text) => {
    const d = exact(text).distribution;
    expect(d[0]!.atLeast).toBe(1);
    expect(d.at(-1)!.atMost).toBe(1);
    let below = 0;
    for (const e of d) {
      expect(Math.abs(e.atMost - (below + e.probability))).toBeLessThan(1e-12);
      expect(Math.abs(e.atLeast - (1 - below))).toBeLessThan(1e-12);
      below += e.probability;
    }
  });
});

describe('exact comparisons (CONTRACT §8.3 POST /v1/dice/compare)', () => {
  const compare = (a: string, b: string) => compareNotations(parseNotation(a), parseNotation(b));

  it('2d6+3 against 1d12+4, and 4d6kh3 against 3d6, from every face combination', () => {
    const cases: [string, string, () => [number, number][]][] = [
      ['2d6+3', '1d12+4', () => [...faces(2, 1, 6)].flatMap((x) => Array.from({ length: 12 }, (_, k) => [x[0]! + x[1]! + 3, k + 1 + 4] as [number, number]))],
      [
        '4d6kh3',
        '3d6',
        () => {
          const a = [...faces(4, 1, 6)].map((fs) => fs.reduce((t, v) => t + v, 0) - Math.min(...fs));
          const b = [...faces(3, 1, 6)].map((fs) => fs.reduce((t, v) => t + v, 0));
          return a.flatMap((x) => b.map((y) => [x, y] as [number, number]));
        },
      ],
    ];
    for (const [a, b, pairs] of cases) {
      const all = pairs();
      const c = compare(a, b);
      expect(c.pAGreater).toBeCloseTo(all.filter(([x, y]) => x > y).length / all.length, 14);
      expect(c.pEqual).toBeCloseTo(all.filter(([x, y]) => x === y).length / all.length, 14);
      expect(c.pBGreater).toBeCloseTo(all.filter(([x, y]) => x < y).length / all.length, 14);
      expect(Math.abs(c.pAGreater + c.pEqual + c.pBGreater - 1)).toBeLessThan(1e-12);
      expect(c.a.mean).toBeCloseTo(all.reduce((t, [x]) => t + x, 0) / all.length, 12);
    }
  });

  it('the comparison shares one budget: two notations that fit alone can be refused together', () => {
    expect(() => compare('100d6', '100d6')).not.toThrow();
    expect(() => compare('400d6', '1')).not.toThrow();
    expect(() => compare('400d6', '400d6')).toThrowError(expect.objectContaining({ code: 'too_complex' }));
  });
});

describe('Foundry form of a roll (CONTRACT §8.3, §9.3 ?rollFormat=foundry)', () => {
  /** A notation's roll as its one Foundry Roll (CONTRACT §9.3: one per roll, not per transcript entry). */
  const foundryOf = (notation: string, values: number[]) => {
    const expression = parseNotation(notation);
    const rolled = rollNotation(expression, new FixedDice(values));
    return { rolled, roll: notationFoundryRoll(expression, rolled) };
  };
  const resultsOf = (r: FoundryRoll) => (r.terms[0] as FoundryDieTerm).results;

  it('marks dropped, rerolled and exploded draws; dF is a FateDie', () => {
    const kept = foundryOf('4d6kh3', [6, 2, 5, 3]);
    expect(kept.roll).toEqual({
      class: 'Roll',
      options: {},
      dice: [],
      formula: '4d6kh3',
      terms: [KH3_DIE],
      total: 14,
      evaluated: true,
    });
    const exploding = foundryOf('2d6!', [6, 3, 6, 2]);
    expect(resultsOf(exploding.roll)).toEqual([
      { result: 6, active: true, exploded: true },
      { result: 3, active: true },
      { result: 6, active: true, exploded: true },
      { result: 2, active: true },
    ]);
    expect(exploding.roll.total).toBe(exploding.rolled.total);
    const rerolled = foundryOf('2d6r<3', [1, 4, 2, 5]);
    expect(resultsOf(rerolled.roll)).toEqual([
      { result: 1, active: false, rerolled: true },
      { result: 4, active: true },
      { result: 2, active: false, rerolled: true },
      { result: 5, active: true },
    ]);
    expect(foundryOf('3dF', [-1, 0, 1]).roll).toMatchObject({
      formula: '3dF',
      terms: [{ class: 'FateDie', faces: 3, results: [{ result: -1 }, { result: 0 }, { result: 1 }] }],
      total: 0,
    });
    // a transcript that is not a notation's (any other rules endpoint): one Roll per entry, every die active
    expect(foundryRolls({ seed: 's', rolls: [{ purpose: 'attacker CBT [x]', sides: 6, values: [4, 1] }] })[0]).toMatchObject({
      terms: [
        {
          options: { flavor: 'attacker CBT x' },
          results: [
            { result: 4, active: true },
            { result: 1, active: true },
          ],
        },
      ],
      total: 5,
    });
  });

  it('a dropped die drops its explosion draws too', () => {
    expect(resultsOf(foundryOf('2d6!kl1', [6, 3, 2]).roll)).toEqual([
      { result: 6, active: false, discarded: true, exploded: true },
      { result: 3, active: true },
      { result: 2, active: false, discarded: true },
    ]);
    expect((parseNotation('2d6!kl1') as DiceTerm).explode).toEqual({ atLeast: 6, compound: false });
  });
});
