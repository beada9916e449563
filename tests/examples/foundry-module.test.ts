/**
 * The Foundry VTT example module (examples/foundry-module): `foundryRolls` from the real service
 * (CONTRACT §8.3, §9.3 `?rollFormat=foundry`) turned into the data `Roll.fromData` accepts, checked
 * field by field against Foundry's `Roll` JSON (what `Roll#toJSON()` writes: the Roll's `class`,
 * `options`, `dice`, `formula`, `terms`, `total`, `evaluated`; each term's `class`, `options`,
 * `evaluated` and its class's serialized attributes — a dice term's `number`, `faces`, `modifiers`,
 * `results`, a NumericTerm's `number`, an OperatorTerm's `operator`, a ParentheticalTerm's `term`
 * and `roll`, a FunctionTerm's `fn`, `terms`, `rolls`, `result`; each result's `result` and
 * `active` with the flags Foundry sets), its total recomputed as Foundry does
 * (tests/helpers/foundry-total.ts), and rebuilt by a stand-in for `Roll.fromData`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp, post } from '../helpers/app.js';
import { rollDataOf, toRollData, type FoundryDiceTermData, type FoundryRollData } from '../../examples/foundry-module/scripts/arbiter-rolls.js';
import { foundryTotal, parseFormula, skeleton } from '../helpers/foundry-total.js';
import { meleeExamples } from '../../src/games/eden/operations/examples.js';
import { KH3_PLUS_2_ROLL } from '../fixtures/foundry-rolls.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await memoryApp();
});
afterAll(async () => app.close());

/** The members Foundry serializes, in its order (`Roll#toJSON`, `RollTerm#toJSON` and each class's SERIALIZE_ATTRIBUTES). */
const ROLL_KEYS = ['class', 'options', 'dice', 'formula', 'terms', 'total', 'evaluated'];
const TERM_KEYS: Record<string, string[]> = {
  Die: ['class', 'options', 'evaluated', 'number', 'faces', 'modifiers', 'results'],
  FateDie: ['class', 'options', 'evaluated', 'number', 'faces', 'modifiers', 'results'],
  NumericTerm: ['class', 'options', 'evaluated', 'number'],
  OperatorTerm: ['class', 'options', 'evaluated', 'operator'],
  ParentheticalTerm: ['class', 'options', 'evaluated', 'term', 'roll'],
  FunctionTerm: ['class', 'options', 'evaluated', 'fn', 'terms', 'rolls', 'result'],
};
const RESULT_KEYS = ['result', 'active', 'discarded', 'rerolled', 'exploded', 'success', 'failure', 'count'];

type Term = FoundryRollData['terms'][number];
const isDice = (t: Term): t is FoundryDiceTermData => t.class === 'Die' || t.class === 'FateDie';

/** A stand-in for Foundry's Roll.fromData: the class named, terms rebuilt by class, evaluated state kept. */
function fromData(data: FoundryRollData) {
  if (data.class !== 'Roll') throw new Error(`Unable to recreate ${data.class} instance from provided data`);
  const terms = data.terms.map((t) => {
    if (!(t.class in TERM_KEYS)) throw new Error(`unknown term class ${t.class}`);
    return isDice(t) ? { ...t, _evaluated: t.evaluated ?? true, total: t.results.reduce((n, r) => (r.active ? n + (r.count ?? r.result) : n), 0) } : { ...t, _evaluated: true };
  });
  return { formula: data.formula, terms, _total: data.total, _evaluated: data.evaluated ?? true };
}

/** Every dice term of a roll, inside parentheses and functions too, in formula order. */
const diceOf = (data: FoundryRollData): FoundryDiceTermData[] =>
  data.terms.flatMap((t) => (isDice(t) ? [t] : t.class === 'ParentheticalTerm' ? diceOf(t.roll) : t.class === 'FunctionTerm' ? t.rolls.flatMap(diceOf) : []));

