import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';
import { queryAll, withoutNulls } from '../helpers/graphql-selection.js';
import { animaOperations } from '../../src/games/anima/operations/index.js';

const table = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 10, result: 'special', expels: true },
];
const juan = {
  characters: [
    { name: 'Acróbata', combat: 3, speed: 4 },
    { name: 'Ilusionista', combat: 3, speed: 4 },
  ],
};
const exploreBody = (values: number[], extra: object = {}) => ({
  location: { name: 'Arkángel', level: 1, table },
  group: juan,
  encounters: [{ name: 'Guerrero Errante', kind: 'creature', level: 1, combat: 2 }],
  dice: { values },
  ...extra,
});

describe('Ánima API', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  it('ANIMA-EX-6: POST /v1/anima/explorations answers the CONTRACT §4 fields with the dice transcript', async () => {
    const res = await post(app, '/v1/anima/explorations', exploreBody([5, 3, 4]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      roll: 5,
      row: { min: 3, max: 5, result: 'encounter', count: 1 },
      encounters: [{ card: { name: 'Guerrero Errante' }, resolution: 'won', combat: { group: { total: 9 }, creature: { total: 6 }, margin: 3 } }],
      characterDies: false,
      expelled: false,
      rewardAllowed: true,
      dice: {
        seed: null,
        rolls: [
          { purpose: 'exploration (Arkángel)', sides: 10, values: [5] },
          { purpose: 'group combat vs Guerrero Errante', sides: 10, values: [3] },
          { purpose: 'creature combat (Guerrero Errante)', sides: 10, values: [4] },
        ],
      },
    });
    expect(res.body.summary).toContain('ANIMA-EXPLORE-3');
  });

  it('summary follows Accept-Language (es, de)', async () => {
    const es = await post(app, '/v1/anima/explorations', exploreBody([2]), { 'accept-language': 'es' });
    const de = await post(app, '/v1/anima/explorations', exploreBody([2]), { 'accept-language': 'de' });
    expect(es.body.summary).toMatch(/Tirada de exploración 2/);
    expect(de.body.summary).toMatch(/Erkundungswurf 2/);
    expect(es.body.roll).toBe(de.body.roll);
  });

  it('a seed gives the same result twice and is echoed', async () => {
    const body = {
      ...exploreBody([]),
      encounters: [
        { name: 'Guerrero Errante', kind: 'creature', level: 1, combat: 2 },
        { name: 'Tesoro', kind: 'event', level: 1, gifts: 2 },
      ],
      dice: { seed: 'omega' },
    };
    const a = await post(app, '/v1/anima/explorations', body);
    const b = await post(app, '/v1/anima/explorations', body);
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(a.body.dice.seed).toBe('omega');
  });

  it('400 lists every schema problem with its path', async () => {
    const res = await post(app, '/v1/anima/explorations', {
      location: { name: 'X', level: 4, table: [{ min: 0, max: 10, result: 'maybe' }] },
      group: { characters: [] },
    });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/location/level', '/location/table/0/min', '/location/table/0/result', '/group/characters']));
  });

  it('ANIMA-EXPLORE-3: a table with a gap and an overlap is a 400 listing both', async () => {
    const res = await post(
      app,
      '/v1/anima/explorations',
      exploreBody([1], {
        location: {
          name: 'X',
          level: 1,
          table: [
            { min: 1, max: 5, result: 'nothing' },
            { min: 5, max: 8, result: 'nothing' },
          ],
        },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`)).toEqual(['/location/table/1 overlap', '/location/table gap']);
  });

  it('CONTRACT §1: too few fixed dice → 422 dice_exhausted', async () => {
    const res = await post(app, '/v1/anima/explorations', exploreBody([5, 3]));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('dice_exhausted');
  });

  it('CONTRACT §1: a d10 value of 11 → 400 with its path', async () => {
    const res = await post(app, '/v1/anima/explorations', exploreBody([11]));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('/dice/values/0');
  });

  it('ANIMA-EXPLORE-5: fewer encounter cards than the roll reaches → 422 encounters_exhausted', async () => {
    const res = await post(app, '/v1/anima/explorations', exploreBody([6, 5, 5]));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('encounters_exhausted');
  });

  it('GraphQL animaExplore equals REST', async () => {
    const body = exploreBody([6, 5, 1, 1], {
      encounters: [
        { name: 'Dios Dragón', kind: 'creature', level: 3, combat: 12 },
        { name: 'Guerrero Errante', kind: 'creature', level: 1, combat: 2 },
      ],
    });
    const rest = await post(app, '/v1/anima/explorations', body);
    const gql = await queryAll(app, 'animaExplore', body);
    expect(gql.status).toBe(200);
    expect(gql.data).toEqual(withoutNulls(rest.body));
  });

  it('GraphQL animaCombat equals REST; GraphQL errors carry the same code', async () => {
    const body = { group: juan, creature: { name: 'Tiamat', combat: 9 }, dice: { values: [1, 5] } };
    const rest = await post(app, '/v1/anima/combats', body);
    const gql = await queryAll(app, 'animaCombat', body);
    expect(gql.data).toEqual(withoutNulls(rest.body));
    const bad = await queryAll(app, 'animaCombat', { ...body, dice: { values: [1] } });
    expect(bad.errors![0]!.extensions!.code).toBe('dice_exhausted');
  });

  it('ANIMA-COMBAT-4: POST /v1/anima/combats, Group loses to a Creature by 5 → characterDies', async () => {
    const res = await post(app, '/v1/anima/combats', { group: juan, creature: { name: 'Tiamat', combat: 9 }, context: 'exploration', dice: { values: [1, 3] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'creature',
      margin: -5,
      winner: 'creature',
      characterDies: true,
      casualty: 'group',
      consequences: { expelled: true, rewardAllowed: false },
    });
  });

  it('ANIMA-PRIOR-5: a prior-encounter Creature that wins stays and the Group does not arrive', async () => {
    const res = await post(app, '/v1/anima/combats', { group: juan, creature: { name: 'Lobo', combat: 7 }, context: 'prior', dice: { values: [1, 1] } });
    expect(res.body.consequences).toEqual({ arrives: false, creatureStays: true, turnLost: true });
  });

  it('ANIMA-COMBAT-3 / ANIMA-INTERACT-5: Group vs Group tie is a draw with no rematch', async () => {
    const res = await post(app, '/v1/anima/combats', { group: juan, opponent: { characters: [{ name: 'Novel', combat: 3, speed: 2 }], rested: true }, dice: { values: [4, 5] } });
    expect(res.body).toMatchObject({ kind: 'group', winner: 'draw', characterDies: false, consequences: { loser: null, noRematch: true } });
  });

  it('ANIMA-INTERACT-5 / ANIMA-AMB-9: the loser gives a Gift; a winner already at 5 discards it', async () => {
    const res = await post(app, '/v1/anima/combats', {
      group: { ...juan, handSize: 5 },
      opponent: { characters: [{ name: 'Novel', combat: 3, speed: 2 }], handSize: 2 },
      dice: { values: [9, 1] },
    });
    expect(res.body).toMatchObject({ winner: 'group', casualty: 'opponent', consequences: { loser: 'opponent', expelled: 'opponent', spoil: 'discarded' } });
  });

  it('ANIMA-INTERACT-3 / ANIMA-EX-13: 4 Characters vs 2 may not fight (422 group_size_gap)', async () => {
    const four = { characters: [1, 2, 3, 4].map((i) => ({ name: `c${i}`, combat: 1, speed: 1 })) };
    const res = await post(app, '/v1/anima/combats', { group: four, opponent: juan, dice: { values: [1, 1] } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('group_size_gap');
  });

  it('ANIMA-INTERACT-2 / ANIMA-EX-5: no combat between Groups at Arkángel (422 combat_forbidden)', async () => {
    const res = await post(app, '/v1/anima/combats', { group: juan, opponent: juan, location: { name: 'Arkángel', combatAllowed: false } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('combat_forbidden');
  });

  it('combat with both or neither opponent is a 400 with paths', async () => {
    const both = await post(app, '/v1/anima/combats', { group: juan, opponent: juan, creature: { name: 'X', combat: 1 } });
    expect(both.status).toBe(400);
    expect(both.body.errors.map((e: { path: string }) => e.path)).toEqual(['/creature', '/opponent']);
    const neither = await post(app, '/v1/anima/combats', { group: juan });
    expect(neither.status).toBe(400);
  });

  it('ANIMA-PRIOR-5: POST /v1/anima/prior-encounters, a winning Creature stays and the Group does not arrive', async () => {
    const res = await post(app, '/v1/anima/prior-encounters', {
      location: { name: 'Las Ruinas', level: 2 },
      group: juan,
      encounter: { name: 'Lobo', kind: 'creature', level: 2, combat: 7 },
      dice: { values: [1, 2] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ arrives: false, creatureStays: true, turnLost: true, encounter: { resolution: 'lost', combat: { margin: -2 } } });
    expect(res.body.dice.rolls).toHaveLength(2);
  });

  it('ANIMA-SPEED-1: POST /v1/anima/speed-tests, Speed 8 + 1 = 9 vs 9 succeeds', async () => {
    const res = await post(app, '/v1/anima/speed-tests', { group: juan, difficulty: 9, dice: { values: [1] } });
    expect(res.body).toMatchObject({ speed: 8, roll: 1, total: 9, success: true, dice: { rolls: [{ purpose: 'speed test', sides: 10, values: [1] }] } });
  });

  it('ANIMA-ORDER-2 / ANIMA-MOVE-12: turn order with a rest bonus and a dice tie-break, then reused', async () => {
    const first = await post(app, '/v1/anima/turn-order', {
      players: [
        { id: 'juan', group: juan },
        { id: 'pedro', group: { characters: [{ name: 'Novel', combat: 3, speed: 6 }], rested: true } },
        { id: 'sergio', speed: 7 },
      ],
      dice: { values: [2, 8] },
    });
    expect(first.status).toBe(200);
    expect(first.body.order).toEqual(['pedro', 'juan', 'sergio']);
    expect(first.body.tieBreaks).toEqual([{ speed: 8, order: ['pedro', 'juan'] }]);
    const second = await post(app, '/v1/anima/turn-order', {
      players: [
        { id: 'juan', speed: 8 },
        { id: 'pedro', speed: 8 },
        { id: 'sergio', speed: 7 },
      ],
      tieBreaks: first.body.tieBreaks,
      dice: { values: [] },
    });
    expect(second.body.order).toEqual(['pedro', 'juan', 'sergio']);
    expect(second.body.dice.rolls).toEqual([]);
  });

  it('ANIMA-ORDER-2: players named like Object members (constructor, __proto__) tie and roll off like any others', async () => {
    const res = await post(app, '/v1/anima/turn-order', {
      players: [
        { id: 'constructor', speed: 8 },
        { id: 'toString', speed: 8 },
        { id: '__proto__', speed: 8 },
      ],
      dice: { values: [3, 9, 5] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toEqual(['toString', '__proto__', 'constructor']);
    expect(res.body.runs[0].rolls).toEqual({ constructor: [3], toString: [9], ['__proto__']: [5] });
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  it('turn order: duplicate ids and missing speed are one 400 listing both', async () => {
    const res = await post(app, '/v1/anima/turn-order', { players: [{ id: 'a', speed: 1 }, { id: 'a' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`)).toEqual(['/players/1/id duplicate_id', '/players/1 speed_or_group']);
  });

  it('ANIMA-REWARD-2..5: POST /v1/anima/rewards lists eligibility with reasons', async () => {
    const res = await post(app, '/v1/anima/rewards', {
      location: { name: 'Las Ruinas', level: 2, rewards: [{ kind: 'gift' }, { kind: 'recruit' }, { kind: 'mission', name: 'Pozo del Infierno', mission: 'Derrota a Tiamat' }] },
      group: { ...juan, handSize: 4 },
      turn: 6,
      lastRecruit: { location: 'Las Ruinas', turn: 5 },
      missions: ['Derrota a Tiamat'],
    });
    expect(res.status).toBe(200);
    expect(res.body.rewards).toEqual([
      { index: 0, kind: 'gift', allowed: true, draw: 1 },
      { index: 1, kind: 'recruit', allowed: false, reason: 'recruited_here_last_turn' },
      { index: 2, kind: 'mission', name: 'Pozo del Infierno', mission: 'Derrota a Tiamat', allowed: true },
    ]);
  });

  it('rewards: a mission reward without `mission` and lastRecruit without turn are one 400', async () => {
    const res = await post(app, '/v1/anima/rewards', {
      location: { name: 'X', level: 1, rewards: [{ kind: 'mission' }] },
      group: juan,
      lastRecruit: { location: 'X', turn: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['/location/rewards/0/mission', '/turn']);
  });

  it('no input produces a 500 (random bodies on every Ánima endpoint)', async () => {
    const ch = fc.record({
      name: fc.string({ minLength: 1, maxLength: 3 }),
      combat: fc.integer({ min: -1, max: 10 }),
      speed: fc.integer({ min: 0, max: 10 }),
      incapacitated: fc.boolean(),
    });
    const group = fc.record({ characters: fc.array(ch, { maxLength: 5 }), rested: fc.boolean(), handSize: fc.integer({ min: 0, max: 6 }) });
    const row = fc.record(
      {
        min: fc.integer({ min: 0, max: 11 }),
        max: fc.integer({ min: 1, max: 10 }),
        result: fc.constantFrom('nothing', 'encounter', 'special'),
        count: fc.integer({ min: 1, max: 3 }),
        expels: fc.boolean(),
      },
      { requiredKeys: ['min', 'max', 'result'] },
    );
    const full = fc.constant([
      { min: 1, max: 3, result: 'nothing' },
      { min: 4, max: 7, result: 'encounter', count: 2 },
      { min: 8, max: 10, result: 'special' },
    ]);
    const card = fc.record(
      {
        name: fc.string({ minLength: 1, maxLength: 3 }),
        kind: fc.constantFrom('creature', 'event'),
        level: fc.integer({ min: 1, max: 3 }),
        combat: fc.integer({ min: 0, max: 12 }),
        losesTurn: fc.boolean(),
        gifts: fc.integer({ min: 0, max: 3 }),
      },
      { requiredKeys: ['name', 'kind', 'level'] },
    );
    const ids = fc.constantFrom('a', 'b', 'c');
    const body = fc.record(
      {
        location: fc.record({
          name: fc.constantFrom('A', 'B'),
          level: fc.integer({ min: 1, max: 3 }),
          table: fc.oneof(full, fc.array(row, { minLength: 1, maxLength: 4 })),
          rewards: fc.array(fc.record({ kind: fc.constantFrom('gift', 'recruit', 'mission', 'special'), mission: fc.constantFrom('M') }, { requiredKeys: ['kind'] }), {
            minLength: 1,
            maxLength: 3,
          }),
        }),
        group,
        opponent: group,
        creature: fc.record({ name: fc.constant('c'), combat: fc.integer({ min: 0, max: 12 }) }),
        encounters: fc.array(card, { maxLength: 3 }),
        encounter: card,
        dice: fc.oneof(fc.record({ values: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 6 }) }), fc.record({ seed: fc.string({ minLength: 1, maxLength: 4 }) })),
        difficulty: fc.integer({ min: 0, max: 30 }),
        players: fc.array(fc.record({ id: ids, speed: fc.integer({ min: 0, max: 3 }), group }, { requiredKeys: ['id'] }), { minLength: 2, maxLength: 4 }),
        tieBreaks: fc.array(fc.record({ speed: fc.integer({ min: 0, max: 3 }), order: fc.array(ids, { minLength: 2, maxLength: 3 }) }), { maxLength: 2 }),
        turn: fc.integer({ min: 1, max: 4 }),
        lastRecruit: fc.record({ location: fc.constantFrom('A', 'B'), turn: fc.integer({ min: 1, max: 4 }) }),
      },
      { requiredKeys: ['location', 'group'] },
    );
    const urls = ['/v1/anima/explorations', '/v1/anima/combats', '/v1/anima/prior-encounters', '/v1/anima/speed-tests', '/v1/anima/turn-order', '/v1/anima/rewards'];
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        for (const url of urls) expect((await post(app, url, b)).status).not.toBe(500);
      }),
      { numRuns: 60, seed: 4 },
    );
    for (const junk of [null, [], 'x', {}, { dice: { values: [] } }]) {
      for (const url of urls) {
        const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(junk), headers: { 'content-type': 'application/json' } });
        expect(res.statusCode).toBe(400);
      }
    }
  });

  it('ANIMA-OPT-TREE-2/3: POST /v1/anima/moves refuses level jumps (422) and needs `to` for go (400)', async () => {
    const jump = await post(app, '/v1/anima/moves', { group: juan, tree: true, from: { name: 'Arkángel', level: 1 }, to: { name: 'La Torre del Fin', level: 3 } });
    expect(jump.status).toBe(422);
    expect(jump.body.code).toBe('tree_level_jump');
    const start = await post(app, '/v1/anima/moves', { group: juan, tree: true, to: { name: 'Las Ruinas', level: 2 } });
    expect(start.body.code).toBe('tree_start_level_1');
    const missing = await post(app, '/v1/anima/moves', { group: juan });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe('/to');
  });

  it('ANIMA-MOVE-11/12: Rest puts the Group at no Location with the bonus next turn, in Spanish on request', async () => {
    const res = await post(app, '/v1/anima/moves', { declaration: 'rest', group: juan }, { 'accept-language': 'es' });
    expect(res.body).toMatchObject({ declaration: 'rest', at: null, arrives: false, restedNextTurn: true, dice: { rolls: [] } });
    expect(res.body.summary).toMatch(/Descansar.*ANIMA-MOVE-12/);
  });

  it('ANIMA-MOVE-4/7: POST /v1/anima/seek-new-horizons — seek taken (422), removal choice needed (422 with eligible), the prior Creature fought with the dice', async () => {
    const body = {
      players: 2,
      group: juan,
      source: 'deck',
      location: { name: 'Las Ruinas', level: 2 },
      encounter: { name: 'Lobo', kind: 'creature', level: 1, combat: 5 },
      active: [{ name: 'Arkángel', occupied: true }, { name: 'Aldea' }, { name: 'Americh' }, { name: 'Torre', priorPending: true }],
    };
    expect((await post(app, '/v1/anima/seek-new-horizons', { ...body, seekTakenThisTurn: true })).body.code).toBe('seek_taken');
    const choose = await post(app, '/v1/anima/seek-new-horizons', body);
    expect(choose.status).toBe(422);
    expect(choose.body).toMatchObject({ code: 'removal_choice_needed', eligible: ['Aldea', 'Americh'] });
    const done = await post(app, '/v1/anima/seek-new-horizons', { ...body, removal: ['Americh'], dice: { values: [1, 9] } });
    expect(done.body).toMatchObject({ removed: 'Americh', arrives: false, at: null, creatureStays: true, active: ['Arkángel', 'Aldea', 'Torre', 'Las Ruinas'] });
    expect(done.body.dice.rolls).toHaveLength(2);
  });

  it('ANIMA-INTERACT-1 / ANIMA-AMB-9: POST /v1/anima/trades moves Characters with their values and refuses a sixth Gift', async () => {
    const pedro = { characters: [{ name: 'Novel', combat: 3, speed: 2 }], handSize: 2 };
    const ok = await post(app, '/v1/anima/trades', {
      a: { group: { ...juan, handSize: 3 }, tradeIcon: true, gives: { characters: ['Ilusionista'] } },
      b: { group: pedro, tradeIcon: true, gives: { gifts: 1 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.b.group).toMatchObject({ characters: [{ name: 'Novel' }, { name: 'Ilusionista', combat: 3, speed: 4 }], handSize: 1 });
    expect(ok.body.a.group.handSize).toBe(4);
    const full = await post(app, '/v1/anima/trades', {
      a: { group: { ...juan, handSize: 5 }, tradeIcon: true, gives: {} },
      b: { group: pedro, tradeIcon: true, gives: { gifts: 1 } },
    });
    expect(full.body.code).toBe('hand_limit');
    const noIcon = await post(app, '/v1/anima/trades', { a: { group: juan, tradeIcon: false, gives: {} }, b: { group: pedro, tradeIcon: true, gives: {} } });
    expect(noIcon.body.code).toBe('no_trade_icon');
  });

  it('ANIMA-INTERACT-4 / ANIMA-START-4: interactions and pick-ups answer 200; unknown ids are 400', async () => {
    const forced = await post(app, '/v1/anima/interactions', {
      groups: [
        { id: 'a', location: 'Las Ruinas', characters: 2, organisation: 'Sol Negro' },
        { id: 'b', location: 'Las Ruinas', characters: 1, enemyOrganisations: [], organisation: 'X' },
        { id: 'c', location: 'Las Ruinas', characters: 2, enemyOrganisations: ['Sol Negro'] },
      ],
      locations: [{ name: 'Las Ruinas' }],
    });
    expect(forced.body.pairs.filter((p: { mustFight: boolean }) => p.mustFight)).toEqual([expect.objectContaining({ a: 'a', b: 'c', declarer: 'a' })]);
    const unknown = await post(app, '/v1/anima/interactions', {
      groups: [
        { id: 'a', location: 'Nowhere', characters: 1 },
        { id: 'a', location: null, characters: 1 },
      ],
      locations: [],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.map((e: { code: string }) => e.code)).toEqual(['unknown_location', 'duplicate_id']);
    const pick = await post(app, '/v1/anima/start/pick-ups', {
      kind: 'character',
      from: 'a',
      players: [
        { id: 'a', gifts: 1, characters: 3 },
        { id: 'b', gifts: 1, characters: 1 },
      ],
    });
    expect(pick.body).toMatchObject({ taker: 'b', reason: 'fewest' });
  });

  it('ANIMA-GROUP-5 / ANIMA-INTERACT-5: combats report groupEliminated and refuse a rematch after a draw', async () => {
    const lone = { characters: [{ name: 'Novel', combat: 3, speed: 2 }] };
    const heavy = await post(app, '/v1/anima/combats', { group: lone, creature: { name: 'Ogro', combat: 9 }, dice: { values: [1, 5] } });
    expect(heavy.body).toMatchObject({ characterDies: true, groupEliminated: true });
    const rematch = await post(app, '/v1/anima/combats', { group: lone, opponent: lone, drewThisTurn: true });
    expect(rematch.status).toBe(422);
    expect(rematch.body.code).toBe('no_rematch');
  });

  it('ANIMA-MISSION-5: POST /v1/anima/missions/status resets a defeated Resist mission; progress at the goal is 400', async () => {
    const res = await post(app, '/v1/anima/missions/status', {
      completedBasic: 1,
      finalRevealed: true,
      multipleMissions: true,
      resist: { progress: 2, rounds: 3, defeated: true },
    });
    expect(res.body).toMatchObject({ canAttempt: false, revealNow: false, resist: { progress: 0, expelled: true } });
    const done = await post(app, '/v1/anima/missions/status', { completedBasic: 0, finalRevealed: false, resist: { progress: 3, rounds: 3 } });
    expect(done.status).toBe(400);
    expect(done.body.errors[0].path).toBe('/resist/progress');
  });

  it('every documented example answers 200 with a summary', async () => {
    for (const op of animaOperations) {
      expect(op.examples?.length, op.id).toBeGreaterThan(0);
      for (const example of op.examples ?? []) {
        const res = await post(app, op.path, example.value);
        expect(res.status, `${op.id}: ${example.summary}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(typeof res.body.summary).toBe('string');
      }
    }
  });
});
