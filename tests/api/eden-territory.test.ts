import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';
import { queryAll, withoutNulls } from '../helpers/graphql-selection.js';
import { YURI_BODY } from '../fixtures/eden-fighters.js';
import { edenPhaseOperations } from '../../src/games/eden/operations/phases.js';

const yuri = (extra: Record<string, unknown> = {}) => ({ ...JSON.parse(JSON.stringify(YURI_BODY)), ...extra });

describe('EDEN Territory, weather effects and Fire removal API', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  it('every new operation example answers 200 (eden.douseFire, eden.weatherEffects, eden.scenery)', async () => {
    for (const id of ['eden.douseFire', 'eden.weatherEffects', 'eden.scenery']) {
      const op = edenPhaseOperations.find((o) => o.id === id)!;
      expect(op.examples!.length).toBeGreaterThan(0);
      for (const ex of op.examples!) {
        const r = await post(app, op.path, ex.value);
        expect(r.status, `${id}: ${ex.summary} ${JSON.stringify(r.body)}`).toBe(200);
      }
    }
  });

  it('EDEN-STATE-FIRE-2: POST /v1/eden/states/douse-fire removes markers for AP; too many → 422 no_fire / no_ap', async () => {
    const ok = await post(app, '/v1/eden/states/douse-fire', { fighter: yuri({ markers: { fire: 2, fear: 1 } }), markers: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ removed: 2, apSpent: 2, fighter: { ap: 1, markers: { fire: 0, fear: 1 }, outOfAction: false } });
    expect(ok.body.summary).toContain('EDEN-STATE-FIRE-2');
    const none = await post(app, '/v1/eden/states/douse-fire', { fighter: yuri() });
    expect([none.status, none.body.code]).toEqual([422, 'no_fire']);
    const poor = await post(app, '/v1/eden/states/douse-fire', { fighter: yuri({ ap: 0, markers: { fire: 1 } }) });
    expect([poor.status, poor.body.code]).toEqual([422, 'no_ap']);
  });

  it('GraphQL: edenDouseFire answers what REST answers', async () => {
    const input = { fighter: yuri({ markers: { fire: 1 } }) };
    const rest = await post(app, '/v1/eden/states/douse-fire', input);
    const gql = await queryAll(app, 'edenDouseFire', input);
    expect(gql.status).toBe(200);
    expect(gql.data).toEqual(withoutNulls(rest.body));
  });

  it('EDEN-WEATHER-2: POST /v1/eden/weather/effects wounds the torso on 0 successes, protection ignored, with transcript', async () => {
    const body = { conditions: 'ionic_storm', firstPlayer: 'A', bands: { A: [yuri({ id: 'a' })], B: [yuri({ id: 'b' })] }, dice: { values: [1, 2, 3, 4, 6, 1, 1, 1] } };
    const r = await post(app, '/v1/eden/weather/effects', body, { 'accept-language': 'es' });
    expect(r.status).toBe(200);
    expect(r.body.bands.A[0].wounds.torso).toBe(1);
    expect(r.body.bands.B[0].wounds.torso).toBe(0);
    expect(r.body.log.map((e: { effect: string }) => e.effect)).toEqual(['torso_wound', 'none']);
    expect(r.body.dice.rolls.map((x: { purpose: string }) => x.purpose)).toEqual(['a ionic storm VIG', 'b ionic storm VIG']);
    expect(r.body.summary).toContain('EDEN-WEATHER-2');
    const short = await post(app, '/v1/eden/weather/effects', { ...body, dice: { values: [1] } });
    expect([short.status, short.body.code]).toEqual([422, 'dice_exhausted']);
  });

  it('EDEN-TERRAIN-R-DESTRUCTION: POST /v1/eden/terrain/scenery — the third attack on a tree destroys it; the idol refuses the Matriarchy', async () => {
    const r = await post(app, '/v1/eden/terrain/scenery', { event: 'attack', scenery: { id: 't', element: 'tree', attacks: 2 }, fighter: yuri() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      destroyedNow: true,
      apSpent: 1,
      fighter: { ap: 2 },
      scenery: { destroyed: true, destruction: { value: 3, count: 3 } },
      replacedBy: { element: 'devastated_zone' },
    });
    const idol = await post(app, '/v1/eden/terrain/scenery', { event: 'attack', scenery: { id: 'i', element: 'quadristic_idol' }, fighter: yuri({ faction: 'matriarchy' }) });
    expect([idol.status, idol.body.code]).toEqual([422, 'illegal_target']);
    const bad = await post(app, '/v1/eden/terrain/scenery', { event: 'attack', scenery: { id: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('EDEN-TERRAIN-R-INFLAMMABLE: burning bushes lose Obstruction (scenery state and terrain obstruction test), contact adds 1 Fire marker', async () => {
    const s = await post(app, '/v1/eden/terrain/scenery', { event: 'state', scenery: { id: 'b', element: 'bushes', fire: 1 } });
    expect(s.body.scenery.effectiveRules.map((x: { rule: string }) => x.rule)).toEqual(['destruction', 'inflammable', 'obstacle']);
    const move = await post(app, '/v1/eden/terrain/tests', { test: 'obstruction', element: 'bushes', elementFire: 1, inside: 5 });
    expect([move.status, move.body.code]).toEqual([422, 'rule_not_on_element']);
    const cold = await post(app, '/v1/eden/terrain/tests', { test: 'obstruction', element: 'bushes', inside: 5 });
    expect(cold.status).toBe(200);
    const touch = await post(app, '/v1/eden/terrain/scenery', { event: 'contact', scenery: { id: 'b', element: 'bushes', fire: 1 }, fighter: yuri() });
    expect(touch.body).toMatchObject({ fireAdded: 1, fighter: { markers: { fire: 1 } } });
  });

  it('EDEN-TERRAIN-R-CONCEALMENT / EDEN-TERRAIN-LIST-10 via POST /v1/eden/attacks/ranged: hidden at 8 cm is skipped; beacon adds +2', async () => {
    const foe = (id: string, extra: Record<string, unknown> = {}) => ({ id, fighter: yuri({ id, equipment: [] }), lineOfSight: true, ...extra });
    const r = await post(app, '/v1/eden/attacks/ranged', {
      shooter: yuri(),
      weapon: 'Pistol',
      candidates: [foe('hidden', { distance: 8, concealed: true }), foe('open', { distance: 12, nearEnergyBeacon: true })],
      // CBT 4 vs RAP 5: [5, 5, 1, 1] → 2; location 4 (torso); Pot 5 vs VIG 4: [4, 4, 4, 1, 1] → 3 − 2 = 1
      dice: { values: [5, 5, 1, 1, 4, 4, 4, 4, 1, 1] },
    });
    expect(r.status).toBe(200);
    expect(r.body.summary).toContain('EDEN-TERRAIN-LIST-10');
    expect(r.body).toMatchObject({
      targetId: 'open',
      legalTargets: ['open'],
      protection: 2,
      marked: 1,
      energyBeacon: true,
      hit: { id: 'open', fighter: { wounds: { torso: 1 } } },
    });
  });
});
