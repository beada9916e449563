/**
 * EDEN phase operations under generated, schema-valid bodies: never a 5xx (only 200, or 422 for a
 * rule violation), and the same seed always gives the same answer (CONTRACT §0, §1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';

const limb = (faces: number[]) =>
  fc.record({
    white: fc.integer({ min: 1, max: 4 }),
    red: fc.integer({ min: 0, max: 2 }),
    faces: fc.constant(faces),
    normal: fc.integer({ min: -1, max: 7 }),
    wounded: fc.integer({ min: -1, max: 6 }),
  });
const count = fc.integer({ min: 0, max: 3 });
const fighter = (id: string) =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('Yûri', 'Yuri', 'Vladd', 'Ngobo', id),
    faction: fc.constantFrom('jokers', 'Jokergang', 'bamaka', 'isc', 'konvoi', 'CNJ', ''),
    stigma: fc.constantFrom('chaos', 'Caos', 'order', 'change'),
    value: fc.integer({ min: 0, max: 80 }),
    npc: fc.boolean(),
    limbs: fc.record({ head: limb([1]), arms: limb([2, 3]), torso: limb([4, 5]), legs: limb([6]) }),
    equipment: fc.array(
      fc.record({
        name: fc.constantFrom('Helmet', 'Armour', 'Knife'),
        categories: fc.constant(['protection']),
        protection: fc.record({ limbs: fc.constantFrom(['head'], 'all'), value: fc.integer({ min: 0, max: 2 }) }),
      }),
      { maxLength: 3 },
    ),
    wounds: fc.record({ head: count, arms: count, torso: count, legs: count }),
    markers: fc.record({ fire: count, fear: count, rage: count, slow: count, poison: count }),
    ap: count,
  });
const band = (prefix: string) => fc.integer({ min: 0, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => fighter(`${prefix}${i}`))));
const seed = fc.string({ minLength: 1, maxLength: 12 });
const edition = fc.constantFrom('es', 'de');

const bodies: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  '/v1/eden/rosters/validate': fc.record({
    edition,
    bandType: fc.constantFrom('faction', 'stigma'),
    budget: fc.integer({ min: 0, max: 300 }),
    fighters: fc.array(fc.oneof(fighter('f'), fc.record({ ref: fc.constantFrom('yuri', 'vladd', 'ghost') })), { maxLength: 6 }),
  }),
  '/v1/eden/upkeep': fc
    .record({ edition, firstPlayer: fc.constantFrom('A', 'B'), bands: fc.record({ A: band('a'), B: band('b') }), npcs: band('n'), dice: fc.record({ seed }) })
    .chain((body) => fc.subarray([...body.bands.A, ...body.bands.B].map((f) => f.id)).map((removeRage) => ({ ...body, removeRage }))),
  '/v1/eden/weather': fc.record({ edition, conditions: fc.integer({ min: 1, max: 3 }), dice: fc.record({ seed }) }),
  '/v1/eden/initiative': fc.record({
    edition,
    pools: fc.record({ A: fc.integer({ min: 0, max: 12 }), B: fc.integer({ min: 0, max: 12 }) }),
    bids: fc.record({ A: fc.integer({ min: 0, max: 12 }), B: fc.integer({ min: 0, max: 12 }) }),
    leaderLost: fc.record({ A: fc.boolean(), B: fc.boolean() }),
    choice: fc.constantFrom('A', 'B'),
    dice: fc.record({ seed }),
  }),
  '/v1/eden/npcs/decide': fc.record({
    npc: fc.record({ id: fc.constant('npc') }),
    contacts: fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'c'), npc: fc.boolean() }), { maxLength: 3 }),
    visible: fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), distance: fc.double({ min: 0, max: 30, noNaN: true }), lineOfSight: fc.boolean() }), { maxLength: 4 }),
    targetId: fc.constantFrom('a', 'b', 'd'),
  }),
  '/v1/eden/tactics/cost': fc.record({
    pool: fc.integer({ min: 0, max: 6 }),
    leaderOnTable: fc.boolean(),
    weather: fc.constantFrom('normal', 'snowstorm', ['mist', 'snowstorm']),
    card: fc.record({
      name: fc.constantFrom('Zona contaminada', 'X'),
      keywords: fc.subarray(['tactic', 'first_turn', 'cancellation']),
      cancellation: fc.integer({ min: 0, max: 4 }),
    }),
    turn: fc.integer({ min: 1, max: 5 }),
    phase: fc.constantFrom('tactical', 'activation'),
    playedNames: fc.subarray(['Zona contaminada', 'Y']),
    opponentPool: fc.integer({ min: 0, max: 6 }),
  }),
  '/v1/eden/terrain/tests': fc.record(
    {
      edition,
      test: fc.constantFrom('climb', 'swim', 'jump', 'hostile_presence', 'obstruction'),
      fighter: fighter('t'),
      value: fc.integer({ min: 1, max: 8 }),
      element: fc.constantFrom('lake', 'deep_river', 'dark_forest', 'tree', 'pond'),
      inside: fc.integer({ min: 0, max: 12 }),
      weather: fc.constantFrom('normal', 'headwind'),
      dice: fc.record({ seed }),
    },
    { requiredKeys: ['test', 'fighter', 'value', 'inside', 'dice'] },
  ),
  '/v1/eden/weather/effects': fc.record({
    edition,
    conditions: fc.subarray(['ionic_storm', 'acid_rain', 'headwind', 'thick_fog', 'normal', 'mist', 'snowstorm'], { maxLength: 3 }),
    firstPlayer: fc.constantFrom('A', 'B'),
    bands: fc.record({ A: band('a'), B: band('b') }),
    npcs: band('n'),
    engaged: fc.subarray(['a0', 'a1', 'b0', 'n0', 'zz']),
    dice: fc.record({ seed }),
  }),
  '/v1/eden/states/douse-fire': fc.record({ edition, fighter: fighter('f'), markers: fc.integer({ min: 1, max: 4 }) }, { requiredKeys: ['fighter'] }),
  '/v1/eden/terrain/scenery': fc.record(
    {
      edition,
      event: fc.constantFrom('state', 'attack', 'ignite', 'upkeep', 'contact', 'conceal'),
      scenery: fc.record(
        {
          id: fc.constant('s'),
          element: fc.constantFrom('tree', 'bushes', 'pond', 'quadristic_idol', 'dark_forest', 'lake'),
          rules: fc.subarray([{ rule: 'concealment' }, { rule: 'inflammable' }, { rule: 'destruction', value: 2 }, { rule: 'obstruction', value: 2 }, { rule: 'crossable' }]),
          attacks: fc.integer({ min: 0, max: 8 }),
          fire: fc.integer({ min: 0, max: 4 }),
          destroyed: fc.boolean(),
        },
        { requiredKeys: ['id', 'element'] },
      ),
      fighter: fighter('f'),
      markers: fc.integer({ min: 1, max: 3 }),
      attacksThisTurn: fc.integer({ min: 0, max: 3 }),
      inContact: fc.boolean(),
      nearestAdversary: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 40, noNaN: true })),
    },
    { requiredKeys: ['event', 'scenery', 'fighter'] },
  ),
};

describe('EDEN phase operations: generated valid bodies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  for (const [url, arb] of Object.entries(bodies)) {
    it(`${url}: never a 5xx or 400, and the same seed gives the same answer`, async () => {
      await fc.assert(
        fc.asyncProperty(arb, async (body) => {
          const one = await post(app, url, body);
          expect([200, 422], JSON.stringify(one.body)).toContain(one.status);
          if (one.status === 200) expect(typeof one.body.summary).toBe('string');
          const two = await post(app, url, body);
          // problem documents carry a per-request id; everything else must repeat
          const { requestId: _a, ...first } = one.body;
          const { requestId: _b, ...second } = two.body;
          expect(second).toEqual(first);
        }),
        { numRuns: 40 },
      );
    });
  }

  it('GET /v1/eden/catalog answers 200 in every language', async () => {
    for (const lang of ['en', 'es', 'de']) {
      const res = await app.inject({ method: 'GET', url: '/v1/eden/catalog?edition=de', headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(200);
    }
  });
});
