/**
 * A hostile client must not stall the service (issue "bounded cost", rows 1, 4 and 8; README
 * "Budgets"). Each row is sent at the size, together with another client's ordinary
 * request on the same app: the hostile request gets a small, bounded answer naming the budget, the
 * work it asked for is not done (no die drawn, no resolver run), and the other client is answered.
 * No wall-clock assertion: the time these take is in bench/hostile.bench.ts, as ratios.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { operations } from '../../src/app/registry.js';
import { testApp } from '../helpers/app.js';

/** 10 terms, 259 characters, no key: every die rerolls 10 times and explodes 10 times (1.21 M draws). */
const ROW_1 = Array.from({ length: 10 }, () => '1000d1000000!>=1r<1000001').join('+');
/** 15 aliases (GRAPHQL_MAX_ALIASES) of a keep/drop whose binomial table was built before the budget refused it. */
const ROW_4 = '{' + Array.from({ length: 15 }, (_, i) => `d${i}: diceDistribution(input: {notation: "1000d2kh500"}) { min max }`).join(' ') + '}';
/** A total past 2^31, which GraphQL's Int cannot carry. */
const ROW_8 = '{ diceRoll(input: {notation: "1000000000+1000000000+1000000000"}) { total terms { total } } }';

let app: FastifyInstance;
// draws of the seeded generator (what a request without `dice` rolls with), counted
const draws = vi.spyOn(SeededDice.prototype as unknown as { next(sides: number): number }, 'next');
const distribution = operations.find((op) => op.graphql.name === 'diceDistribution')!;
const distributions = vi.spyOn(distribution, 'handle');

beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  draws.mockRestore();
  distributions.mockRestore();
  await app?.close();
});

/** Another client (its own address): an ordinary roll and an ordinary GraphQL document. */
const bystander = () =>
  Promise.all([
    app.inject({ method: 'POST', url: '/v1/dice/rolls', payload: { notation: '4d6kh3+2', dice: { seed: 'bystander' } }, remoteAddress: '192.0.2.7' }),
    app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ diceDistribution(input: {notation: "2d6"}) { min max } }' }, remoteAddress: '192.0.2.7' }),
  ]);

const expectBystanderAnswered = ([roll, graphql]: Awaited<ReturnType<typeof bystander>>) => {
  expect(roll.statusCode).toBe(200);
  expect(roll.json()).toMatchObject({ notation: '4d6kh3+2', dice: { seed: 'bystander' } });
  expect(roll.json().dice.rolls[0].values).toHaveLength(4);
  expect(graphql.statusCode).toBe(200);
  expect(graphql.json()).toEqual({ data: { diceDistribution: { min: 2, max: 12 } } });
};

