/**
 * Inputs that teach (CONTRACT §7.5): `dice: {seed}` for Exsilium, fighters by catalog ref wherever a
 * Fighter is accepted, `dice_exhausted` with `consumed` and `purpose`, Content-Language on
 * summaries, `GET /` → /docs, and unknown members reported as `warnings`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { YURI, call, yuri } from '../fixtures/acceptance.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);
const PISTOL = YURI.equipment.find((e) => e.name === 'Pistol')!;
const GRENADE = YURI.equipment.find((e) => e.name === 'Grenade')!;

describe('CONTRACT §7.5 dice: {"seed"} wherever a top-level seed is (Exsilium)', () => {
  const combat = { attacker: { committed: [3] }, defender: { committed: [3], hand: 2 } };

  it('EXS-COMBAT-PVP-4: dice.seed shuffles exactly as the top-level seed', async () => {
    const top = await call(app, '/v1/exsilium/combats', { ...combat, seed: 'tie-break' });
    const nested = await call(app, '/v1/exsilium/combats', { ...combat, dice: { seed: 'tie-break' } });
    const both = await call(app, '/v1/exsilium/combats', { ...combat, seed: 'tie-break', dice: { seed: 'tie-break' } });
    expect(top.status).toBe(200);
    expect(top.body.decks.seed).toBe('tie-break');
    expect(nested.body).toEqual(top.body);
    expect(both.body).toEqual(top.body);
  });

  it('EXS-COMBAT-NEWARU: the Newaru action takes dice.seed too', async () => {
    const body = { playerBaralytas: 2, committed: [4], hand: 3, attacker: 'newaru', decks: { basic: [{ name: 'Bite', kind: 'attack', damage: 10 }] } };
    const top = await call(app, '/v1/exsilium/newaru/actions', { ...body, seed: 's1' });
    const nested = await call(app, '/v1/exsilium/newaru/actions', { ...body, dice: { seed: 's1' } });
    expect(top.status).toBe(200);
    expect(nested.body).toEqual(top.body);
  });

  it('seed and dice.seed that differ → 400 naming both members', async () => {
    const res = await call(app, '/v1/exsilium/combats', { ...combat, seed: 'a', dice: { seed: 'b' } });
    expect(res.status).toBe(400);
    expect(paths(res.body).sort()).toEqual(['/dice/seed', '/seed']);
    expect(res.body.errors[0].code).toBe('conflicting_seed');
  });
});

describe('CONTRACT §7.5 fighters as {"ref": "<catalog id>"} wherever a Fighter is accepted', () => {
  it('EDEN-MELEE-3: a melee between refs resolves exactly as between the full profiles', async () => {
    const dice = { values: [6, 5, 1, 2, 4] };
    const full = await call(app, '/v1/eden/attacks/melee', { attacker: yuri('y1'), target: yuri('y2', { wounds: { torso: 1 } }), reaction: 'passive', dice });
    const refs = await call(app, '/v1/eden/attacks/melee', {
      attacker: { ref: 'yuri', id: 'y1' },
      target: { ref: 'yuri', id: 'y2', wounds: { torso: 1 } },
      reaction: 'passive',
      dice,
    });
    expect(refs.status).toBe(200);
    expect(refs.body.exchanges).toEqual(full.body.exchanges);
    expect(refs.body.target.wounds).toEqual(full.body.target.wounds);
    expect(refs.body.target.limbs).toEqual(YURI.limbs);
    expect(refs.body.summary).toBe(full.body.summary);
  });

  it('EDEN-CARD-PROFILE-9: the profile follows the edition (Value 25 ES, 20 DE); members sent beside the ref win', async () => {
    const body = (edition: string) => ({ edition, attacker: { ref: 'yuri', id: 'y1', ap: 2 }, target: { ref: 'yuri', id: 'y2' }, dice: { values: [1, 1, 1, 1] } });
    const es = await call(app, '/v1/eden/attacks/melee', body('es'));
    const de = await call(app, '/v1/eden/attacks/melee', body('de'));
    expect([es.body.attacker.value, de.body.attacker.value]).toEqual([25, 20]);
    expect(es.body.attacker.ap).toBe(1);
  });

  it('EDEN-RANGED, EDEN-THROW and EDEN-UPKEEP accept refs for shooters, candidates, affected fighters and bands', async () => {
    const ranged = await call(app, '/v1/eden/attacks/ranged', {
      shooter: { ref: 'yuri', id: 's', equipment: [PISTOL] },
      weapon: 'Pistol',
      candidates: [{ id: 't', fighter: { ref: 'yuri', id: 't' }, distance: 10, lineOfSight: true }],
      dice: { seed: 'refs' },
    });
    expect(ranged.status).toBe(200);
    expect(ranged.body.targetId).toBe('t');
    const thrown = await call(app, '/v1/eden/attacks/thrown', {
      attacker: { ref: 'yuri', id: 'a', equipment: [GRENADE] },
      weapon: 'Grenade',
      point: { distance: 10, lineOfSight: true },
      affected: [{ id: 't', fighter: { ref: 'yuri', id: 't' } }],
      dice: { seed: 'refs' },
    });
    expect(thrown.status).toBe(200);
    expect(thrown.body.results[0].fighter.limbs).toEqual(YURI.limbs);
    const upkeep = await call(app, '/v1/eden/upkeep', {
      firstPlayer: 'A',
      bands: { A: [{ ref: 'yuri', id: 'a', markers: { fire: 1 } }], B: [{ ref: 'yuri', id: 'b' }] },
      dice: { seed: 'refs' },
    });
    expect(upkeep.status).toBe(200);
    expect(upkeep.body.bands.A[0].id).toBe('a');
    expect(upkeep.body.bands.B[0].limbs).toEqual(YURI.limbs);
  });

  it('an unknown ref → 400 at /attacker/ref with the known ids; an example-only fighter → incomplete_profile', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', { attacker: { ref: 'yurri' }, target: { ref: 'vladd' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '/attacker/ref', code: 'unknown_fighter', message: expect.stringContaining('Known ids (ES): yuri') },
      { path: '/target/ref', code: 'incomplete_profile', message: expect.stringContaining('yuri') },
    ]);
  });

  it('the roster validation keeps its own answer for refs (unknown_fighter is a result, not a 400)', async () => {
    const res = await call(app, '/v1/eden/rosters/validate', { bandType: 'faction', fighters: [{ ref: 'nobody' }] });
    expect(res.status).toBe(200);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toContain('unknown_fighter');
  });
});

describe('CONTRACT §7.5 dice_exhausted carries consumed and purpose', () => {
  it('EDEN-MELEE-3: four values for a strike that needs a location die → consumed 4, purpose of the location roll', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', { attacker: yuri('a'), target: yuri('b'), reaction: 'passive', dice: { values: [6, 5, 1, 2] } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('dice_exhausted');
    expect(res.body.consumed).toBe(4);
    expect(typeof res.body.purpose).toBe('string');
    expect(res.body.purpose).toMatch(/location/i);
    expect(res.body.detail).toContain(res.body.purpose);
  });

  it('dice notation: 3d6 with one value → consumed 1 and the purpose of the term', async () => {
    const res = await call(app, '/v1/dice/rolls', { notation: '3d6', dice: { values: [4] } });
    expect(res.body).toMatchObject({ status: 422, code: 'dice_exhausted', consumed: 1 });
    expect(res.body.purpose).toContain('3d6');
  });
});

describe('CONTRACT §7.5 Content-Language and Vary on answers with a summary', () => {
  const melee = { attacker: yuri('a'), target: yuri('b'), dice: { values: [6, 5, 1, 2, 4] } };

  it('the language chosen from Accept-Language is announced (en default, es, de)', async () => {
    for (const [header, lang] of [
      [undefined, 'en'],
      ['es-ES,es;q=0.9', 'es'],
      ['fr, de;q=0.5', 'de'],
    ] as const) {
      const res = await call(app, '/v1/eden/attacks/melee', melee, header ? { 'accept-language': header } : {});
      expect(res.headers['content-language']).toBe(lang);
      expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    }
  });

  it('a picture of the answer (no summary) announces no language', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/dice/distribution', payload: { notation: '2d6' }, headers: { accept: 'image/svg+xml', 'accept-language': 'de' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['content-language']).toBeUndefined();
    const json = await call(app, '/v1/dice/distribution', { notation: '2d6' }, { 'accept-language': 'de' });
    expect(json.headers['content-language']).toBe('de');
    expect(String(json.headers.vary)).toMatch(/Accept, Accept-Language|Accept-Language, Accept/);
  });
});

describe('CONTRACT §7.5 GET / redirects to /docs', () => {
  it('302 with Location /docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/docs');
  });
});

describe('unknown members are accepted and reported in warnings', () => {
  it('EDEN-ROSTER-5: `points` for `budget` is a warning beside the roster’s own; the answer is otherwise unchanged', async () => {
    const body = { bandType: 'faction', fighters: [{ ref: 'yuri' }] };
    const clean = await call(app, '/v1/eden/rosters/validate', body);
    const typo = await call(app, '/v1/eden/rosters/validate', { ...body, points: 300 });
    expect(typo.status).toBe(200);
    expect(typo.body.warnings).toEqual([{ path: '/points', code: 'unknown_member', message: expect.stringContaining('points') }]);
    expect(typo.body.totals).toEqual(clean.body.totals);
  });

  it('nested objects, arrays and unions: a member is unknown only when no branch declares it', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', {
      attacker: { ...yuri('a'), colour: 'red' },
      target: { ...yuri('b'), wounds: { arms: 0, tail: 1 }, equipment: [{ ...PISTOL, calibre: 9 }] },
      aim: { shift: 0 },
      reactoin: 'dodge',
      dice: { values: [6, 5, 1, 2, 4] },
    });
    expect(res.status).toBe(200);
    expect(res.body.warnings.map((w: { path: string }) => w.path).sort()).toEqual(['/attacker/colour', '/reactoin', '/target/equipment/0/calibre', '/target/wounds/tail']);
    for (const w of res.body.warnings) expect(w.code).toBe('unknown_member');
  });

  it('a body with only declared members has no warnings member', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', { attacker: yuri('a'), target: yuri('b'), aim: 'head', dice: { values: [6, 5, 1, 2, 4] } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('warnings');
  });

  it('rolls (a union of kinds): members of the chosen kind are known, others reported', async () => {
    const res = await call(app, '/v1/eden/rolls', { kind: 'characteristic', value: 4, difficulty: 4, dificulty: 5, dice: { values: [1, 2, 3, 4] } });
    expect(res.status).toBe(200);
    expect(res.body.warnings.map((w: { path: string }) => w.path)).toEqual(['/dificulty']);
  });

  it('the OpenAPI description documents warnings', async () => {
    const doc = await call(app, '/openapi.json');
    expect(doc.body.info.description).toMatch(/`warnings: \[\{path, code: "unknown_member"/);
  });
});