/** `notation`: a dice notation's roll, whose formula re-parses to its terms (a rule's transcript entry keeps `NdS`, its purpose only the flavor). */
function expectFoundryShape(data: FoundryRollData, notation = true) {
  expect(Object.keys(data)).toEqual(ROLL_KEYS);
  expect(data.class).toBe('Roll');
  expect(data.options).toEqual({});
  expect(data.dice).toEqual([]);
  expect(data.evaluated).toBe(true);
  for (const term of data.terms) {
    expect(Object.keys(term)).toEqual(TERM_KEYS[term.class]);
    expect(term.evaluated).toBe(true);
    if (term.class === 'ParentheticalTerm') expectFoundryShape(term.roll);
    if (term.class === 'FunctionTerm') term.rolls.forEach((r) => expectFoundryShape(r));
  }
  for (const term of diceOf(data)) {
    expect(Number.isInteger(term.number) && term.number >= 1).toBe(true);
    expect(term.faces).toBe(term.class === 'FateDie' ? 3 : term.faces);
    expect(term.results.length).toBeGreaterThanOrEqual(term.number);
    for (const r of term.results) {
      expect(Object.keys(r).filter((k) => !RESULT_KEYS.includes(k))).toEqual([]);
      expect(Number.isInteger(r.result)).toBe(true);
      expect(typeof r.active).toBe('boolean');
      if (term.class === 'FateDie') expect([-1, 0, 1]).toContain(r.result);
      else expect(r.result >= 1 && r.result <= term.faces).toBe(true);
      if (r.discarded || r.rerolled) expect(r.active).toBe(false);
    }
  }
  // the total Foundry computes from the terms, and the formula Foundry would parse to them
  expect(foundryTotal(data)).toBe(data.total);
  if (notation) expect(parseFormula(data.formula)).toEqual(skeleton(data.terms));
}

describe('Foundry module: foundryRolls → Roll.fromData (CONTRACT §8.3, §9.3)', () => {
  it('4d6kh3+2: one Roll, the kh3 modifier, the dropped die inactive and discarded, the flat 2, field by field', async () => {
    const res = await post(app, '/v1/dice/rolls?rollFormat=foundry', { notation: '4d6kh3+2', dice: { values: [6, 2, 5, 3] } });
    const [data, ...more] = rollDataOf(res.body);
    expect(more).toEqual([]);
    expectFoundryShape(data!);
    expect(data).toEqual(KH3_PLUS_2_ROLL);
    const roll = fromData(data!);
    expect(roll).toMatchObject({ formula: '4d6kh3 + 2', _total: 16, _evaluated: true, terms: [{ total: 14, _evaluated: true }, {}, { number: 2 }] });
  });

  it.each(['10d10!', '4d6r<3', '4dF', '6d6>=5f<=1', '2d20kh1+1d8[cold]', '3d6!!', '(2d6+3)*2', '1d6/2-1'])(
    '%s (seeded): one Roll with Foundry’s shape that rebuilds the answer',
    async (notation) => {
      const res = await post(app, '/v1/dice/rolls?rollFormat=foundry', { notation, dice: { seed: 'foundry' } });
      const rolls = rollDataOf(res.body);
      expect(rolls).toHaveLength(1);
      expectFoundryShape(rolls[0]!);
      expect(diceOf(rolls[0]!).flatMap((t) => t.results.map((r) => r.result))).toEqual(res.body.dice.rolls.flatMap((r: { values: number[] }) => r.values));
      expect(fromData(rolls[0]!)._total).toBe(res.body.total);
    },
  );

  it('a rules endpoint (EDEN melee) converts the same way', async () => {
    const res = await post(app, '/v1/eden/attacks/melee?rollFormat=foundry', meleeExamples[0]!.value);
    const rolls = rollDataOf(res.body);
    rolls.forEach((data) => expectFoundryShape(data, false));
    // a rule's transcript: one Roll per entry, `NdS` with every die active
    rolls.forEach((data, i) => expect(data.formula).toBe(`${res.body.dice.rolls[i].values.length}d${res.body.dice.rolls[i].sides}`));
  });

  it('refuses what is not a Foundry roll, naming the member', () => {
    expect(() => rollDataOf({ total: 3 })).toThrow(/rollFormat=foundry/);
    expect(() => toRollData({ class: 'Roll', formula: '1d6', terms: [{ class: 'Coin', number: 1, faces: 2, results: [] }], total: 0 })).toThrow(/terms\/0\/class/);
    expect(() => toRollData({ class: 'Roll', formula: '1d6', terms: [{ class: 'Die', number: 1, faces: 6, results: [{ result: 4, active: true }] }], total: 5 })).toThrow(/total/);
  });
});
