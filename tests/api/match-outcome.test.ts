/**
 * One shape for every game's end (CONTRACT §8.2): `state.outcome` `{ended, winners, reason?, score?}`
 * on a fresh match and on a match played to its end in each game, and GET /v1/matches/{id}/result
 * with `winners` and `winner` (the only winner, else null) and a receipt once ended. The older places
 * (`state.result`, Exsilium `state.summary.winner`, Ánima's `outcome.winner`) stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GAME_IDS } from '../../src/app/matches/games.js';
import { eden } from '../../src/games/eden/index.js';
import { statusExamples } from '../../src/games/spirit-of-eden/operations/examples.js';
import { apiKey, memoryApp } from '../helpers/app.js';
import { logSha256 } from '../../src/app/matches/log-digest.js';
import { ANIMA_PLAYERS, animaCards } from '../fixtures/anima-match.js';
import { WHOLE_GAME, players as EXSILIUM_PLAYERS, scenario } from '../fixtures/exsilium-scenario.js';
import { PLAY_CARDS, PLAY_ROLL, layout, planTurn } from '../fixtures/spirit-of-eden-match.js';

let app: FastifyInstance;
let key: string;
beforeAll(async () => {
  app = await memoryApp();
  key = await apiKey(app, 'outcome');
});
afterAll(async () => app?.close());

type Cmd = Record<string, unknown>;
const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
  return { status: res.statusCode, body: res.json() };
};
const TWO = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

/** A match created and played through the API (every command must be accepted). */
async function play(game: string, players: unknown, options: Cmd, commands: Cmd[]) {
  const created = await call('POST', '/v1/matches', { game, players, options });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  for (const command of commands) await run(id, command);
  return id;
}
async function run(id: string, command: Cmd) {
  const r = await call('POST', `/v1/matches/${id}/commands`, { command });
  expect(r.status, `${String(command.type)}: ${JSON.stringify(r.body)}`).toBe(201);
  return r.body;
}
const stateOf = async (id: string) => (await call('GET', `/v1/matches/${id}`)).body.state;
const resultOf = async (id: string) => (await call('GET', `/v1/matches/${id}/result`)).body;

/** The result of an ended match: winners, winner, and a receipt the service verifies over them. */
async function expectEndedResult(id: string, winners: string[], extra: Cmd = {}) {
  const result = await resultOf(id);
  expect(result).toMatchObject({ ended: true, winners, winner: winners.length === 1 ? winners[0] : null, ...extra });
  expect(result.receipt).toEqual(expect.any(String));
  const verified = await call('POST', '/v1/receipts/verify', { receipt: result.receipt });
  expect(verified.body).toMatchObject({ valid: true, claims: { matchId: id, winner: result.winner, winners, version: result.version, logSha256: result.logSha256 } });
  // CONTRACT §8.1: the receipt commits to the full log; the log the owner publishes checks against it
  const published = (await call('GET', `/v1/matches/${id}/events?limit=1000`)).body.events as { version: number; type: string; schemaVersion: number; data: unknown }[];
  expect(published.length).toBe(result.version);
  expect(logSha256(published)).toBe(result.logSha256);
  expect(logSha256(published.slice(0, -1))).not.toBe(result.logSha256);
  return result;
}

/** EDEN-PREP-1..8 with one Yûri a side, turn 1 to the Upkeep (both fighters activated, EDEN-ACT). */
const EDEN_TO_UPKEEP: Cmd[] = [
  // the documented setup (GET /v1/games/eden/commands): preparation and turn 1's tactical phase
  ...(eden.guide.setup.commands as Cmd[]),
  { type: 'eden.activate', player: 'A', fighterId: 'a1' },
  { type: 'eden.end_activation' },
  { type: 'eden.activate', player: 'B', fighterId: 'b1' },
  { type: 'eden.end_activation' },
];

