/**
 * Acceptance — CONTRACT §4 (Ánima, Exsilium, The Spirit of Eden): each endpoint called with a body
 * built from the contract's field names; every response field the contract names is checked, with
 * hand-computed values (fixed d10s, decks in draw order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { call, expectProblem, expectTranscript } from '../fixtures/acceptance.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

describe('POST /v1/anima/explorations (ANIMA-EXPLORE)', () => {
  const location = {
    name: 'Bosque',
    level: 2,
    table: [
      { min: 1, max: 3, result: 'nothing' },
      { min: 4, max: 5, result: 'special' },
      { min: 6, max: 10, result: 'encounter', count: 2 },
    ],
  };
  const group = {
    characters: [
      { name: 'Ana', combat: 5, speed: 3 },
      { name: 'Bo', combat: 4, speed: 2 },
    ],
    rested: false,
  };
  const dragon = { name: 'Dragón', kind: 'creature', level: 3, combat: 10 };
  const wolf = { name: 'Lobo', kind: 'creature', level: 1, combat: 6 };
  const explore = (encounters: unknown[], values: number[], extra: Record<string, unknown> = {}) =>
    call(app, '/v1/anima/explorations', { location, group, encounters, dice: { values }, ...extra });

  it('ANIMA-EXPLORE-5a / ANIMA-COMBAT-4: discarded_level, then a creature lost by 6 → characterDies, expelled, no reward', async () => {
    const res = await explore([dragon, wolf], [7, 1, 10]);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.roll).toBe(7);
    expect(b.row).toMatchObject({ min: 6, max: 10, result: 'encounter', count: 2 });
    expect(b.encounters).toHaveLength(2);
    expect(b.encounters[0]).toMatchObject({ card: { name: 'Dragón' }, resolution: 'discarded_level' });
    expect(b.encounters[1].resolution).toBe('lost');
    expect(b.encounters[1].combat).toMatchObject({ group: { total: 10 }, creature: { total: 16 }, margin: -6 });
    expect(b).toMatchObject({ characterDies: true, expelled: true, rewardAllowed: false });
    expectTranscript(b.dice, null);
    expect(b.summary).toMatch(/ANIMA-EXPLORE/);
  });

  it('ANIMA-COMBAT-4: lost by 4 → no character dies', async () => {
    const res = await explore([wolf], [6, 1, 8]);
    expect(res.body.encounters[0].combat.margin).toBe(-4);
    expect(res.body).toMatchObject({ characterDies: false, expelled: true, rewardAllowed: false });
  });

  it('ANIMA-EXPLORE-5c/5: an event, then a creature won → reward allowed, not expelled', async () => {
    const res = await explore([{ name: 'Tesoro', kind: 'event', level: 1 }, wolf], [9, 5, 2]);
    expect(res.body.encounters.map((e: { resolution: string }) => e.resolution)).toEqual(['event', 'won']);
    expect(res.body).toMatchObject({ characterDies: false, expelled: false, rewardAllowed: true });
  });

  it('ANIMA-COMBAT-3: a tie goes to the Group', async () => {
    const res = await explore([wolf, { name: 'Tesoro', kind: 'event', level: 1 }], [6, 3, 6]);
    expect(res.body.encounters[0].combat.margin).toBe(0);
    expect(res.body.encounters[0].resolution).toBe('won');
  });

  it('ANIMA-EXPLORE-5c: an event with losesTurn expels without reward', async () => {
    const res = await explore([{ name: 'Tormenta', kind: 'event', level: 1, losesTurn: true }, wolf], [6]);
    expect(res.body).toMatchObject({ expelled: true, rewardAllowed: false });
    expect(res.body.encounters).toHaveLength(1);
  });

  it('ANIMA-EXPLORE-4: Nothing → reward, no encounter', async () => {
    const res = await explore([wolf], [2]);
    expect(res.body).toMatchObject({ roll: 2, encounters: [], expelled: false, rewardAllowed: true, characterDies: false });
  });

  it('ANIMA-MOVE-12: a rested Group adds +2 Combat (a 2-point loss becomes a win)', async () => {
    const res = await call(app, '/v1/anima/explorations', {
      location,
      group: { ...group, rested: true },
      encounters: [wolf, { name: 'Tesoro', kind: 'event', level: 1 }],
      dice: { values: [6, 3, 8] },
    });
    expect(res.body.encounters[0].combat.group.total).toBe(14);
    expect(res.body.encounters[0].resolution).toBe('won');
  });
});

describe('CONTRACT §0 for Ánima: every problem of a malformed table at once', () => {
  it('a gap and a missing count are both reported, with JSON pointers', async () => {
    const res = await call(app, '/v1/anima/explorations', {
      location: {
        name: 'X',
        level: 1,
        table: [
          { min: 1, max: 4, result: 'nothing' },
          { min: 5, max: 8, result: 'encounter' },
        ],
      },
      group: { characters: [{ name: 'A', combat: 1, speed: 1 }] },
      dice: { values: [1] },
    });
    expectProblem(res, 400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['/location/table', '/location/table/1/count']));
  });
});

describe('POST /v1/anima/combats (ANIMA-COMBAT-1..4)', () => {
  const group = {
    characters: [
      { name: 'Ana', combat: 5, speed: 3 },
      { name: 'Bo', combat: 4, speed: 2 },
    ],
  };
  const opponent = {
    characters: [
      { name: 'Cid', combat: 6, speed: 1 },
      { name: 'Dua', combat: 2, speed: 1 },
    ],
  };

  it('group vs creature: Combat + d10 each (group first), higher wins, ties to the Group', async () => {
    const tie = await call(app, '/v1/anima/combats', { group, creature: { name: 'Lobo', combat: 12 }, dice: { values: [4, 1] } });
    expect(tie.status).toBe(200);
    expect(tie.body).toMatchObject({ group: { combat: 9, roll: 4, total: 13 }, creature: { combat: 12, roll: 1, total: 13 }, margin: 0, winner: 'group', characterDies: false });
    expectTranscript(tie.body.dice, null);
    const heavy = await call(app, '/v1/anima/combats', { group, creature: { name: 'Lobo', combat: 12 }, dice: { values: [1, 5] } });
    expect(heavy.body).toMatchObject({ margin: -7, winner: 'creature', characterDies: true });
  });

  it('group vs group: a tie is a draw; a loss by 5+ kills a Character of the loser', async () => {
    const draw = await call(app, '/v1/anima/combats', { group, opponent, dice: { values: [2, 3] } });
    expect(draw.body).toMatchObject({ margin: 0, winner: 'draw', characterDies: false });
    const heavy = await call(app, '/v1/anima/combats', { group, opponent, dice: { values: [1, 8] } });
    expect(heavy.body).toMatchObject({ margin: -6, winner: 'opponent', characterDies: true, casualty: 'group' });
  });
});

describe('POST /v1/exsilium/newaru/actions (EXS-COMBAT-NEWARU)', () => {
  const claw = { name: 'Claw', kind: 'attack', damage: 9 };
  const act = (body: Record<string, unknown>) => call(app, '/v1/exsilium/newaru/actions', { seed: 'acceptance', ...body });

  it('every contract field: basic tier, strength 11 vs 9 → player wins without Outcome draws', async () => {
    const res = await act({
      playerBaralytas: 2,
      committed: [6, 5],
      favourableZone: false,
      attacker: 'player',
      decks: { basic: [claw], intermediate: [], advanced: [] },
      outcomeDeck: [4, 8],
    });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.tier).toBe('basic');
    expect(b.revealed).toEqual([claw]);
    expect(b).toMatchObject({ playerStrength: 11, enemyStrength: 9, outcomeDraws: [], winner: 'player', evaded: false });
    expect(b.consequences).toBeTypeOf('object');
    expect(b.consequences).not.toBeNull();
    expect(b.summary).toMatch(/EXS-COMBAT-NEWARU/);
  });

  it.each([
    [3, 'basic'],
    [4, 'intermediate'],
    [7, 'intermediate'],
    [8, 'advanced'],
  ])('EXS-COMBAT-NEWARU-1: %i Baralytas → %s', async (points, tier) => {
    const res = await act({ playerBaralytas: points, committed: [20], attacker: 'player', decks: { basic: [claw], intermediate: [claw], advanced: [claw] } });
    expect(res.status).toBe(200);
    expect(res.body.tier).toBe(tier);
  });

  it('EXS-COMBAT-NEWARU-4: equal strength → Outcome cards, attacker (newaru) first, repeated until different', async () => {
    const res = await act({ playerBaralytas: 0, committed: [9], attacker: 'newaru', decks: { basic: [claw] }, outcomeDeck: [4, 4, 8, 10] });
    expect(res.status).toBe(200);
    expect(res.body.outcomeDraws).toEqual([
      { side: 'newaru', card: 4 },
      { side: 'player', card: 4 },
      { side: 'newaru', card: 8 },
      { side: 'player', card: 10 },
    ]);
    expect(res.body.winner).toBe('player');
  });

  it('EXS-COMBAT-NEWARU-2: effect chains are included (Implacable adds an Outcome card to the next attack)', async () => {
    const res = await act({
      playerBaralytas: 5,
      committed: [10],
      attacker: 'player',
      decks: {
        intermediate: [
          { name: 'Implacable', kind: 'effect' },
          { name: 'Bite', kind: 'attack', damage: 5 },
        ],
      },
      outcomeDeck: [4],
    });
    expect(res.status).toBe(200);
    expect(res.body.revealed.map((c: { name: string }) => c.name)).toEqual(['Implacable', 'Bite']);
    expect(res.body.enemyStrength).toBe(9);
    expect(res.body.winner).toBe('player');
  });

  it('EXS-KW-FAVZONE: an evadable attack with favourableZone is evaded', async () => {
    const res = await act({ playerBaralytas: 0, committed: [1], favourableZone: true, attacker: 'newaru', decks: { basic: [{ ...claw, evadable: true }] } });
    expect(res.body.evaded).toBe(true);
  });
});

describe('POST /v1/exsilium/newaru/moves (EXS-NEWARU-MOVE)', () => {
  // tile T: a — b — c (a line); tile U: u1 — u2; c touches u1 across the tile edge
  const nodes = (crystalB = false) => [
    { id: 'a', tile: 'T', neighbors: ['b'] },
    { id: 'b', tile: 'T', neighbors: ['a', 'c'], ...(crystalB ? { crystal: true } : {}) },
    { id: 'c', tile: 'T', neighbors: ['b', 'u1'] },
    { id: 'u1', tile: 'U', neighbors: ['c', 'u2'] },
    { id: 'u2', tile: 'U', neighbors: ['u1'] },
  ];
  const move = (newaru: string, at: string, path: string[], crystal = false) =>
    call(app, '/v1/exsilium/newaru/moves', {
      nodes: nodes(crystal),
      newaru: { node: newaru },
      miniatures: [{ id: 'k1', faction: 'keber', node: at }],
      move: { faction: 'keber', path },
    });

  it('EXS-NEWARU-ACT-2: a move that touched its tile → one node toward the nearest miniature', async () => {
    const res = await move('a', 'c', ['u1', 'c']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ moves: true, from: 'a', to: 'b', adjacentTo: ['k1'] });
    expect(res.body.summary).toMatch(/EXS-NEWARU/);
  });

  it('a move that never touched its tile → it stays', async () => {
    const res = await move('a', 'u1', ['u2', 'u1']);
    expect(res.body).toMatchObject({ moves: false, from: 'a', to: 'a', adjacentTo: [] });
  });

  it('EXS-NEWARU-ACT-4: already adjacent → it stays', async () => {
    const res = await move('b', 'c', ['u1', 'c']);
    expect(res.body).toMatchObject({ moves: false, from: 'b', to: 'b', adjacentTo: ['k1'] });
  });

  it('never enters a crystal node', async () => {
    const res = await move('a', 'c', ['u1', 'c'], true);
    expect(res.body).toMatchObject({ moves: false, to: 'a' });
  });

  it('never leaves its tile: the only miniature left for tile U → it stays', async () => {
    const res = await move('a', 'u1', ['c', 'u1']);
    expect(res.body).toMatchObject({ moves: false, from: 'a', to: 'a' });
  });
});

describe('POST /v1/exsilium/combats (EXS-COMBAT-PVP)', () => {
  it('higher committed strength wins; rewards and discards reported', async () => {
    const res = await call(app, '/v1/exsilium/combats', { attacker: { committed: [5, 3] }, defender: { committed: [4] }, seed: 'acceptance' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ attackerStrength: 8, defenderStrength: 4, outcomeDraws: [], winner: 'attacker' });
    expect(res.body.consequences.attacker.result).toBe('won');
    expect(res.body.consequences.defender.result).toBe('lost');
    expect(res.body.consequences.attacker.discard).toBeTypeOf('object');
    expect(res.body.summary).toMatch(/EXS-COMBAT-PVP/);
  });

  it('EXS-COMBAT-PVP-4: a tie draws Outcome cards, attacker first', async () => {
    const res = await call(app, '/v1/exsilium/combats', { attacker: { committed: [5] }, defender: { committed: [5] }, outcomeDeck: [4, 8], seed: 'acceptance' });
    expect(res.body.outcomeDraws).toEqual([
      { side: 'attacker', card: 4 },
      { side: 'defender', card: 8 },
    ]);
    expect(res.body.winner).toBe('defender');
  });

  it('same seed, same shuffles and result', async () => {
    const body = { attacker: { committed: [5] }, defender: { committed: [5] }, seed: 'repeat' };
    const a = await call(app, '/v1/exsilium/combats', body);
    const b = await call(app, '/v1/exsilium/combats', body);
    expect(b.body).toEqual(a.body);
  });
});

describe('POST /v1/spirit-of-eden/goomz-phase (SOE-GOOMZ)', () => {
  const ring = ['m1', 'w1', 's1', 'f1', 'm2', 'w2', 's2', 'f2'];
  const terrain: Record<string, string> = { m: 'mountain', w: 'waterfall', s: 'swamp', f: 'forest' };
  const healthy = () => Object.fromEntries(ring.map((id) => [id, { terrain: terrain[id[0]!]!, state: 'healthy' }]));

  it('SOE-GOOMZ-F/D/A: each Goomz in `order`; new state in the request\'s shapes and array order; an Ally sent to Noa has "at": "noa"', async () => {
    const body = {
      ring,
      cards: healthy(),
      goomz: [
        { color: 'yellow', at: 's1', ambushedBy: 'fauna' },
        { color: 'red', at: 'm2' },
        { color: 'black', at: 's2' },
      ],
      allies: [
        { kind: 'water', at: 'm2' },
        { kind: 'fauna', at: 's1' },
        { kind: 'flora', at: 'w1', protecting: true },
      ],
      order: ['yellow', 'red', 'black'],
    };
    const res = await call(app, '/v1/spirit-of-eden/goomz-phase', body);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.steps.map((s: { color: string; rule: string }) => [s.color, s.rule])).toEqual([
      ['yellow', 'F'],
      ['red', 'D'],
      ['black', 'A'],
    ]);
    expect(b.goomz.map((g: { color: string }) => g.color)).toEqual(['yellow', 'red', 'black']);
    expect(b.goomz[0].at).toBe('f1');
    expect(b.goomz[0].ambushedBy ?? null).toBeNull();
    expect(b.allies.map((a: { kind: string }) => a.kind)).toEqual(['water', 'fauna', 'flora']);
    expect(b.allies[0].at).toBe('noa');
    expect(b.allies[1].at).toBe('s1');
    expect(b.cards.s2).toEqual({ terrain: 'swamp', state: 'devastated' });
    expect(b.cards.m2.state).toBe('healthy');
    expect(b).toMatchObject({ won: false, lost: false });
    expect(b.summary).toMatch(/SOE-GOOMZ/);
  });

  it('SOE-GOOMZ-E/C/B: protection used up, a Goomz on a destroyed card moves clockwise, alone on devastated destroys it', async () => {
    const cards = { ...healthy(), f1: { terrain: 'forest', state: 'destroyed' }, w2: { terrain: 'waterfall', state: 'devastated' } };
    const body = {
      ring,
      cards,
      goomz: [
        { color: 'yellow', at: 'w1' },
        { color: 'red', at: 'f1' },
        { color: 'black', at: 'w2' },
      ],
      allies: [{ kind: 'flora', at: 'w1', protecting: true }],
      order: ['yellow', 'red', 'black'],
    };
    const res = await call(app, '/v1/spirit-of-eden/goomz-phase', body);
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { rule: string }) => s.rule)).toEqual(['E', 'C', 'B']);
    expect(res.body.allies[0]).toMatchObject({ kind: 'flora', at: 'w1' });
    expect(res.body.allies[0].protecting ?? false).toBe(false);
    expect(res.body.goomz[1].at).toBe('m2');
    expect(res.body.cards.w1.state).toBe('healthy');
    expect(res.body.cards.w2.state).toBe('destroyed');
    expect(res.body).toMatchObject({ won: false, lost: false });
  });

  it('SOE-END-2: destroying the second card of a terrain loses', async () => {
    const cards = { ...healthy(), w1: { terrain: 'waterfall', state: 'destroyed' }, w2: { terrain: 'waterfall', state: 'devastated' } };
    const res = await call(app, '/v1/spirit-of-eden/goomz-phase', { ring, cards, goomz: [{ color: 'black', at: 'w2' }], allies: [], order: ['black'] });
    expect(res.body).toMatchObject({ lost: true });
  });

  it('400 when the ring does not have 8 cards', async () => {
    const res = await call(app, '/v1/spirit-of-eden/goomz-phase', { ring: ring.slice(1), cards: healthy(), goomz: [{ color: 'red', at: 'w1' }], allies: [], order: ['red'] });
    expectProblem(res, 400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('/ring');
  });
});
