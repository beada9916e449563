import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';
import { queryAll, withoutNulls } from '../helpers/graphql-selection.js';
import { spiritOfEdenOperations } from '../../src/games/spirit-of-eden/operations/index.js';

// Setup example layout (SOE-SETUP-2/3): Goomz on the left column, Allies on the right column.
const ring = ['mountain1', 'waterfall1', 'swamp1', 'forest1', 'mountain2', 'waterfall2', 'swamp2', 'forest2'];
const cards = Object.fromEntries(ring.map((id) => [id, { terrain: id.replace(/\d$/, ''), state: 'healthy' }]));
const phase = (extra: object = {}) => ({
  ring,
  cards,
  goomz: [
    { color: 'yellow', at: 'mountain1' },
    { color: 'red', at: 'forest2' },
    { color: 'black', at: 'swamp2' },
  ],
  allies: [
    { kind: 'water', at: 'swamp1' },
    { kind: 'fauna', at: 'forest1', protecting: true },
    { kind: 'flora', at: 'mountain2' },
  ],
  order: ['yellow', 'red', 'black'],
  ...extra,
});

describe('The Spirit of Eden API', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  it('SOE-GOOMZ-A: POST /v1/spirit-of-eden/goomz-phase answers steps and the new state in request shapes and order', async () => {
    const res = await post(app, '/v1/spirit-of-eden/goomz-phase', phase());
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { color: string; rule: string }) => `${s.color}:${s.rule}`)).toEqual(['yellow:A', 'red:A', 'black:A']);
    expect(res.body.cards.mountain1).toEqual({ terrain: 'mountain', state: 'devastated' });
    expect(res.body.goomz).toEqual(phase().goomz);
    expect(res.body.allies).toEqual(phase().allies);
    expect(res.body).toMatchObject({ won: false, lost: false, skipped: [] });
    expect(res.body.summary).toContain('SOE-GOOMZ-A');
    expect(res.body.dice).toBeUndefined();
  });

  it('SOE-GOOMZ-D / SOE-GOOMZ-F: an Ally sent to Noa has "at": "noa"; an ambushed Goomz withdraws and claims its objective', async () => {
    const body = phase({
      goomz: [
        { color: 'yellow', at: 'swamp1', ambushedBy: 'water' },
        { color: 'red', at: 'mountain2' },
        { color: 'black', at: 'swamp2' },
      ],
      objectives: [
        {
          color: 'yellow',
          pile: [
            { ally: 'water', terrain: 'swamp' },
            { ally: 'flora', terrain: 'mountain' },
          ],
        },
      ],
      turn: 5,
    });
    const res = await post(app, '/v1/spirit-of-eden/goomz-phase', body, { 'accept-language': 'es' });
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { rule: string }) => s.rule)).toEqual(['F', 'D', 'A']);
    expect(res.body.goomz[0]).toEqual({ color: 'yellow', at: 'forest1' });
    expect(res.body.allies[2]).toEqual({ kind: 'flora', at: 'noa', protecting: false, availableFromTurn: 7 });
    expect(res.body.objectives[0].pile).toEqual([{ ally: 'flora', terrain: 'mountain' }]);
    expect(res.body.summary).toMatch(/envía a flora a Noa/);
  });

  it('SOE-END-2: the second Forest destroyed → lost, the remaining Goomz are skipped', async () => {
    const res = await post(
      app,
      '/v1/spirit-of-eden/goomz-phase',
      phase({
        cards: { ...cards, forest1: { terrain: 'forest', state: 'destroyed' }, forest2: { terrain: 'forest', state: 'devastated' } },
        allies: [],
        order: ['red', 'yellow', 'black'],
      }),
    );
    expect(res.body).toMatchObject({ lost: true, won: false, skipped: ['yellow', 'black'] });
  });

  it('400 lists every problem with JSON-pointer paths (schema)', async () => {
    const res = await post(app, '/v1/spirit-of-eden/goomz-phase', { ring: ring.slice(0, 7), cards, goomz: [{ color: 'green', at: 'x' }], allies: [{ kind: 'fire', at: 'x' }] });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/ring', '/goomz/0/color', '/allies/0/kind', '/order']));
  });

  it('400 lists every board problem at once (order and Ambush)', async () => {
    const res = await post(
      app,
      '/v1/spirit-of-eden/goomz-phase',
      phase({
        order: ['yellow', 'yellow'],
        goomz: [
          { color: 'yellow', at: 'mountain1', ambushedBy: 'fauna' },
          { color: 'red', at: 'forest2' },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`)).toEqual([
      '/goomz/0/ambushedBy ambusher_absent',
      '/order/1 duplicate',
      '/order missing_goomz',
    ]);
  });

  it('SOE-AMB-9: an illegal pick is 422 illegal_pick', async () => {
    const res = await post(app, '/v1/spirit-of-eden/goomz-phase', phase({ goomz: [{ color: 'yellow', at: 'swamp1' }], order: ['yellow'], picks: { yellow: 'fauna' } }));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('illegal_pick');
  });

  it('GraphQL soeGoomzPhase equals REST', async () => {
    const body = phase({
      goomz: [
        { color: 'yellow', at: 'forest1' },
        { color: 'red', at: 'forest1' },
      ],
      order: ['red', 'yellow'],
    });
    const rest = await post(app, '/v1/spirit-of-eden/goomz-phase', body);
    const gql = await queryAll(app, 'soeGoomzPhase', body);
    expect(gql.status).toBe(200);
    expect(gql.data).toEqual(withoutNulls(rest.body));
    expect(rest.body.steps.map((s: { rule: string }) => s.rule)).toEqual(['E', 'D']);
  });

  it('SOE-EX-13: POST /v1/spirit-of-eden/player-phase/validate accepts two set-asides and rejects a third', async () => {
    const steps = [
      { type: 'reroll', discard: 0, die: 1, value: 4 },
      { type: 'reroll', discard: 3, die: 1, value: 2 },
      { type: 'reroll', discard: 2, die: 1, value: 6 },
      { type: 'place', die: 1, card: 0 },
    ];
    const res = await post(app, '/v1/spirit-of-eden/player-phase/validate', { roll: [1, 1, 6, 3], steps });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/steps/2', code: 'too_many_discards' })]);
    expect(res.body.actions).toEqual([{ step: 3, die: 1, card: 0, value: 2 }]);
  });

  it('player phase: every rule problem is listed with its path (PLACE-1, NOA-1, MODE-3, MODE-6)', async () => {
    const res = await post(app, '/v1/spirit-of-eden/player-phase/validate', {
      roll: [2, 3, 4, 5],
      modes: ['fearless', 'scarcity'],
      disabledCard: 3,
      noaPowerUsed: true,
      bonusesAvailable: 1,
      steps: [
        { type: 'noa', die: 0, value: 6 },
        { type: 'place', die: 0, card: 1 },
        { type: 'place', die: 1, card: 1 },
        { type: 'place', die: 2, card: 3 },
        { type: 'bonus', die: 3, value: 6 },
      ],
    });
    expect(res.body.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`)).toEqual([
      '/steps/0 noa_power_used',
      '/steps/2/card card_occupied',
      '/steps/3/card card_disabled',
      '/steps/4 bonus_forbidden',
    ]);
  });

  it('player phase: a die face of 7 and a step without its card are 400s with paths', async () => {
    const schema = await post(app, '/v1/spirit-of-eden/player-phase/validate', { roll: [1, 2, 3, 7], steps: [] });
    expect(schema.status).toBe(400);
    expect(schema.body.errors[0].path).toBe('/roll/3');
    const shape = await post(app, '/v1/spirit-of-eden/player-phase/validate', { roll: [1, 2, 3, 4], steps: [{ type: 'place', die: 0 }] });
    expect(shape.status).toBe(400);
    expect(shape.body.errors[0].path).toBe('/steps/0/card');
  });

  it('GraphQL soeValidatePlayerPhase equals REST', async () => {
    const body = {
      roll: [6, 6, 1, 2],
      steps: [
        { type: 'noa', die: 2, value: 6 },
        { type: 'place', die: 2, card: 0 },
      ],
    };
    const rest = await post(app, '/v1/spirit-of-eden/player-phase/validate', body);
    const gql = await queryAll(app, 'soeValidatePlayerPhase', body);
    expect(gql.data).toEqual(withoutNulls(rest.body));
    expect(rest.body.valid).toBe(true);
  });

  it('SOE-END-1 / SOE-MODE-5: POST /v1/spirit-of-eden/status', async () => {
    const removed = [
      { color: 'yellow', at: 'removed' },
      { color: 'red', at: 'removed' },
      { color: 'black', at: 'removed' },
    ];
    const won = await post(app, '/v1/spirit-of-eden/status', { ring, cards, goomz: removed });
    expect(won.body).toMatchObject({ won: true, lost: false, destroyedPairs: [] });
    const dev = await post(app, '/v1/spirit-of-eden/status', { ring, cards, goomz: removed, modes: ['devastator'] });
    expect(dev.body.won).toBe(false);
  });

  it('SOE-NOA-RET-2: POST /v1/spirit-of-eden/turn-start returns a due Ally onto the chosen Forest', async () => {
    const res = await post(app, '/v1/spirit-of-eden/turn-start', {
      ring,
      cards,
      allies: [
        { kind: 'flora', at: 'noa', availableFromTurn: 7 },
        { kind: 'water', at: 'swamp1' },
      ],
      turn: 7,
      placements: { flora: 'forest2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.allies).toEqual([
      { kind: 'flora', at: 'forest2', protecting: false },
      { kind: 'water', at: 'swamp1' },
    ]);
    const early = await post(app, '/v1/spirit-of-eden/turn-start', {
      ring,
      cards,
      allies: [{ kind: 'flora', at: 'noa', availableFromTurn: 7 }],
      turn: 6,
      placements: { flora: 'forest2' },
    });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('ally_not_due');
  });

  it('no input produces a 500 (random boards and player phases)', async () => {
    const ids = [...ring, 'noa', 'removed', 'x', 'constructor'];
    const kinds = fc.constantFrom('water', 'fauna', 'flora');
    const colors = fc.constantFrom('yellow', 'red', 'black');
    const board = fc.record({
      ring: fc.constantFrom(
        ring,
        [...ring].reverse(),
        ring.map((r, i) => (i === 3 ? 'constructor' : r)),
      ),
      cards: fc
        .dictionary(
          fc.constantFrom(...ids),
          fc.record({ terrain: fc.constantFrom('waterfall', 'swamp', 'forest', 'mountain'), state: fc.constantFrom('healthy', 'devastated', 'destroyed') }),
          { maxKeys: 3 },
        )
        .map((d) => ({ ...cards, ...d })),
      goomz: fc.array(fc.record({ color: colors, at: fc.constantFrom(...ids), ambushedBy: fc.option(kinds) }), { minLength: 1, maxLength: 3 }),
      allies: fc.array(fc.record({ kind: kinds, at: fc.constantFrom(...ids), protecting: fc.boolean(), availableFromTurn: fc.integer({ min: 1, max: 9 }) }), { maxLength: 3 }),
      order: fc.array(colors, { maxLength: 3 }),
      objectives: fc.array(fc.record({ color: colors, pile: fc.array(fc.record({}), { maxLength: 3 }) }), { maxLength: 3 }),
      modes: fc.subarray(['devastator', 'celestial']),
      picks: fc.record({ red: kinds }, { requiredKeys: [] }),
      options: fc.record({ dSendsAll: fc.boolean(), protectionEndsWithPhase: fc.boolean() }),
      turn: fc.integer({ min: 1, max: 9 }),
      placements: fc.record({ fauna: fc.constantFrom(...ids) }, { requiredKeys: [] }),
    });
    await fc.assert(
      fc.asyncProperty(board, async (b) => {
        for (const url of ['/v1/spirit-of-eden/goomz-phase', '/v1/spirit-of-eden/status', '/v1/spirit-of-eden/turn-start']) {
          expect((await post(app, url, b)).status).not.toBe(500);
        }
      }),
      { numRuns: 80, seed: 2 },
    );
    const step = fc.record(
      {
        type: fc.constantFrom('place', 'reroll', 'bonus', 'noa'),
        die: fc.integer({ min: 0, max: 3 }),
        card: fc.integer({ min: 0, max: 3 }),
        discard: fc.integer({ min: 0, max: 3 }),
        value: fc.integer({ min: 1, max: 6 }),
      },
      { requiredKeys: ['type', 'die'] },
    );
    const phaseBody = fc.record(
      {
        roll: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }),
        steps: fc.array(step, { maxLength: 8 }),
        modes: fc.subarray(['fearless', 'scarcity']),
        disabledCard: fc.integer({ min: 0, max: 3 }),
        noaPowerUsed: fc.boolean(),
        bonusesAvailable: fc.integer({ min: 0, max: 2 }),
      },
      { requiredKeys: ['roll', 'steps'] },
    );
    await fc.assert(
      fc.asyncProperty(phaseBody, async (b) => {
        expect((await post(app, '/v1/spirit-of-eden/player-phase/validate', b)).status).not.toBe(500);
      }),
      { numRuns: 80, seed: 3 },
    );
  });

  it('SOE-ACT-*: POST /v1/spirit-of-eden/actions answers the new board in the request shapes, or 422 with the reason', async () => {
    const body = {
      ring,
      cards,
      goomz: [{ color: 'red', at: 'waterfall1' }],
      allies: [
        { kind: 'fauna', at: 'swamp1' },
        { kind: 'flora', at: 'noa', availableFromTurn: 4 },
      ],
      action: { type: 'move', ally: 'fauna', to: 'waterfall1', steps: 1 },
    };
    const ok = await post(app, '/v1/spirit-of-eden/actions', body);
    expect(ok.status).toBe(200);
    expect(ok.body.allies).toEqual([
      { kind: 'fauna', at: 'waterfall1' },
      { kind: 'flora', at: 'noa', availableFromTurn: 4 },
    ]);
    expect(ok.body.summary).toMatch(/SOE-ACT-MOVE-1/);
    const noa = await post(app, '/v1/spirit-of-eden/actions', { ...body, action: { type: 'protect', ally: 'flora' } });
    expect(noa.status).toBe(422);
    expect(noa.body.code).toBe('ally_unavailable');
    const shape = await post(app, '/v1/spirit-of-eden/actions', { ...body, action: { type: 'push', ally: 'fauna', steps: 3, target: {} } });
    expect(shape.status).toBe(400);
    expect(shape.body.errors.map((e: { path: string }) => e.path)).toEqual(['/action/to', '/action/steps', '/action/target']);
  });

  it('SOE-SETUP-1..3 / SOE-MODE-4: POST /v1/spirit-of-eden/setups/validate lists every problem', async () => {
    const res = await post(app, '/v1/spirit-of-eden/setups/validate', { ring, cards, goomz: [{ color: 'red', at: 'waterfall1' }], allies: [], modes: ['resurrection'] });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual(['resurrection_devastated', 'goomz_missing', 'goomz_not_left_column', 'ally_missing']);
  });

  it('SOE-PLACE-2/3: player-phase validation checks actions against card data and the board; board problems are 400 under /board', async () => {
    const body = {
      roll: [2, 1, 1, 1],
      steps: [{ type: 'place', die: 0, card: 0, action: { type: 'move', ally: 'water', to: 'waterfall1', steps: 1 } }],
      board: { ring, cards, goomz: [{ color: 'red', at: 'mountain1' }], allies: [{ kind: 'water', at: 'swamp1' }] },
      actionCards: [0, 1, 2, 3].map(() => ['move1', 'move2', 'move3', 'attract', 'push1', 'push2']),
    };
    const wrong = await post(app, '/v1/spirit-of-eden/player-phase/validate', body);
    expect(wrong.body).toMatchObject({ valid: false, errors: [{ path: '/steps/0/action', code: 'wrong_action' }] });
    const ok = await post(app, '/v1/spirit-of-eden/player-phase/validate', { ...body, roll: [1, 1, 1, 1] });
    expect(ok.body).toMatchObject({ valid: true, board: { allies: [{ kind: 'water', at: 'waterfall1' }] } });
    const bad = await post(app, '/v1/spirit-of-eden/player-phase/validate', { ...body, board: { ...body.board, allies: [{ kind: 'water', at: 'nowhere' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/board/allies/0/at');
  });

  it('every documented example answers 200 with a summary', async () => {
    for (const op of spiritOfEdenOperations) {
      expect(op.examples?.length, op.id).toBeGreaterThan(0);
      for (const example of op.examples ?? []) {
        const res = await post(app, op.path, example.value);
        expect(res.status, `${op.id}: ${example.summary}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(typeof res.body.summary).toBe('string');
      }
    }
  });
});