/** ANIMA-SETUP … ANIMA-MISSION-3: p1 completes a Basic Mission, then the Final Mission (tests/api/anima-match.test.ts). */
const ANIMA_GAME: Cmd[] = [
  { type: 'anima.keep_character', player: 'p1', character: 'Acróbata' },
  { type: 'anima.keep_character', player: 'p2', character: 'Ladrona', dice: { values: [1, 1, 1, 3, 7] } },
  ...[1, 2].flatMap(() => [
    ...['p2', 'p1'].map((player) => ({ type: 'anima.end_phase', player })),
    ...['p2', 'p1'].map((player) => ({ type: 'anima.go', player, location: 'Las Ruinas' })),
    ...['p2', 'p1', 'p2'].map((player) => ({ type: 'anima.end_phase', player })),
  ]),
];
const ANIMA_TURN = (n: 1 | 2) =>
  n === 1
    ? [
        { type: 'anima.explore', player: 'p1', dice: { values: [1] } },
        { type: 'anima.claim_reward', player: 'p1', reward: 1, dice: { values: [8, 2, 3, 1] } },
      ]
    : [
        { type: 'anima.explore', player: 'p1', dice: { values: [2] } },
        { type: 'anima.claim_reward', player: 'p1', reward: 2, dice: { values: [9, 1] } },
      ];

describe('state.outcome on a fresh match (CONTRACT §8.2)', () => {
  const FRESH: Record<string, { players: unknown; options: Cmd }> = {
    eden: { players: TWO, options: {} },
    anima: { players: ANIMA_PLAYERS, options: animaCards() },
    exsilium: { players: EXSILIUM_PLAYERS, options: scenario() },
    'spirit-of-eden': { players: [{ id: 'p1', name: 'Noa' }], options: { actionCards: PLAY_CARDS } },
  };
  for (const game of GAME_IDS) {
    it(`${game}: not ended, no winners; the result says the same (no receipt)`, async () => {
      const id = await play(game, FRESH[game]!.players, FRESH[game]!.options, []);
      expect((await stateOf(id)).outcome).toMatchObject({ ended: false, winners: [] });
      const result = await resultOf(id);
      expect(result).toMatchObject({ ended: false, winner: null, winners: [], version: 0, game });
      expect(result.receipt).toBeUndefined();
    });
  }

  it('a match of stateless resolutions (no card lists) has an outcome too, and a replay (?version=) carries it', async () => {
    const id = await play('anima', TWO, {}, []);
    expect((await stateOf(id)).outcome).toEqual({ ended: false, winners: [] });
    const exs = await play('exsilium', TWO, {}, []);
    expect((await stateOf(exs)).outcome).toEqual({ ended: false, winners: [] });
    expect((await call('GET', `/v1/matches/${exs}?version=0`)).body.state.outcome).toEqual({ ended: false, winners: [] });
  });
});

