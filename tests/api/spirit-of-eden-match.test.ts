/** A whole The Spirit of Eden solo game through the HTTP API, from setup to the end (SOE-TURN-1, SOE-END-1). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, sharedApp } from '../helpers/app.js';
import { PLAY_CARDS, PLAY_ROLL, layout, planTurn } from '../fixtures/spirit-of-eden-match.js';

/** Objective cards are card data (SOE-AMB-1): this deal names only the Ally of each. */
const OBJECTIVES = (['yellow', 'red', 'black'] as const).map((color) => ({ color, pile: [{ ally: 'water' }, { ally: 'fauna' }, { ally: 'flora' }].map((c) => ({ ...c })) }));

describe('The Spirit of Eden match API', () => {
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    app = await sharedApp();
    key = await apiKey(app, 'soe');
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, body: res.json() };
  };

  it('options are validated at creation: 400 with the paths of malformed Action cards', async () => {
    const r = await call('POST', '/v1/matches', { game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Noa' }], options: { actionCards: [['move1']] } });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toContain('/options/actionCards');
  });

  it('SOE-SETUP → turns (roll, player phase, Goomz phase) → SOE-END-1: all three Goomz removed, the game is won', async () => {
    const created = await call('POST', '/v1/matches', { game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Noa' }], options: { actionCards: PLAY_CARDS } });
    expect(created.status).toBe(201);
    const url = `/v1/matches/${created.body.id}`;
    const command = async (c: Record<string, unknown>) => {
      const r = await call('POST', `${url}/commands`, { command: c });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body;
    };
    await command({ type: 'soe.set_up', board: layout(OBJECTIVES) });
    // a wrong step is a 422 RuleViolation naming what to do first
    const early = await call('POST', `${url}/commands`, { command: { type: 'soe.goomz' } });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('wrong_phase');

    let state = (await call('GET', url)).body.state;
    for (let turn = 1; state.phase !== 'ended' && turn <= 30; turn++) {
      expect(state.turn).toBe(turn);
      await command({ type: 'soe.roll', dice: { values: PLAY_ROLL } });
      state = (await call('GET', url)).body.state;
      for (const place of planTurn(state.board)) await command(place);
      state = (await command({ type: 'soe.goomz' })).state;
    }
    expect(state.phase).toBe('ended');
    expect(state.result).toMatchObject({ won: true, lost: false });
    expect(state.board.goomz.every((g: { at: string }) => g.at === 'removed')).toBe(true);
    expect(state.board.objectives.every((p: { pile: unknown[]; claimed: unknown[] }) => p.pile.length === 0 && p.claimed.length === 3)).toBe(true);
    // the game is over: nothing more is accepted
    const after = await call('POST', `${url}/commands`, { command: { type: 'soe.roll' } });
    expect(after.body.code).toBe('game_over');
    // the projection at every version is the replay of the events
    const events = (await call('GET', `${url}/events?limit=1000`)).body.events;
    expect(events.at(-1).type).toBe('soe.game_ended');
  });
});
