/**
 * Acceptance — CONTRACT §3 (EDEN endpoints): each called with a body built only from the
 * contract's field names; each response checked for every field the contract names, with values
 * hand-computed from fixed dice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { YURI, call, expectFighterShape, expectProblem, expectTranscript, yuri } from '../fixtures/acceptance.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

describe('POST /v1/eden/rolls', () => {
  it('EDEN-ROLL-1 characteristic → successes', async () => {
    const res = await call(app, '/v1/eden/rolls', { kind: 'characteristic', value: 4, difficulty: 5, dice: { values: [1, 4, 5, 6] } });
    expect(res.status).toBe(200);
    expect(res.body.successes).toBe(2);
    expectTranscript(res.body.dice, null);
    expect(res.body.summary).toMatch(/EDEN-ROLL-1/);
  });

  it('EDEN-ROLL-5 opposed → winner "a"/"b"', async () => {
    const res = await call(app, '/v1/eden/rolls', { kind: 'opposed', a: { value: 6 }, b: { value: 4 }, dice: { values: [1, 4] } });
    expect(res.body.winner).toBe('b');
    expect(res.body.summary).toMatch(/EDEN-ROLL-5/);
  });

  it('EDEN-ROLL-6 location → face (+ limb with a fighter)', async () => {
    const plain = await call(app, '/v1/eden/rolls', { kind: 'location', dice: { values: [5] } });
    expect(plain.body.face).toBe(5);
    const withFighter = await call(app, '/v1/eden/rolls', { kind: 'location', fighter: YURI, dice: { values: [5] } });
    expect(withFighter.body).toMatchObject({ face: 5, limb: 'torso' });
    expect(withFighter.body.summary).toMatch(/EDEN-ROLL-6/);
  });

  it('an unknown kind is 400 at /kind', async () => {
    const res = await call(app, '/v1/eden/rolls', { kind: 'percentile' });
    expectProblem(res, 400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('/kind');
  });
});

describe('POST /v1/eden/rosters/validate (EDEN-ROSTER-1..6, EDEN-PREP-2)', () => {
  const named = (id: string, name: string, over: Record<string, unknown> = {}) => yuri(id, { name, ...over });
  const validate = (body: Record<string, unknown>) => call(app, '/v1/eden/rosters/validate', body);
  const codes = (b: { errors: { code: string }[] }) => b.errors.map((e) => e.code);

  it('a legal band: {valid, errors, totals: {value, budget, strategyPoints}}', async () => {
    const res = await validate({ edition: 'es', bandType: 'faction', affiliation: 'jokers', fighters: [YURI] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, errors: [], totals: { value: 25, budget: 100, strategyPoints: 4 } });
    expect(res.body.summary).toMatch(/EDEN-ROSTER/);
  });

  it('EDEN-EX-12 / EDEN-PREP-2: a Stigma band with PSI 4, 3, 4 has ceil(11 / 2) = 6 Strategy Points', async () => {
    const psi3 = named('c', 'Cora');
    (psi3.limbs as any).head = { white: 2, red: 2, faces: [1], normal: 3, wounded: 2 };
    const res = await validate({ bandType: 'stigma', fighters: [named('a', 'Ana', { value: 20 }), psi3, named('b', 'Bea', { value: 20 })] });
    expect(res.body.valid).toBe(true);
    expect(res.body.totals).toEqual({ value: 65, budget: 100, strategyPoints: 6 });
  });

  it.each([
    ['over_budget', { bandType: 'faction', budget: 20, fighters: [YURI] }],
    ['duplicate_name', { bandType: 'faction', fighters: [YURI, yuri('yuri-2')] }],
    ['wrong_faction', { bandType: 'faction', affiliation: 'jokers', fighters: [YURI, named('b', 'Bamakan', { faction: 'bamaka' })] }],
    ['wrong_stigma', { bandType: 'stigma', affiliation: 'chaos', fighters: [YURI, named('o', 'Orderly', { stigma: 'order' })] }],
    ['mixed_band', { bandType: 'faction', fighters: [YURI, named('b', 'Bamakan', { faction: 'bamaka' })] }],
    ['unknown_fighter', { bandType: 'faction', fighters: [{ ref: 'nobody-at-all' }] }],
    ['empty_roster', { bandType: 'faction', fighters: [] }],
    ['not_recruitable', { bandType: 'faction', fighters: [YURI, named('n', 'Mutant', { faction: 'npc' })] }],
  ])('EDEN-ROSTER: %s is a 200 result with valid false and a JSON-pointer path', async (code, body) => {
    const res = await validate(body);
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(codes(res.body)).toContain(code);
    for (const e of res.body.errors) {
      expect(typeof e.message).toBe('string');
      expect(e.path).toMatch(/^(\/[^/]*)*$/);
    }
  });

  it('EDEN-ROSTER-3: exactly 100 is legal, 101 is over budget', async () => {
    const ok = await validate({ bandType: 'faction', fighters: [named('a', 'A', { value: 50 }), named('b', 'B', { value: 50 })] });
    expect(ok.body.valid).toBe(true);
    const over = await validate({ bandType: 'faction', fighters: [named('a', 'A', { value: 50 }), named('b', 'B', { value: 51 })] });
    expect(codes(over.body)).toEqual(['over_budget']);
  });

  it('all problems are listed at once', async () => {
    const res = await validate({ bandType: 'faction', affiliation: 'jokers', budget: 20, fighters: [YURI, yuri('yuri-2'), { ref: 'nobody-at-all' }] });
    expect(codes(res.body)).toEqual(expect.arrayContaining(['over_budget', 'duplicate_name', 'unknown_fighter']));
  });
});

describe('POST /v1/eden/attacks/melee (EDEN-MELEE-3..5)', () => {
  it('passive: every contract field, hand-computed', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', {
      attacker: YURI,
      target: yuri('yuri-2'),
      reaction: 'passive',
      aim: 'legs',
      via: 'attack',
      modifiers: { attacker: { CBT: 0 }, target: {} },
      dice: { values: [6, 6, 6, 1, 5] },
    });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.success).toBe(true);
    expect(b.exchanges).toHaveLength(1);
    const e = b.exchanges[0];
    expect(e.striker).toBe('attacker');
    expect(e.roll.successes).toBe(3);
    expect(e.location).toMatchObject({ face: 6, shift: 1, limb: 'legs' });
    expect(e).toMatchObject({ inflicted: 2, protection: 0, marked: 2 });
    for (const k of ['striker', 'roll', 'location', 'inflicted', 'protection', 'marked']) expect(e).toHaveProperty(k);
    expectFighterShape(b.attacker);
    expectFighterShape(b.target);
    expect(b.target.wounds.legs).toBe(2);
    expect(b.apSpent).toEqual({ attacker: 1, target: 0 });
    expectTranscript(b.dice, null);
    expect(b.summary).toMatch(/EDEN-MELEE-3/);
  });

  it('EDEN-ENGAGE-1: via "engage" costs the attacker 2 AP', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), reaction: 'passive', via: 'engage', dice: { values: [1, 1, 1, 1] } });
    expect(res.body.apSpent).toEqual({ attacker: 2, target: 0 });
    expect(res.body.attacker.ap).toBe(1);
  });

  it('EDEN-MELEE-4 response: both exchanges, each with its own striker; targetAim steers the reply', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', {
      attacker: YURI,
      target: yuri('t'),
      reaction: 'response',
      targetAim: 'torso',
      dice: { values: [5, 2, 6, 1, 1, 1, 4, 6, 6, 1, 1, 3] },
    });
    expect(res.status).toBe(200);
    expect(res.body.exchanges.map((x: { striker: string }) => x.striker)).toEqual(['attacker', 'target']);
    // reply: 2 successes, die 3 (arms) moved one step to 4 (torso), 1 wound
    expect(res.body.exchanges[1].location).toMatchObject({ face: 4, shift: 1, limb: 'torso' });
    expect(res.body.attacker.wounds.torso).toBe(1);
  });

  it('422 no_ap when the attacker has no AP', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', { attacker: { ...YURI, ap: 0 }, target: yuri('t'), dice: { values: [1, 1, 1, 1] } });
    expectProblem(res, 422);
    expect(res.body.code).toBe('no_ap');
  });
});

describe('POST /v1/eden/attacks/ranged (EDEN-RANGED-2..7)', () => {
  const cand = (id: string, distance: number, extra: Record<string, unknown> = {}) => ({
    id,
    fighter: yuri(id),
    distance,
    lineOfSight: true,
    obstacles: 0,
    engagedWith: [],
    ...extra,
  });

  it('a hit: every contract field, hand-computed', async () => {
    const res = await call(app, '/v1/eden/attacks/ranged', {
      shooter: YURI,
      weapon: 'Pistol',
      candidates: [cand('t', 10)],
      dice: { values: [5, 6, 1, 1, 2, 4, 4, 1, 1, 1] },
    });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.targetId).toBe('t');
    expect(b.redirectedTo).toBeNull();
    expect(b.success).toBe(true);
    expect(b.roll.successes).toBe(2);
    expect(b.location).toMatchObject({ face: 2, limb: 'arms' });
    expect(b.potency.value).toBe(5);
    expect(b.potency.roll.successes).toBe(2);
    expect(b.marked).toBe(2);
    expect(b.hit.id).toBe('t');
    expectFighterShape(b.hit.fighter);
    expect(b.hit.fighter.wounds.arms).toBe(2);
    expectTranscript(b.dice, null);
    expect(b.summary).toMatch(/EDEN-RANGED/);
  });

  it('EDEN-RANGED-2: without targetId the nearest eligible is chosen; out of range and no LoS are not eligible', async () => {
    const res = await call(app, '/v1/eden/attacks/ranged', {
      shooter: YURI,
      weapon: 'Pistol',
      candidates: [cand('far', 20), cand('blind', 5, { lineOfSight: false }), cand('gone', 31), cand('near', 12)],
      dice: { values: [1, 1, 1, 1] },
    });
    expect(res.body.targetId).toBe('near');
  });

  it('EDEN-RANGED-2: 422 illegal_target with legalTargets when a declared targetId is not legal', async () => {
    const res = await call(app, '/v1/eden/attacks/ranged', {
      shooter: YURI,
      weapon: 'Pistol',
      candidates: [cand('near', 5), cand('far', 10)],
      targetId: 'far',
      dice: { values: [1, 1, 1, 1] },
    });
    expectProblem(res, 422);
    expect(res.body.code).toBe('illegal_target');
    expect(res.body.legalTargets).toEqual(['near']);
  });

  it('EDEN-RANGED-2: a nearer fighter that is not free may be skipped by declaring the farther one', async () => {
    const engaged = cand('busy', 5, { engagedWith: [{ id: 'mate', fighter: yuri('mate'), distanceToShooter: 6 }] });
    const res = await call(app, '/v1/eden/attacks/ranged', {
      shooter: YURI,
      weapon: 'Pistol',
      candidates: [engaged, cand('free', 10)],
      targetId: 'free',
      dice: { values: [1, 1, 1, 1] },
    });
    expect(res.status).toBe(200);
    expect(res.body.targetId).toBe('free');
  });

  it('no eligible candidate: targetId null, a failed shot with reason "no_target", no dice', async () => {
    const res = await call(app, '/v1/eden/attacks/ranged', { shooter: YURI, weapon: 'Pistol', candidates: [cand('far', 50)], dice: { values: [] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ targetId: null, success: false, reason: 'no_target' });
    expect(res.body.dice.rolls).toEqual([]);
  });

  it('EDEN-RANGED-4: odd successes on a target that is not free hit the engaged fighter nearest the shooter', async () => {
    const engaged = cand('busy', 10, {
      engagedWith: [
        { id: 'far-mate', fighter: yuri('far-mate'), distanceToShooter: 14 },
        { id: 'near-mate', fighter: yuri('near-mate'), distanceToShooter: 9 },
      ],
    });
    // 1 success, location 4 (torso of near-mate), Pot 3 + 1 = 4 dice vs VIG 4: 2 wounds
    const res = await call(app, '/v1/eden/attacks/ranged', { shooter: YURI, weapon: 'Pistol', candidates: [engaged], dice: { values: [5, 1, 1, 1, 4, 4, 4, 1, 1] } });
    expect(res.status).toBe(200);
    expect(res.body.targetId).toBe('busy');
    expect(res.body.redirectedTo).toBe('near-mate');
    expect(res.body.hit.id).toBe('near-mate');
    expect(res.body.hit.fighter.wounds.torso).toBe(2);
  });

  it('EDEN-RANGED-4: even successes hit the declared target', async () => {
    const engaged = cand('busy', 10, { engagedWith: [{ id: 'mate', fighter: yuri('mate'), distanceToShooter: 9 }] });
    const res = await call(app, '/v1/eden/attacks/ranged', { shooter: YURI, weapon: 'Pistol', candidates: [engaged], dice: { values: [5, 5, 1, 1, 4, 1, 1, 1, 1, 1] } });
    expect(res.body.redirectedTo).toBeNull();
    expect(res.body.hit.id).toBe('busy');
  });

  it('EDEN-RANGED-3: each obstacle is −1 CBT (2 obstacles → 2 dice)', async () => {
    const res = await call(app, '/v1/eden/attacks/ranged', { shooter: YURI, weapon: 'Pistol', candidates: [cand('t', 10, { obstacles: 2 })], dice: { values: [1, 1] } });
    expect(res.status).toBe(200);
    expect(res.body.roll.values).toHaveLength(2);
  });
});

describe('POST /v1/eden/attacks/thrown (EDEN-THROW-1, EDEN-EFFECT-EXPLOSIVE)', () => {
  const body = (point: Record<string, unknown>) => ({
    attacker: YURI,
    weapon: 'Grenade',
    point,
    affected: [
      { id: 'a', fighter: yuri('a') },
      { id: 'b', fighter: yuri('b') },
    ],
  });

  it('results in request order: explosion roll, wounds (protection ignored), markers added to everyone', async () => {
    const res = await call(app, '/v1/eden/attacks/thrown', { ...body({ distance: 20, lineOfSight: true }), dice: { values: [4, 1, 1, 3, 3, 3] } });
    expect(res.status).toBe(200);
    const [a, b] = res.body.results;
    expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(['a', 'b']);
    expect(a.roll.successes).toBe(1);
    expect(a.marked).toBe(4);
    expect(a.fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
    expect(a.fighter.markers.fear).toBe(1);
    expect(b.roll.successes).toBe(0);
    expect(b.marked).toBe(0);
    expect(b.fighter.markers.fear).toBe(1);
    expectFighterShape(a.fighter);
    expectTranscript(res.body.dice, null);
    expect(res.body.summary).toMatch(/EDEN-THROW-1|EDEN-EFFECT-EXPLOSIVE/);
  });

  it('422 out_of_range beyond Range 20', async () => {
    const res = await call(app, '/v1/eden/attacks/thrown', { ...body({ distance: 20.5, lineOfSight: true }), dice: { values: [1, 1, 1, 1, 1, 1] } });
    expectProblem(res, 422);
    expect(res.body.code).toBe('out_of_range');
  });

  it('422 no_line_of_sight', async () => {
    const res = await call(app, '/v1/eden/attacks/thrown', { ...body({ distance: 10, lineOfSight: false }), dice: { values: [1, 1, 1, 1, 1, 1] } });
    expectProblem(res, 422);
    expect(res.body.code).toBe('no_line_of_sight');
  });
});

describe('POST /v1/eden/attacks/spray (EDEN-SPRAY-2)', () => {
  it('one wound on every limb of every covered fighter (protection ignored), markers added', async () => {
    const a = yuri('a');
    (a.equipment as any[]).push({ name: 'Flamer', categories: ['spray'], fire: 2 });
    const res = await call(app, '/v1/eden/attacks/spray', {
      attacker: a,
      weapon: 'Flamer',
      covered: [
        { id: 'x', fighter: yuri('x') },
        { id: 'y', fighter: yuri('y', { wounds: { arms: 2 } }) },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(['x', 'y']);
    expect(res.body.results[0].fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
    expect(res.body.results[0].fighter.markers.fire).toBe(2);
    // y's arms had 2 of 3 boxes: the third puts it out of action
    expect(res.body.results[1].fighter.outOfAction).toBe(true);
    expectFighterShape(res.body.results[0].fighter);
  });
});

describe('POST /v1/eden/upkeep (EDEN-UPKEEP-3..9)', () => {
  it('bands in the order sent, with log; steps 3–9 applied in order', async () => {
    const res = await call(app, '/v1/eden/upkeep', {
      firstPlayer: 'A',
      bands: {
        A: [yuri('a1', { ap: 1, markers: { poison: 2, rage: 1, slow: 2 } }), yuri('a2', { markers: { fire: 2 } })],
        B: [yuri('b1', { ap: 0, markers: { rage: 2 } })],
      },
      removeRage: ['a1'],
      dice: { values: [5, 5, 5, 6] },
    });
    expect(res.status).toBe(200);
    const { A, B } = res.body.bands;
    expect(A.map((f: { id: string }) => f.id)).toEqual(['a1', 'a2']);
    expect(B.map((f: { id: string }) => f.id)).toEqual(['b1']);
    // a1: poison 2 → 1 (UPKEEP-5), rage 1 → 0 (UPKEEP-6, chosen), AP 3 then Slow −1 → 2, slow 2 → 1 (UPKEEP-7..9)
    expect(A[0].markers).toMatchObject({ poison: 1, rage: 0, slow: 1 });
    expect(A[0].ap).toBe(2);
    // a2: 3 fire dice all > VIG 4 on the legs (2 white + 1 red) → out of action; one Fire marker removed
    expect(A[1].wounds.legs).toBe(3);
    expect(A[1].markers.fire).toBe(1);
    expect(A[1].outOfAction).toBe(true);
    // b1: rage kept (not in removeRage), AP 3
    expect(B[0].markers.rage).toBe(2);
    expect(B[0].ap).toBe(3);
    expect(Array.isArray(res.body.log)).toBe(true);
    expect(res.body.log.length).toBeGreaterThan(0);
    for (const f of [...A, ...B]) expectFighterShape(f);
    expect(res.body.summary).toMatch(/EDEN-UPKEEP/);
  });
});

describe('POST /v1/eden/weather (EDEN-WEATHER-1..8)', () => {
  it.each([
    [[1, 1], 2, 'ionic_storm'],
    [[1, 2], 3, 'headwind'],
    [[2, 2], 4, 'thick_fog'],
    [[2, 3], 5, 'thick_fog'],
    [[3, 3], 6, 'normal'],
    [[3, 4], 7, 'normal'],
    [[4, 4], 8, 'mist'],
    [[4, 5], 9, 'mist'],
    [[5, 5], 10, 'acid_rain'],
    [[5, 6], 11, 'acid_rain'],
    [[6, 6], 12, 'snowstorm'],
  ])('dice %j → total %i, condition %s', async (values, total, condition) => {
    const res = await call(app, '/v1/eden/weather', { dice: { values } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total, condition });
  });

  it('an empty body rolls with a random seed', async () => {
    const res = await call(app, '/v1/eden/weather', {});
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    expect(typeof res.body.dice.seed).toBe('string');
  });
});

describe('POST /v1/eden/initiative (EDEN-PREP-3)', () => {
  it('different bids: the higher bidder wins by bid, both bids paid', async () => {
    const res = await call(app, '/v1/eden/initiative', { pools: { A: 10, B: 8 }, bids: { A: 2, B: 3 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ winner: 'B', by: 'bid', pools: { A: 8, B: 5 } });
  });

  it('equal bids: the d6 winner (after re-rolled ties) is First player, both bids paid', async () => {
    const res = await call(app, '/v1/eden/initiative', { pools: { A: 6, B: 6 }, bids: { A: 1, B: 1 }, dice: { values: [2, 2, 5, 3] } });
    expect(res.body).toMatchObject({ winner: 'A', by: 'roll', pools: { A: 5, B: 5 } });
    expect(res.body.firstPlayer ?? res.body.winner).toBe('A');
  });

  it('422 when a bid exceeds its pool', async () => {
    const res = await call(app, '/v1/eden/initiative', { pools: { A: 1, B: 6 }, bids: { A: 2, B: 1 } });
    expectProblem(res, 422);
  });
});

describe('POST /v1/eden/npcs/decide (EDEN-NPC-4)', () => {
  const decide = (body: Record<string, unknown>) => call(app, '/v1/eden/npcs/decide', { npc: { ...yuri('mutant'), name: 'Mutant' }, ...body });

  it('attack when a fighter is in contact', async () => {
    const res = await decide({ contacts: [{ id: 'c1' }], visible: [{ id: 'v', distance: 3, lineOfSight: true }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'attack', targetId: 'c1' });
  });

  it('charge the nearest fighter in line of sight under 10 cm', async () => {
    const res = await decide({
      contacts: [],
      visible: [
        { id: 'a', distance: 7, lineOfSight: true },
        { id: 'hidden', distance: 2, lineOfSight: false },
        { id: 'b', distance: 4, lineOfSight: true },
      ],
    });
    expect(res.body).toMatchObject({ action: 'charge', targetId: 'b' });
  });

  it('wander otherwise (10 cm is not "under 10")', async () => {
    const res = await decide({ contacts: [], visible: [{ id: 'a', distance: 10, lineOfSight: true }] });
    expect(res.body.action).toBe('wander');
    expect(res.body.targetId ?? null).toBeNull();
  });
});

describe('GET /v1/eden/catalog', () => {
  it('factions, stigmas, equipment keywords, scenery with costs, weather table, example fighters', async () => {
    const res = await call(app, '/v1/eden/catalog');
    expect(res.status).toBe(200);
    const c = res.body;
    const factionIds = c.factions.map((f: { id: string }) => f.id);
    expect(factionIds).toEqual(expect.arrayContaining(['jokers', 'bamaka', 'isc', 'matriarchy']));
    expect(c.stigmas.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(['destruction', 'order', 'protection', 'change', 'chaos']));
    expect(JSON.stringify(c.equipment)).toMatch(/shooting/);
    expect(JSON.stringify(c.equipment)).toMatch(/explosive/i);
    const scenery = Array.isArray(c.scenery) ? c.scenery : c.scenery.elements;
    expect(scenery).toHaveLength(13);
    for (const s of scenery) expect(Number.isInteger(s.cost)).toBe(true);
    expect(c.weather.map((w: { condition: string }) => w.condition)).toEqual(['ionic_storm', 'headwind', 'thick_fog', 'normal', 'mist', 'acid_rain', 'snowstorm']);
    expect(c.fighters.map((f: { id: string }) => f.id)).toContain('yuri');
  });
});