describe('hostile dice requests are bounded before the work; other clients are answered meanwhile', () => {
  it('row 1: POST /v1/dice/rolls with 10 × 1000d1000000!>=1r<1000001 → 422 too_complex naming dice.draws, no die drawn', async () => {
    expect(ROW_1).toHaveLength(259);
    const before = draws.mock.calls.length;
    const [hostile, other] = await Promise.all([app.inject({ method: 'POST', url: '/v1/dice/rolls', payload: { notation: ROW_1 }, remoteAddress: '198.51.100.66' }), bystander()]);
    expect(hostile.statusCode).toBe(422);
    expect(hostile.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(hostile.json()).toMatchObject({ code: 'too_complex', budget: { name: 'dice.draws', limit: 100_000, needed: 1_210_000 } });
    expect(hostile.body.length).toBeLessThan(1000); // was 107 MB with 1.21 M transcript entries
    expectBystanderAnswered(other);
    expect(draws.mock.calls.length - before, 'only the bystander drew: its 4 dice').toBe(4);
  });

  it('row 1 through GraphQL: the same problem on the field, no die drawn', async () => {
    const before = draws.mock.calls.length;
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ diceRoll(input: {notation: "${ROW_1}"}) { total } }` } });
    expect(res.json()).toMatchObject({
      data: { diceRoll: null },
      errors: [{ path: ['diceRoll'], extensions: { code: 'too_complex', status: 422, budget: { name: 'dice.draws' } } }],
    });
    expect(draws.mock.calls.length).toBe(before);
  });

  it('row 4: 15 aliases of diceDistribution(1000d2kh500) → 400 query_too_complex naming dice.distributionWork, no resolver run', async () => {
    const before = distributions.mock.calls.length;
    const [hostile, other] = await Promise.all([app.inject({ method: 'POST', url: '/graphql', payload: { query: ROW_4 }, remoteAddress: '198.51.100.66' }), bystander()]);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json()).toMatchObject({
      data: null,
      errors: [{ extensions: { code: 'query_too_complex', status: 400, measure: 'cost', budget: { name: 'dice.distributionWork', limit: 6_000_000 } } }],
    });
    expectBystanderAnswered(other);
    expect(distributions.mock.calls.length - before, "only the bystander's distribution ran").toBe(1);
  });

  it('row 4, one alias: the field is refused by its own pre-check (422 too_complex), before its binomial table is built', async () => {
    const [hostile, other] = await Promise.all([
      app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ diceDistribution(input: {notation: "1000d2kh500"}) { min } }' } }),
      bystander(),
    ]);
    const error = hostile.json().errors[0];
    expect(error).toMatchObject({ path: ['diceDistribution'], extensions: { code: 'too_complex', status: 422, budget: { name: 'dice.distributionWork', limit: 6_000_000 } } });
    // needed: what was charged before the refusal (the faces and the binomial table) plus the least work of the passes
    expect(error.extensions.budget.needed).toBeGreaterThan(6_000_000);
    expectBystanderAnswered(other);
  });

  it('row 8: diceRoll totals past 2^31 are SafeInt, answered without an error (REST answers 3000000000 too)', async () => {
    const [gql, rest] = await Promise.all([
      app.inject({ method: 'POST', url: '/graphql', payload: { query: ROW_8 } }),
      app.inject({ method: 'POST', url: '/v1/dice/rolls', payload: { notation: '1000000000+1000000000+1000000000' } }),
    ]);
    expect(gql.json()).toEqual({ data: { diceRoll: { total: 3_000_000_000, terms: [{ total: 1_000_000_000 }, { total: 1_000_000_000 }, { total: 1_000_000_000 }] } } });
    expect(rest.json().total).toBe(gql.json().data.diceRoll.total);
    const exact = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ diceDistribution(input: {notation: "1000000000*3+d6"}) { min max distribution { value } } }' },
    });
    expect(exact.json().data.diceDistribution).toMatchObject({ min: 3_000_000_001, max: 3_000_000_006 });
    const past = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ diceRoll(input: {notation: "1000000000*1000000000"}) { total } }' } });
    expect(past.json().errors[0].extensions).toMatchObject({ code: 'out_of_range', status: 422 });
  });

  it('row 8: every Int of the dice answers that can pass 2^31 is SafeInt in the schema', async () => {
    const typeOf = async (name: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: `{ __type(name: "${name}") { fields { name type { name ofType { name ofType { name ofType { name } } } } } } }` },
      });
      const fields = res.json().data.__type.fields as { name: string; type: Record<string, any> }[];
      const named = (t: Record<string, any> | null): string => (t?.name ? t.name : named(t?.ofType ?? null));
      return Object.fromEntries(fields.map((f) => [f.name, named(f.type)]));
    };
    expect(await typeOf('DiceRoll')).toMatchObject({ total: 'SafeInt' });
    expect(await typeOf('DiceTerm')).toMatchObject({ total: 'SafeInt', values: 'Int', kept: 'Int', successes: 'Int' });
    expect(await typeOf('DiceDistribution')).toMatchObject({ min: 'SafeInt', max: 'SafeInt' });
  });
});
