import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';
import { queryAll, withoutNulls } from '../helpers/graphql-selection.js';
import { YURI_BODY } from '../fixtures/eden-fighters.js';

const limb = (faces: number[], v: number) => ({ white: 2, red: 1, faces, normal: v, wounded: v - 1 });
const grunt = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  limbs: { head: limb([1], 3), arms: limb([2, 3], 4), torso: limb([4, 5], 4), legs: limb([6], 4) },
  ...extra,
});
const gql = async (app: FastifyInstance, field: string, input: unknown) => {
  const res = await queryAll(app, field, input);
  return { status: res.status, body: { data: { [field]: res.data }, errors: res.errors } };
};

describe('EDEN phases API (CONTRACT §3)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  describe('POST /v1/eden/rosters/validate', () => {
    it('EDEN-ROSTER-*: a band with several problems answers 200 with every problem and its path', async () => {
      const r = await post(app, '/v1/eden/rosters/validate', {
        bandType: 'faction',
        affiliation: 'jokers',
        fighters: [
          grunt('a', { name: 'Twin', faction: 'jokers', value: 60 }),
          grunt('b', { name: 'Twin', faction: 'jokers', value: 60 }),
          { ref: 'ghost' },
          grunt('c', { faction: 'isc', value: 1 }),
          grunt('d', { faction: 'jokers', value: 1, npc: true }),
        ],
      });
      expect(r.status).toBe(200);
      expect(r.body.valid).toBe(false);
      expect(r.body.errors.map((e: { code: string; path: string }) => `${e.code} ${e.path}`).sort()).toEqual(
        [
          'duplicate_name /fighters/1/name',
          'mixed_band /fighters',
          'not_recruitable /fighters/4',
          'over_budget /fighters',
          'unknown_fighter /fighters/2/ref',
          'wrong_faction /fighters/3/faction',
        ].sort(),
      );
      expect(r.body.totals).toEqual({ value: 121, budget: 100, strategyPoints: 9 });
      expect(r.body.summary).toContain('EDEN-ROSTER');
    });

    it("EDEN-CARD-PROFILE-9: a roster of catalog fighters uses each printing's Value", async () => {
      const es = await post(app, '/v1/eden/rosters/validate', { bandType: 'faction', fighters: [{ ref: 'yuri' }, { ...YURI_BODY, id: 'y2', name: 'Other' }] });
      expect(es.status).toBe(200);
      expect(es.body).toMatchObject({ valid: true, affiliation: 'jokers', totals: { value: 50, strategyPoints: 8 } });
      const de = await post(app, '/v1/eden/rosters/validate', { edition: 'de', bandType: 'stigma', fighters: [{ ref: 'yuri' }] }, { 'accept-language': 'de' });
      expect(de.body).toMatchObject({ valid: true, affiliation: 'chaos', totals: { value: 20, strategyPoints: 2 } });
      expect(de.body.summary).toContain('Strategiepunkte');
    });

    it('an empty band is a result (empty_roster); a malformed body is a 400 with paths', async () => {
      const empty = await post(app, '/v1/eden/rosters/validate', { bandType: 'stigma', fighters: [] });
      expect(empty.status).toBe(200);
      expect(empty.body.errors).toEqual([expect.objectContaining({ code: 'empty_roster', path: '/fighters' })]);
      const bad = await post(app, '/v1/eden/rosters/validate', { bandType: 'clan', fighters: [{ ref: 3 }] });
      expect(bad.status).toBe(400);
      expect(bad.headers['content-type']).toMatch(/problem\+json/);
      const paths = bad.body.errors.map((e: { path: string }) => e.path);
      expect(paths).toContain('/bandType');
      expect(paths.some((p: string) => p.startsWith('/fighters/0'))).toBe(true);
    });

    it('GraphQL edenValidateRoster equals REST', async () => {
      const body = { bandType: 'faction', budget: 20, fighters: [{ ref: 'yuri' }] };
      const rest = await post(app, '/v1/eden/rosters/validate', body);
      const g = await gql(app, 'edenValidateRoster', body);
      expect(g.body.data.edenValidateRoster).toEqual(withoutNulls(rest.body));
      expect(rest.body.errors[0].code).toBe('over_budget');
    });
  });

  it('GET /v1/eden/catalog: both printings tagged; GraphQL edenCatalog equals REST', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/eden/catalog' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.factions.filter((f: { editions: string[] }) => f.editions.includes('de')).length).toBe(6);
    expect(body.scenery.elements).toHaveLength(13);
    expect(body.fighters.find((f: { id: string }) => f.id === 'yuri').value).toEqual({ es: 25, de: 20 });
    expect(body.summary).toContain('EDEN-TERRAIN-LIST');
    const g = await queryAll(app, 'edenCatalog');
    expect(g.data).toEqual(withoutNulls(body));
  });

  describe('POST /v1/eden/weather', () => {
    const expected = ['ionic_storm', 'headwind', 'thick_fog', 'thick_fog', 'normal', 'normal', 'mist', 'mist', 'acid_rain', 'acid_rain', 'snowstorm'];
    for (let total = 2; total <= 12; total++) {
      it(`EDEN-WEATHER-1: total ${total} → ${expected[total - 2]}`, async () => {
        const a = Math.max(1, total - 6);
        const r = await post(app, '/v1/eden/weather', { dice: { values: [a, total - a] } });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ total, condition: expected[total - 2], rulesFrom: 'es', dice: { seed: null, rolls: [{ sides: 6, values: [a, total - a] }] } });
        expect(r.body.summary).toContain(r.body.rule);
      });
    }

    it('CONTRACT §1: too few dice is 422 dice_exhausted; a non-face value is 400', async () => {
      const few = await post(app, '/v1/eden/weather', { dice: { values: [3] } });
      expect([few.status, few.body.code]).toEqual([422, 'dice_exhausted']);
      const bad = await post(app, '/v1/eden/weather', { dice: { values: [3, 7] } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].path).toBe('/dice/values/1');
    });

    it('EDEN-DOC-1: with edition de the ES table is applied and said so', async () => {
      const r = await post(app, '/v1/eden/weather', { edition: 'de', dice: { seed: 'w' } });
      expect(r.body).toMatchObject({ edition: 'de', rulesFrom: 'es' });
      expect(r.body.note).toContain('DE');
      expect(r.body.dice.seed).toBe('w');
    });
  });

  describe('POST /v1/eden/initiative', () => {
    it('EDEN-PREP-3: a bid above its pool is a 422 problem with code bid_exceeds_pool', async () => {
      const r = await post(app, '/v1/eden/initiative', { pools: { A: 3, B: 5 }, bids: { A: 4, B: 1 } });
      expect(r.status).toBe(422);
      expect(r.headers['content-type']).toMatch(/problem\+json/);
      expect(r.body).toMatchObject({ code: 'bid_exceeds_pool', player: 'A', bid: 4, pool: 3 });
    });

    it('EDEN-PREP-3 step 4: equal bids roll off (A die, then B die, repeated on ties); GraphQL equals REST', async () => {
      const body = { pools: { A: 4, B: 4 }, bids: { A: 2, B: 2 }, dice: { values: [4, 4, 1, 3] } };
      const rest = await post(app, '/v1/eden/initiative', body);
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({
        winner: 'B',
        by: 'roll',
        firstPlayer: 'B',
        pools: { A: 2, B: 2 },
        rollOff: [
          { A: 4, B: 4 },
          { A: 1, B: 3 },
        ],
      });
      expect(rest.body.dice.rolls.map((r: { values: number[] }) => r.values[0])).toEqual([4, 4, 1, 3]);
      const g = await gql(app, 'edenInitiative', body);
      expect(g.body.data.edenInitiative).toEqual(withoutNulls(rest.body));
    });

    it('negative bids are a 400', async () => {
      expect((await post(app, '/v1/eden/initiative', { pools: { A: 3, B: 5 }, bids: { A: -1, B: 1 } })).status).toBe(400);
    });
  });

  describe('POST /v1/eden/upkeep', () => {
    it('EDEN-UPKEEP-3..9 with fixed dice: fighters updated in order, log with rule IDs, Spanish summary', async () => {
      const body = {
        firstPlayer: 'B',
        bands: { A: [{ ...YURI_BODY, markers: { fire: 1, fear: 1 } }], B: [grunt('g', { ap: 1, markers: { slow: 1, poison: 1, rage: 2 } })] },
        removeRage: ['g'],
        dice: { values: [5, 6, 2, 1, /* fear PSI 4 dice */ 5, 1, 1, 1] },
      };
      const r = await post(app, '/v1/eden/upkeep', body, { 'accept-language': 'es' });
      expect(r.status).toBe(200);
      expect(r.body.bands.A[0]).toMatchObject({ id: 'yuri-1', wounds: { head: 1 }, markers: { fire: 0, fear: 0 }, ap: 3, outOfAction: false });
      expect(r.body.bands.B[0]).toMatchObject({ id: 'g', ap: 2, markers: { slow: 0, poison: 0, rage: 1 }, outOfAction: false });
      expect(r.body.log.map((e: { rule: string }) => e.rule)).toEqual([
        'EDEN-UPKEEP-3',
        'EDEN-UPKEEP-4',
        'EDEN-UPKEEP-5',
        'EDEN-UPKEEP-6',
        'EDEN-UPKEEP-7',
        'EDEN-UPKEEP-8',
        'EDEN-UPKEEP-9',
      ]);
      expect(r.body.dice.rolls.map((x: { purpose: string }) => x.purpose)).toEqual(['yuri-1 fire damage', 'yuri-1 fire location', 'yuri-1 fear PSI']);
      expect(r.body.summary).toContain('Intendencia');
    });

    it('a profile whose faces do not partition 1..6 is a 400 with its path; unknown removeRage ids too', async () => {
      const broken = grunt('x', { limbs: { head: limb([1], 3), arms: limb([2], 4), torso: limb([4, 5], 4), legs: limb([6], 4) } });
      const r = await post(app, '/v1/eden/upkeep', { firstPlayer: 'A', bands: { A: [], B: [broken] } });
      expect(r.status).toBe(400);
      expect(r.body.errors[0].path).toBe('/bands/B/0/limbs');
      const rage = await post(app, '/v1/eden/upkeep', { firstPlayer: 'A', bands: { A: [grunt('a')], B: [] }, removeRage: ['zz'] });
      expect([rage.status, rage.body.errors[0].path]).toEqual([400, '/removeRage/0']);
    });
  });

  describe('POST /v1/eden/npcs/decide', () => {
    it('EDEN-NPC-4: charge the nearest visible fighter; an illegal declared target is 422', async () => {
      const body = {
        npc: { id: 'mutant' },
        contacts: [],
        visible: [
          { id: 'a', distance: 7, lineOfSight: true },
          { id: 'b', distance: 4, lineOfSight: true },
        ],
      };
      const r = await post(app, '/v1/eden/npcs/decide', body);
      expect(r.body).toMatchObject({ action: 'charge', targetId: 'b', candidates: ['b'] });
      const bad = await post(app, '/v1/eden/npcs/decide', { ...body, targetId: 'a' });
      expect([bad.status, bad.body.code, bad.body.legalTargets]).toEqual([422, 'illegal_target', ['b']]);
    });
  });

  it('POST /v1/eden/tactics/cost: EDEN-WEATHER-8 makes the card cost 3; a pool of 2 cannot pay', async () => {
    const r = await post(app, '/v1/eden/tactics/cost', { pool: 2, weather: 'snowstorm' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ cost: 3, allowed: false, reasons: [{ code: 'insufficient_sp', rule: 'EDEN-TACPH-1' }], poolAfter: 2 });
  });

  describe('POST /v1/eden/terrain/tests', () => {
    it('EDEN-TERRAIN-R-SWIM: the lake gives Swim (4); failures wound the head until a success', async () => {
      const r = await post(app, '/v1/eden/terrain/tests', { test: 'swim', element: 'lake', fighter: grunt('g'), dice: { values: [1, 1, 1, 1, 4, 1, 1, 1] } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ test: 'swim', value: 4, crossed: true, apSpent: 2, fighter: { wounds: { head: 1 }, ap: 1, outOfAction: false } });
      expect(r.body.summary).toContain('EDEN-TERRAIN-R-SWIM');
    });

    it('EDEN-EX-6 through the API: Obstruction (2) lets 10 cm cover 5 cm', async () => {
      const r = await post(app, '/v1/eden/terrain/tests', { test: 'obstruction', element: 'devastated_zone', inside: 5 });
      expect(r.body).toMatchObject({ value: 2, cost: 10, allowed: true, maxInside: 5, dice: { rolls: [] } });
    });

    it('an element without the rule is 422 rule_not_on_element; a missing fighter is 400; no AP is 422 no_ap', async () => {
      const a = await post(app, '/v1/eden/terrain/tests', { test: 'jump', element: 'tree', fighter: grunt('g') });
      expect([a.status, a.body.code]).toEqual([422, 'rule_not_on_element']);
      const b = await post(app, '/v1/eden/terrain/tests', { test: 'climb', value: 3 });
      expect([b.status, b.body.errors[0].path]).toEqual([400, '/fighter']);
      const c = await post(app, '/v1/eden/terrain/tests', { test: 'climb', value: 3, fighter: grunt('g', { ap: 1 }) });
      expect([c.status, c.body.code]).toEqual([422, 'no_ap']);
    });
  });
});
