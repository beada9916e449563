import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';
import { queryAll, withoutNulls } from '../helpers/graphql-selection.js';
import { YURI_BODY } from '../fixtures/eden-fighters.js';

const limb = (faces: number[], v: number) => ({ white: 2, red: 1, faces, normal: v, wounded: v - 1 });
const grunt = (id: string) => ({
  id,
  name: id,
  limbs: { head: limb([1], 3), arms: limb([2, 3], 4), torso: limb([4, 5], 4), legs: limb([6], 4) },
});
const yuri = (id = 'yuri-1') => ({ ...YURI_BODY, id });

describe('EDEN attacks API (CONTRACT §3)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  it('EDEN-MELEE-3: POST /v1/eden/attacks/melee resolves a passive strike with fixed dice, transcript and summary', async () => {
    const r = await post(app, '/v1/eden/attacks/melee', { attacker: grunt('a'), target: grunt('t'), reaction: 'passive', dice: { values: [4, 5, 1, 2, 4] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      exchanges: [{ striker: 'attacker', location: { face: 4, shift: 0, limb: 'torso' }, inflicted: 2, protection: 0, marked: 2 }],
      target: { id: 't', wounds: { torso: 2 }, outOfAction: false },
      attacker: { ap: 2, outOfAction: false },
      apSpent: { attacker: 1, target: 0 },
      dice: {
        seed: null,
        rolls: [
          { purpose: 'attacker CBT', sides: 6, values: [4, 5, 1, 2] },
          { purpose: 'attacker location', sides: 6, values: [4] },
        ],
      },
    });
    expect(r.body.summary).toContain('EDEN-MELEE-3');
  });

  it('CONTRACT §1: the same seed gives the same melee result', async () => {
    const body = { attacker: yuri('a'), target: yuri('b'), reaction: 'response', dice: { seed: 'league-42' } };
    const one = await post(app, '/v1/eden/attacks/melee', body);
    const two = await post(app, '/v1/eden/attacks/melee', body);
    expect(one.status).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(one.body.dice.seed).toBe('league-42');
  });

  it('CONTRACT §0: schema problems are a 400 listing every path', async () => {
    const r = await post(app, '/v1/eden/attacks/melee', { target: { ...grunt('t'), limbs: { head: { white: 'x' } } }, reaction: 'fly', aim: { shift: 9 } });
    expect(r.status).toBe(400);
    const paths = r.body.errors.map((e: { path: string }) => e.path);
    for (const p of ['/attacker', '/target/limbs/head/white', '/target/limbs/arms', '/reaction']) expect(paths).toContain(p);
    expect(r.headers['content-type']).toContain('application/problem+json');
  });

  it('CONTRACT §2: an index that does not partition 1..6 is a 400 with paths', async () => {
    const bad = grunt('t');
    bad.limbs.legs.faces = [5];
    const r = await post(app, '/v1/eden/attacks/melee', { attacker: grunt('a'), target: bad });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual(['/target/limbs/legs/faces', '/target/limbs']);
  });

  it('CONTRACT §1: fixed dice that run out → 422 dice_exhausted', async () => {
    const r = await post(app, '/v1/eden/attacks/melee', { attacker: grunt('a'), target: grunt('t'), dice: { values: [6, 6] } });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('dice_exhausted');
  });

  it('CONTRACT §1: a die value 7 is a 400', async () => {
    const r = await post(app, '/v1/eden/attacks/melee', { attacker: grunt('a'), target: grunt('t'), dice: { values: [7, 1, 1, 1] } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/dice/values/0');
  });

  it('EDEN-STATE-FEAR-1: a Response under Fear is 422 fear_forbids_response', async () => {
    const r = await post(app, '/v1/eden/attacks/melee', { attacker: grunt('a'), target: { ...grunt('t'), markers: { fear: 1 } }, reaction: 'response' });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('fear_forbids_response');
  });

  it('EDEN-RANGED-2: a declared target that is not legal is 422 illegal_target with legalTargets', async () => {
    const r = await post(app, '/v1/eden/attacks/ranged', {
      shooter: yuri(),
      weapon: 'Pistol',
      candidates: [
        { id: 'near', fighter: grunt('near'), distance: 8, lineOfSight: true },
        { id: 'far', fighter: grunt('far'), distance: 20, lineOfSight: true },
      ],
      targetId: 'far',
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'illegal_target', legalTargets: ['near'] });
  });

  it('EDEN-RANGED-3..7: a shot with fixed dice reports roll, location, potency and the fighter hit', async () => {
    const r = await post(app, '/v1/eden/attacks/ranged', {
      shooter: yuri(),
      weapon: 'Pistol',
      candidates: [{ id: 't', fighter: grunt('t'), distance: 8, lineOfSight: true }],
      dice: { values: [4, 5, 1, 1, 4, 6, 6, 1, 1, 1] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ targetId: 't', redirectedTo: null, success: true, potency: { value: 5 }, marked: 2, hit: { id: 't', fighter: { wounds: { torso: 2 } } } });
  });

  it('EDEN-RANGED-2: no eligible target → 200 with targetId null and reason no_target', async () => {
    const r = await post(app, '/v1/eden/attacks/ranged', { shooter: yuri(), weapon: 'Pistol', candidates: [{ id: 't', fighter: grunt('t'), distance: 80, lineOfSight: true }] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ targetId: null, success: false, reason: 'no_target', dice: { rolls: [] } });
  });

  it('EDEN-THROW-1: thrown at a point out of range is 422 out_of_range; in range rolls per affected fighter', async () => {
    const far = await post(app, '/v1/eden/attacks/thrown', { attacker: yuri(), weapon: 'Grenade', point: { distance: 21, lineOfSight: true }, affected: [] });
    expect(far.status).toBe(422);
    expect(far.body.code).toBe('out_of_range');
    const r = await post(app, '/v1/eden/attacks/thrown', {
      attacker: yuri(),
      weapon: 'Grenade',
      point: { distance: 10, lineOfSight: true },
      affected: [{ id: 't', fighter: grunt('t') }],
      dice: { values: [6, 1, 1] },
    });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({ id: 't', roll: { successes: 1 }, marked: 4, fighter: { markers: { fear: 1 } } });
  });

  it('EDEN-SPRAY-2: spray marks one wound per limb on every covered fighter', async () => {
    const flamer = { ...yuri(), equipment: [{ name: 'Flamer', categories: ['spray'] }] };
    const r = await post(app, '/v1/eden/attacks/spray', { attacker: flamer, weapon: 'Flamer', covered: [{ id: 'y', fighter: yuri('y') }] });
    expect(r.status).toBe(200);
    expect(r.body.results[0].fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
  });

  it('EDEN-ROLL-1 (EDEN-EX-1) via POST /v1/eden/rolls; opposed (EDEN-EX-3); location with a fighter', async () => {
    const c = await post(app, '/v1/eden/rolls', { kind: 'characteristic', value: 4, difficulty: 5, dice: { values: [1, 4, 5, 6] } });
    expect(c.body).toMatchObject({ successes: 2 });
    const o = await post(app, '/v1/eden/rolls', { kind: 'opposed', a: { value: 6 }, b: { value: 4 }, dice: { values: [1, 4] } });
    expect(o.body.winner).toBe('b');
    const l = await post(app, '/v1/eden/rolls', { kind: 'location', fighter: yuri(), dice: { values: [5] } });
    expect(l.body).toMatchObject({ face: 5, limb: 'torso' });
    const missing = await post(app, '/v1/eden/rolls', { kind: 'characteristic' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(['/value', '/difficulty']);
  });

  it('CONTRACT §0: summaries follow Accept-Language (es, de, en) and name rule IDs; machine fields do not change', async () => {
    const body = { attacker: grunt('a'), target: grunt('t'), reaction: 'dodge', dice: { values: [5, 5, 6, 1, 4, 4, 1, 1, 1] } };
    const es = await post(app, '/v1/eden/attacks/melee', body, { 'accept-language': 'es' });
    const de = await post(app, '/v1/eden/attacks/melee', body, { 'accept-language': 'de-DE,de;q=0.9' });
    const en = await post(app, '/v1/eden/attacks/melee', body);
    expect(es.body.summary).toContain('Esquiva');
    expect(de.body.summary).toContain('Ausweichen');
    expect(en.body.summary).toContain('Dodge');
    for (const r of [es, de, en]) expect(r.body.summary).toContain('EDEN-MELEE-5');
    const strip = (b: Record<string, unknown>) => ({ ...b, summary: undefined });
    expect(strip(es.body)).toEqual(strip(en.body));
    expect(strip(de.body)).toEqual(strip(en.body));
  });

  it('GraphQL: query { edenMelee(input: {...}) { ... } } answers what REST answers', async () => {
    const body = { attacker: grunt('a'), target: grunt('t'), reaction: 'passive', dice: { values: [4, 5, 1, 2, 4] } };
    const rest = await post(app, '/v1/eden/attacks/melee', body);
    // in the document an enum is written by its name (`passive`), not as a string
    const literal = JSON.stringify(body)
      .replace(/"(\w+)":/g, '$1:')
      .replace('reaction:"passive"', 'reaction:passive');
    const inline = await post(app, '/graphql', {
      query: `{ edenMelee(input: ${literal}) { success exchanges { inflicted } target { id outOfAction } dice { rolls { values } } } }`,
    });
    expect(inline.status, JSON.stringify(inline.body)).toBe(200);
    expect(inline.body.errors, JSON.stringify(inline.body)).toBeUndefined();
    const { success, exchanges, target, dice } = rest.body;
    expect(inline.body.data.edenMelee).toEqual({
      success,
      exchanges: exchanges.map((e: { inflicted: number }) => ({ inflicted: e.inflicted })),
      target: { id: target.id, outOfAction: target.outOfAction },
      dice: { rolls: dice.rolls.map((r: { values: number[] }) => ({ values: r.values })) },
    });
    const vars = await queryAll(app, 'edenMelee', body);
    expect(vars.data).toEqual(withoutNulls(rest.body));
  });
});
