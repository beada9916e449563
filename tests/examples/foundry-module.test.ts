/**
 * The Foundry VTT example module (examples/foundry-module): `foundryRolls` from the real service
 * (CONTRACT §8.3 `?rollFormat=foundry`) turned into the data `Roll.fromData` accepts, checked field
 * by field against Foundry's `Roll` JSON (what `Roll#toJSON()` writes: the Roll's `class`, `options`,
 * `dice`, `formula`, `terms`, `total`, `evaluated`; each dice term's `class`, `options`, `evaluated`
 * and its serialized attributes `number`, `faces`, `modifiers`, `results`; each result's `result`
 * and `active`, with `discarded` / `rerolled` / `exploded` flags), and rebuilt by a stand-in for
 * `Roll.fromData` that reads them as Foundry does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp, post } from '../helpers/app.js';
import { rollDataOf, toRollData, type FoundryRollData } from '../../examples/foundry-module/scripts/arbiter-rolls.js';
import { meleeExamples } from '../../src/games/eden/operations/examples.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await memoryApp();
});
afterAll(async () => app.close());

/** The members Foundry serializes, in its order. */
const ROLL_KEYS = ['class', 'options', 'dice', 'formula', 'terms', 'total', 'evaluated'];
const TERM_KEYS = ['class', 'options', 'evaluated', 'number', 'faces', 'modifiers', 'results'];

/** A stand-in for Foundry's Roll.fromData: the class named, terms rebuilt by class, evaluated state kept. */
function fromData(data: FoundryRollData) {
  if (data.class !== 'Roll') throw new Error(`Unable to recreate ${data.class} instance from provided data`);
  const terms = data.terms.map((t) => {
    if (!['Die', 'FateDie'].includes(t.class)) throw new Error(`unknown term class ${t.class}`);
    return { ...t, _evaluated: t.evaluated ?? true, total: t.results.reduce((n, r) => (r.active ? n + r.result : n), 0) };
  });
  return { formula: data.formula, terms, _total: data.total, _evaluated: data.evaluated ?? true };
}

function expectFoundryShape(data: FoundryRollData) {
  expect(Object.keys(data)).toEqual(ROLL_KEYS);
  expect(data.class).toBe('Roll');
  expect(data.options).toEqual({});
  expect(data.dice).toEqual([]);
  expect(data.evaluated).toBe(true);
  expect(data.formula).toMatch(/^\d+d(\d+|F)$/);
  for (const term of data.terms) {
    expect(Object.keys(term)).toEqual(TERM_KEYS);
    expect(['Die', 'FateDie']).toContain(term.class);
    expect(term.evaluated).toBe(true);
    expect(Number.isInteger(term.number) && term.number >= 1).toBe(true);
    expect(term.faces).toBe(term.class === 'FateDie' ? 3 : term.faces);
    expect(term.modifiers).toEqual([]);
    expect(term.results).toHaveLength(term.number);
    expect(`${term.number}d${term.class === 'FateDie' ? 'F' : term.faces}`).toBe(data.formula);
    for (const r of term.results) {
      expect(Object.keys(r).filter((k) => !['result', 'active', 'discarded', 'rerolled', 'exploded'].includes(k))).toEqual([]);
      expect(Number.isInteger(r.result)).toBe(true);
      expect(typeof r.active).toBe('boolean');
      if (term.class === 'FateDie') expect([-1, 0, 1]).toContain(r.result);
      else expect(r.result >= 1 && r.result <= term.faces).toBe(true);
      if (r.discarded || r.rerolled) expect(r.active).toBe(false);
    }
  }
  expect(data.total).toBe(data.terms.flatMap((t) => t.results).reduce((n, r) => (r.active ? n + r.result : n), 0));
}

describe('Foundry module: foundryRolls → Roll.fromData (CONTRACT §8.3)', () => {
  it('4d6kh3+2: the dropped die inactive and discarded, field by field', async () => {
    const res = await post(app, '/v1/dice/rolls?rollFormat=foundry', { notation: '4d6kh3+2', dice: { values: [6, 2, 5, 3] } });
    const [data] = rollDataOf(res.body);
    expectFoundryShape(data!);
    expect(data).toEqual({
      class: 'Roll',
      options: {},
      dice: [],
      formula: '4d6',
      terms: [
        {
          class: 'Die',
          options: { flavor: '4d6kh3' },
          evaluated: true,
          number: 4,
          faces: 6,
          modifiers: [],
          results: [
            { result: 6, active: true },
            { result: 2, active: false, discarded: true },
            { result: 5, active: true },
            { result: 3, active: true },
          ],
        },
      ],
      total: 14,
      evaluated: true,
    });
    const roll = fromData(data!);
    expect(roll).toMatchObject({ formula: '4d6', _total: 14, _evaluated: true, terms: [{ total: 14, _evaluated: true }] });
  });

  it.each(['10d10!', '4d6r<3', '4dF', '6d6>=5f<=1', '2d20kh1+1d8[cold]', '3d6!!'])('%s (seeded): every roll has Foundry’s shape and rebuilds', async (notation) => {
    const res = await post(app, '/v1/dice/rolls?rollFormat=foundry', { notation, dice: { seed: 'foundry' } });
    const rolls = rollDataOf(res.body);
    expect(rolls).toHaveLength(res.body.dice.rolls.length);
    rolls.forEach((data, i) => {
      expectFoundryShape(data);
      expect(data.terms[0]!.results.map((r) => r.result)).toEqual(res.body.dice.rolls[i].values);
      expect(fromData(data)._total).toBe(data.total);
    });
  });

  it('a rules endpoint (EDEN melee) converts the same way', async () => {
    const res = await post(app, '/v1/eden/attacks/melee?rollFormat=foundry', meleeExamples[0]!.value);
    rollDataOf(res.body).forEach(expectFoundryShape);
  });

  it('refuses what is not a Foundry roll, naming the member', () => {
    expect(() => rollDataOf({ total: 3 })).toThrow(/rollFormat=foundry/);
    expect(() => toRollData({ class: 'Roll', formula: '1d6', terms: [{ class: 'Coin', number: 1, faces: 2, results: [] }], total: 0 })).toThrow(/terms\/0\/class/);
    expect(() => toRollData({ class: 'Roll', formula: '1d6', terms: [{ class: 'Die', number: 1, faces: 6, results: [{ result: 4, active: true }] }], total: 5 })).toThrow(/total/);
  });
});
