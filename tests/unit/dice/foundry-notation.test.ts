/**
 * CONTRACT §9.3 `?rollFormat=foundry` for dice notation: one Foundry `Roll` per roll a notation
 * makes, rebuilding it — formula in Foundry's syntax with its modifiers, flat parts as
 * `NumericTerm` / `OperatorTerm`, rerolls and explosions as results of the one `Die`, success
 * counting as `count`, and the answer's total. Every documented example is checked with the
 * independent checker (tests/helpers/foundry-total.ts): the total Foundry computes from the terms
 * is the service's, the formula re-parses to the terms, the results are the transcript's dice.
 */
import { describe, expect, it } from 'vitest';
import { FixedDice, SeededDice } from '../../../src/kernel/dice/index.js';
import { FOUNDRY_ROLLS, foundryRolls, type FoundryRoll } from '../../../src/kernel/dice/foundry.js';
import { notationFoundryRoll } from '../../../src/kernel/dice/foundry-notation.js';
import { parseNotation, rollNotation } from '../../../src/kernel/dice/notation/index.js';
import { GRAMMAR, NOTATION_EXAMPLES } from '../../../src/app/dice/grammar.js';
import { preparedNotation, repeatForm, rollAnswer } from '../../../src/app/dice/rolling.js';
import { foundryTotal, parseFormula, skeleton } from '../../helpers/foundry-total.js';
import { KH3_PLUS_2_ROLL } from '../../fixtures/foundry-rolls.js';

type Json = Record<string, any>;

function rebuild(notation: string, dice: FixedDice | SeededDice) {
  const expression = parseNotation(notation);
  const rolled = rollNotation(expression, dice);
  return { rolled, roll: notationFoundryRoll(expression, rolled), transcript: dice.transcript() };
}
const fixed = (notation: string, values: number[]) => rebuild(notation, new FixedDice(values));

/** Every dice term's results, in formula order (inside parentheses and functions too). */
function results(terms: Json[]): number[] {
  return terms.flatMap((t) => {
    if (t.class === 'Die' || t.class === 'FateDie') return t.results.map((r: Json) => r.result);
    if (t.class === 'ParentheticalTerm') return results(t.roll.terms);
    if (t.class === 'FunctionTerm') return t.rolls.flatMap((r: Json) => results(r.terms));
    return [];
  });
}

const die = (t: Json) => t as { results: Json[]; modifiers: string[] };