describe('state.outcome at the end of each game, and GET /v1/matches/{id}/result', () => {
  it('EDEN-GAME-1/3: after the last turn the most VP wins; score by player id in the outcome, by side in the result', async () => {
    const id = await play('eden', TWO, { turns: 1 }, EDEN_TO_UPKEEP);
    const during = await stateOf(id);
    expect(during.outcome).toEqual({ ended: false, winners: [], score: { p1: 0, p2: 0 } });
    const ended = await run(id, { type: 'eden.upkeep', victoryPoints: { A: 2, B: 1 } });
    expect(ended.state.outcome).toEqual({ ended: true, winners: ['p1'], reason: 'turns', score: { p1: 2, p2: 1 } });
    // the place of the result before v1.2 stays
    expect(ended.state.result).toMatchObject({ reason: 'turns', winner: 'A', victoryPoints: { A: 2, B: 1 } });
    await expectEndedResult(id, ['p1'], { score: { A: 2, B: 1 }, winningSide: 'A', reason: 'turns', players: { A: TWO[0], B: TWO[1] } });
  });

  it('EDEN-GAME-3: equal VP is a draw — ended, no winners, winner null', async () => {
    const id = await play('eden', TWO, { turns: 1 }, [...EDEN_TO_UPKEEP, { type: 'eden.upkeep', victoryPoints: { A: 1, B: 1 } }]);
    expect((await stateOf(id)).outcome).toEqual({ ended: true, winners: [], reason: 'turns', score: { p1: 1, p2: 1 } });
    await expectEndedResult(id, [], { winningSide: null });
  });

  it('ANIMA-MISSION-3: the player who completes the Final Mission wins (the older winner / mission stay in outcome)', async () => {
    const id = await play('anima', ANIMA_PLAYERS, animaCards(), [...ANIMA_GAME.slice(0, 9), ...ANIMA_TURN(1), ...ANIMA_GAME.slice(9), ...ANIMA_TURN(2)]);
    const state = await stateOf(id);
    expect(state.phase).toBe('ended');
    expect(state.outcome).toEqual({ ended: true, winners: ['p1'], reason: 'ANIMA-MISSION-3', winner: 'p1', mission: 'La Sombra' });
    await expectEndedResult(id, ['p1'], { reason: 'ANIMA-MISSION-3' });
  });

  it('EXS-WIN-1: the player whose Baralytas reach the target wins; score = Baralytas points; summary.winner stays', async () => {
    const id = await play('exsilium', EXSILIUM_PLAYERS, scenario(), WHOLE_GAME);
    const state = await stateOf(id);
    expect(state.summary.winner).toBe('p1');
    expect(state.outcome).toMatchObject({ ended: true, winners: ['p1'], reason: 'EXS-WIN-1' });
    expect(state.outcome.score.p1).toBeGreaterThanOrEqual(state.table.target);
    await expectEndedResult(id, ['p1'], { reason: 'EXS-WIN-1', score: state.outcome.score });
  });

  it('SOE-END-1: every Goomz removed — the solo player wins', async () => {
    const objectives = (['yellow', 'red', 'black'] as const).map((color) => ({ color, pile: [{ ally: 'water' }, { ally: 'fauna' }, { ally: 'flora' }] }));
    const id = await play('spirit-of-eden', [{ id: 'p1', name: 'Noa' }], { actionCards: PLAY_CARDS }, [{ type: 'soe.set_up', board: layout(objectives) }]);
    let state = await stateOf(id);
    for (let turn = 1; state.phase !== 'ended' && turn <= 30; turn++) {
      await run(id, { type: 'soe.roll', dice: { values: PLAY_ROLL } });
      for (const place of planTurn((await stateOf(id)).board)) await run(id, place);
      state = (await run(id, { type: 'soe.goomz' })).state;
    }
    expect(state.result).toMatchObject({ won: true });
    expect(state.outcome).toEqual({ ended: true, winners: ['p1'], reason: 'SOE-END-1' });
    await expectEndedResult(id, ['p1'], { reason: 'SOE-END-1' });
  });

  it('SOE-END-2: a lost solo game has ended with no winners (full game, and a stateless soe.status resolution)', async () => {
    const id = await play('spirit-of-eden', [{ id: 'p1', name: 'Noa' }], { actionCards: PLAY_CARDS }, [{ type: 'soe.set_up', board: layout() }]);
    let state = await stateOf(id);
    // nobody stops the Goomz: they devastate and destroy the cards until a Terrain pair is gone
    for (let turn = 1; state.phase !== 'ended' && turn <= 30; turn++) {
      await run(id, { type: 'soe.roll', dice: { values: [1, 1, 1, 1] } });
      state = (await run(id, { type: 'soe.goomz' })).state;
    }
    expect(state.result).toMatchObject({ lost: true, won: false });
    expect(state.outcome).toEqual({ ended: true, winners: [], reason: 'SOE-END-2' });
    await expectEndedResult(id, [], { reason: 'SOE-END-2' });

    const log = await play('spirit-of-eden', [{ id: 'p1', name: 'Noa' }], {}, [{ type: 'soe.status', ...statusExamples[0]!.value }]);
    expect((await stateOf(log)).outcome).toEqual({ ended: true, winners: [], reason: 'SOE-END-2' });
    await expectEndedResult(log, [], { winner: null });
  });
});
