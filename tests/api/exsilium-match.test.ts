/** A whole Exsilium match through the HTTP API, from the scenario and the bid to a winner (EXS-WIN-1). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, sharedApp } from '../helpers/app.js';
import { WHOLE_GAME, players, scenario } from '../fixtures/exsilium-scenario.js';
import { FULL_GAME, fullScenario } from '../fixtures/exsilium-full-game.js';

describe('Exsilium match API', () => {
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    app = await sharedApp();
    key = await apiKey(app, 'exsilium');
  });
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, body: res.json() };
  };

  it('EXS-SETUP-2 … EXS-WIN-1: bid, activations, moves with reveal and pick-ups, a Newaru combat, a player combat, a winner', async () => {
    const created = await call('POST', '/v1/matches', { game: 'exsilium', players, options: scenario() });
    expect(created.status).toBe(201);
    const id = created.body.id;
    let version = 0;
    for (const command of WHOLE_GAME) {
      const r = await call('POST', `/v1/matches/${id}/commands`, { expectedVersion: version, command });
      expect(r.status, `${command.type}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(201);
      version = r.body.version;
    }
    const view = await call('GET', `/v1/matches/${id}`);
    const table = view.body.state.table;
    expect(table).toMatchObject({ phase: 'ended', winner: 'p1', target: 10, revealed: ['A1', 'A3', 'X'], newaru: [] });
    expect(table.players.p1.baralytas).toEqual([3, 3, 2, 2]);
    expect(table.players.p2.baralytas).toEqual([]);
    // EXS-COMBAT-PVP-5: Ben's miniature went back to his board; his marker and card wait on tile A3.
    expect(table.players.p2.miniatures.every((m: { node: string | null }) => m.node === null)).toBe(true);
    expect(Object.values(table.markers)).toEqual(['keber']);
    expect(table.supply).toHaveLength(1);
    const events = await call('GET', `/v1/matches/${id}/events?limit=1000`);
    expect(events.body.events.at(-1)).toMatchObject({ type: 'exsilium.game_won', data: { player: 'p1', points: 10, target: 10 } });
    // The match is over: no more turns.
    const after = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'exsilium.end_turn', player: 'p2' } });
    expect(after).toMatchObject({ status: 422, body: { code: 'match_over' } });
  });

  it('EXS-ACTION / EXS-UPGRADE / EXS-TERMINAL-3 / EXS-PBOARD-4 … EXS-WIN-1: a game with card Actions, a purchase, a controlled terminal, Drop, Eliminate and the SYL drone, to a winner', async () => {
    const created = await call('POST', '/v1/matches', { game: 'exsilium', players, options: fullScenario() });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const initial = (await call('GET', `/v1/matches/${id}`)).body.state.summary;
    expect(initial.upgradeRow.map((c: { id: string }) => c.id)).toEqual(['upgrade-1', 'upgrade-2', 'upgrade-3', 'upgrade-4']);
    let version = 0;
    const types = new Set<string>();
    for (const command of FULL_GAME) {
      const r = await call('POST', `/v1/matches/${id}/commands`, { expectedVersion: version, command });
      expect(r.status, `${command.type}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(201);
      version = r.body.version;
      types.add(command.type);
    }
    expect([...types].sort()).toEqual(['ability', 'activate', 'bid', 'buy', 'drop', 'eliminate', 'end_turn', 'fight', 'move', 'play'].map((t) => `exsilium.${t}`));
    const { summary, table } = (await call('GET', `/v1/matches/${id}`)).body.state;
    expect(summary).toMatchObject({ phase: 'ended', winner: 'p1', target: 10, revealed: ['A1', 'A3', 'X'], newaru: [] });
    expect(summary.players.p1).toMatchObject({ faction: 'syl', baralytas: 10, upgrades: ['upgrade-1'], terminals: ['X:3,2'], abilitySlots: 2, connectionTokens: 2 });
    expect(summary.players.p2).toMatchObject({ faction: 'keber', baralytas: 0, abilitySlots: 0, inactive: ['keber-4', 'keber-3', 'keber-1', 'keber-2'] });
    expect(summary.players.p1.handSize + summary.players.p1.deckSize + summary.players.p1.discardSize).toBe(15);
    expect(table.controlled).toEqual({ 'X:3,2': 'p1' });
  });

  it('EXS-KW-DRAW / EXS-BORDER-3: card data the seeds do not print is validated at creation with /options paths', async () => {
    const noCost = await call('POST', '/v1/matches', { game: 'exsilium', players, options: fullScenario({ upgrades: [{ name: 'Draw', strength: 1 }] }) });
    expect(noCost.status).toBe(400);
    expect(noCost.body.errors.map((e: { path: string }) => e.path)).toEqual(['/options/upgrades/0/cost']);
    const upgrades = [
      { name: 'Draw', strength: 1, cost: 2, action: { kind: 'draw' } },
      { name: 'Cross border', strength: 1, cost: 2, action: { kind: 'cross_border' } },
    ];
    const noNumber = await call('POST', '/v1/matches', { game: 'exsilium', players, options: fullScenario({ upgrades }) });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.errors.map((e: { path: string; code: string }) => [e.path, e.code])).toEqual([
      ['/options/upgrades/0/action', 'missing_count'],
      ['/options/upgrades/1/action', 'missing_n'],
    ]);
  });

  it('EXS-KW-DODGE: the defender dodges a pending combat through the API; EXS-AMB-10: a portal symbol off a portal is refused with its /options path', async () => {
    const options = fullScenario();
    (options.decks.p2 as Record<string, unknown>[])[7] = { name: 'Esquiva', strength: 2, action: { kind: 'dodge' } };
    const created = await call('POST', '/v1/matches', { game: 'exsilium', players, options });
    expect(created.status).toBe(201);
    let version = 0;
    for (const command of FULL_GAME.slice(0, -1)) {
      const r = await call('POST', `/v1/matches/${created.body.id}/commands`, { expectedVersion: version, command });
      expect(r.status, `${command.type}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(201);
      version = r.body.version;
    }
    const dodged = await call('POST', `/v1/matches/${created.body.id}/commands`, { expectedVersion: version, command: { type: 'exsilium.dodge', player: 'p2', card: 'p2-8' } });
    expect(dodged.status).toBe(201);
    expect(dodged.body.events.map((e: { type: string }) => e.type)).toEqual(['exsilium.dodged']);
    const again = await call('POST', `/v1/matches/${created.body.id}/commands`, { command: { type: 'exsilium.dodge', player: 'p2', card: 'p2-9' } });
    expect([again.status, again.body.code]).toEqual([422, 'no_combat']);
    expect((await call('GET', `/v1/matches/${created.body.id}`)).body.state.table.combats).toEqual([]);

    const bad = fullScenario();
    bad.board = { ...bad.board, nodes: bad.board.nodes.map((n, i) => (i === 0 ? { ...n, portalSymbol: 'N' } : n)) };
    const refused = await call('POST', '/v1/matches', { game: 'exsilium', players, options: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string; code: string }) => [e.path, e.code])).toEqual([
      ['/options/board/nodes/0/portalSymbol', 'not_a_portal'],
      [`/options/board/nodes/${bad.board.nodes.findIndex((n) => n.id === 'X:5,2')}/portalSymbol`, 'missing'],
    ]);
  });

  it('EXS-COMP / OCR-3: a scenario without the decks and with an unknown node is refused at creation with /options paths', async () => {
    const { decks: _decks, ...bad } = scenario();
    bad.board = { ...bad.board, nodes: [...bad.board.nodes, { id: 'Z', tile: 'X', neighbors: ['nowhere'] }] };
    const r = await call('POST', '/v1/matches', { game: 'exsilium', players, options: bad });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toContain('/options/decks');
  });
});