/** The notations the documentation, the contract and the README show. */
const EXAMPLES = [
  ...NOTATION_EXAMPLES,
  ...[...GRAMMAR.slice(GRAMMAR.indexOf('Examples:')).matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
  ...['4d6dl', '1d20+5[strength]', 'd%', 'dF', '4d6r<2', '4d6ro<2', '4d6kh3', '2d20kl1', '1d20+5', '3d6!', '3d6+1d4[bonus]', '4d6r<3', '6d6>=5f<=1', '2d20kh1+1d8[cold]', '3d6!!'],
  ...['100d6!r<2', '1000d2kh500', '100d6!+100d6!', '3d1000000', 'd1000*d1000', '10d10>=8f<=1', '4d6kh3+2-1d4*2', '1d6/2', '-1d6+10', '(1d6+1)*(1d4-1)'],
];

describe('a notation rebuilds as one Foundry Roll (CONTRACT §9.3)', () => {
  it('4d6kh3+2: the kh3 modifier, the dropped die discarded, the flat 2 as operator and numeric terms', () => {
    const { roll } = fixed('4d6kh3+2', [6, 2, 5, 3]);
    expect(roll).toEqual(KH3_PLUS_2_ROLL);
    expect(foundryTotal(roll)).toBe(16);
  });

  it('1d20+5: the flat term counts (17, not 12)', () => {
    const { roll, rolled } = fixed('1d20+5', [12]);
    expect(rolled.total).toBe(17);
    expect(roll).toMatchObject({ formula: '1d20 + 5', total: 17 });
    expect(foundryTotal(roll)).toBe(17);
  });

  it('3d6!: one Die whose explosion draws are its own results', () => {
    const { roll, rolled } = fixed('3d6!', [6, 2, 6, 3, 6, 1]);
    expect(roll.formula).toBe('3d6x');
    expect(roll.terms).toHaveLength(1);
    expect(die(roll.terms[0]!).results).toEqual([
      { result: 6, active: true, exploded: true },
      { result: 2, active: true },
      { result: 6, active: true, exploded: true },
      { result: 3, active: true },
      { result: 6, active: true, exploded: true },
      { result: 1, active: true },
    ]);
    expect(foundryTotal(roll)).toBe(rolled.total);
    expect(rolled.total).toBe(24);
  });

  it('r<n is Foundry’s rr<n (again while below), ro<n its r<n (once); the draw rolled again is inactive', () => {
    const again = fixed('2d6r<3', [1, 4, 2, 5]);
    expect(again.roll.formula).toBe('2d6rr<3');
    expect(die(again.roll.terms[0]!).results).toEqual([
      { result: 1, active: false, rerolled: true },
      { result: 4, active: true },
      { result: 2, active: false, rerolled: true },
      { result: 5, active: true },
    ]);
    expect(foundryTotal(again.roll)).toBe(9);
    expect(fixed('2d6ro<3', [1, 4, 1]).roll).toMatchObject({ formula: '2d6r<3', total: 5 });
  });

  it('a dropped die drops its explosion draws; x before a modifier names its face (x6kl1, not xkl1)', () => {
    const { roll, rolled } = fixed('2d6!kl1', [6, 3, 2]);
    expect(roll.formula).toBe('2d6x6kl1');
    expect(die(roll.terms[0]!).results).toEqual([
      { result: 6, active: false, discarded: true, exploded: true },
      { result: 3, active: true },
      { result: 2, active: false, discarded: true },
    ]);
    expect(foundryTotal(roll)).toBe(rolled.total);
  });

  it('10d10>=8f<=1: cs>=8df<=1, each kept die counted once (success 1, failure −1, else 0)', () => {
    const { roll, rolled } = fixed('10d10>=8f<=1', [8, 1, 10, 5, 1, 9, 3, 7, 2, 8]);
    expect(roll.formula).toBe('10d10cs>=8df<=1');
    expect(rolled.total).toBe(4 - 2);
    const marks = die(roll.terms[0]!).results.map((r) => [r.result, r.count, r.success ?? r.failure]);
    expect(marks.slice(0, 3)).toEqual([
      [8, 1, true],
      [1, -1, true],
      [10, 1, true],
    ]);
    expect(marks[3]).toEqual([5, 0, false]);
    expect(foundryTotal(roll)).toBe(2);
  });

  it('an exploded die meeting the target counts once, on its first draw', () => {
    const { roll, rolled } = fixed('2d6>=8!', [6, 1, 3]);
    expect(rolled.total).toBe(1);
    expect(roll.formula).toBe('2d6x6cs>=8');
    expect(die(roll.terms[0]!).results).toEqual([
      { result: 6, active: true, exploded: true, success: true, count: 1 },
      { result: 1, active: true, success: false, count: 0 },
      { result: 3, active: true, count: 0 },
    ]);
    expect(foundryTotal(roll)).toBe(1);
  });

  it('parentheses the order of operations needs are a ParentheticalTerm; / is floor(a / b)', () => {
    const grouped = fixed('(2d6+3)*2', [4, 5]);
    expect(grouped.roll.formula).toBe('(2d6 + 3) * 2');
    expect(grouped.roll.terms[0]).toMatchObject({ class: 'ParentheticalTerm', term: '2d6 + 3', roll: { formula: '2d6 + 3', total: 12 } });
    expect(foundryTotal(grouped.roll)).toBe(24);
    const halved = fixed('1d6/2+7/2', [5]);
    expect(halved.roll.formula).toBe('floor(1d6 / 2) + floor(7 / 2)');
    expect(halved.roll.terms[0]).toMatchObject({ class: 'FunctionTerm', fn: 'floor', terms: ['1d6 / 2'], rolls: [{ total: 2.5 }], result: 2 });
    expect(foundryTotal(halved.roll)).toBe(5);
  });

  it('a minus: before a constant a negative number, before dice (x * -1), a + -b written a - b', () => {
    expect(fixed('-1d6+10', [4]).roll).toMatchObject({ formula: '(1d6 * -1) + 10', total: 6 });
    expect(fixed('1d6+-3', [4]).roll).toMatchObject({ formula: '1d6 - 3', total: 1 });
    expect(fixed('-3*1d6', [4]).roll).toMatchObject({ formula: '-3 * 1d6', total: -12 });
    expect(fixed('1d6*-(2+1)', [4]).roll).toMatchObject({ formula: '1d6 * ((2 + 1) * -1)', total: -12 });
  });

  it('dF: a FateDie (−1 a failure, +1 a success as Foundry marks them); negative thresholds rewritten', () => {
    const { roll } = fixed('4dF', [-1, 0, 1, 1]);
    expect(roll).toMatchObject({ formula: '4dF', total: 1, terms: [{ class: 'FateDie', faces: 3, number: 4 }] });
    expect(die(roll.terms[0]!).results).toEqual([
      { result: -1, active: true, failure: true },
      { result: 0, active: true },
      { result: 1, active: true, success: true },
      { result: 1, active: true, success: true },
    ]);
    expect(fixed('4dF>=-1', [-1, 0, 1, 1]).roll).toMatchObject({ formula: '4dFcs<=1', total: 4 });
    expect(fixed('4dF<=-1', [-1, 0, 1, 1]).roll).toMatchObject({ formula: '4dFcs<0', total: 1 });
    expect(fixed('2dFr<-1', [-1, 0]).roll.formula).toBe('2dF');
  });

  it('labels are the terms’ flavor, written as Foundry writes them', () => {
    const { roll } = fixed('4d6[fire]+1d8[cold]+2[strength]', [1, 2, 3, 4, 5]);
    expect(roll.formula).toBe('4d6[fire] + 1d8[cold] + 2[strength]');
    expect(roll.terms.map((t) => t.options)).toEqual([{ flavor: 'fire' }, {}, { flavor: 'cold' }, {}, { flavor: 'strength' }]);
  });

  it.each(EXAMPLES)('%s: Foundry’s total of the terms is the answer’s, the formula re-parses to the terms, the results are the transcript', (notation) => {
    for (const seed of ['a', 'b', 'c']) {
      const { roll, rolled, transcript } = rebuild(notation, new SeededDice(`foundry-${seed}`));
      expect(roll.total).toBe(rolled.total);
      expect(foundryTotal(roll)).toBe(rolled.total);
      expect(parseFormula(roll.formula)).toEqual(skeleton(roll.terms));
      expect(results(roll.terms)).toEqual(transcript.rolls.flatMap((r) => r.values));
    }
  });
});

describe('the answer of a roll (POST /v1/dice/rolls, the blind-roll reveals)', () => {
  it('Dice Maiden’s `6 4d6`: one Roll per set, each with its set’s total', () => {
    const { notation, repeat } = repeatForm('6 4d6', undefined);
    const answer = rollAnswer(notation, preparedNotation(notation, repeat), repeat, new SeededDice('sets'), 'en');
    const rolls = (answer as unknown as Record<typeof FOUNDRY_ROLLS, () => FoundryRoll[]>)[FOUNDRY_ROLLS]();
    expect(rolls).toHaveLength(6);
    expect(rolls.map((r) => r.total)).toEqual(answer.sets!.map((s) => s.total));
    for (const r of rolls) expect(foundryTotal(r)).toBe(r.total);
  });

  it('a game rule’s transcript keeps one Roll per entry, every die active (no formula beyond NdS)', () => {
    const [roll] = foundryRolls({ seed: 's', rolls: [{ purpose: 'attacker CBT [x]', sides: 6, values: [4, 1] }] });
    expect(roll).toMatchObject({ formula: '2d6', total: 5, terms: [{ class: 'Die', options: { flavor: 'attacker CBT x' }, modifiers: [] }] });
    expect(foundryTotal(roll!)).toBe(5);
  });
});
