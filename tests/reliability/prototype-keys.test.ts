/**
 * Caller-supplied keys that are Object.prototype's members ("constructor", "toString",
 * "hasOwnProperty", "__proto__", "valueOf") reach every lookup by key of the match pipeline: the
 * command tables, the event folds, the projections and the maps of the match state keyed by player,
 * fighter, scenery or card ids. Each is answered like any other unknown key (400 / 422 problem+json,
 * never 5xx), appends nothing, and never writes to Object.prototype.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, sharedApp } from '../helpers/app.js';
import { fighter, preparation } from '../fixtures/eden-match.js';
import { ANIMA_PLAYERS, animaCards } from '../fixtures/anima-match.js';
import { activeA1 } from '../fixtures/eden-commands.js';
import { players as EXSILIUM_PLAYERS, scenario } from '../fixtures/exsilium-scenario.js';

const PROTOTYPE_KEYS = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];

const TWO = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
const GAMES: { game: string; players: { id: string; name: string }[]; known: string }[] = [
  { game: 'eden', players: TWO, known: 'eden.register_band' },
  { game: 'anima', players: TWO, known: 'anima.keep_character' },
  { game: 'exsilium', players: TWO, known: 'exsilium.bid' },
  { game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Ana' }], known: 'soe.set_up' },
];

/** Object.prototype has no enumerable member: a write through a prototype key would show here. */
const prototypeMembers = () => {
  const out: string[] = [];
  for (const k in {}) out.push(k);
  return out;
};

describe('prototype keys in match commands, events and ids', () => {
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    app = await sharedApp();
    key = await apiKey(app, 'prototype-keys');
  });
  afterAll(() => {
    // Nothing of this file may have reached Object.prototype.
    expect(prototypeMembers()).toEqual([]);
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body ? res.json() : undefined };
  };
  const create = async (game: string, players: { id: string; name: string }[], options: Record<string, unknown> = {}) => {
    const res = await call('POST', '/v1/matches', { game, players, options });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const version = async (id: string) => (await call('GET', `/v1/matches/${id}`)).body.version as number;
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as { data?: Record<string, any>; errors?: { message: string; extensions?: Record<string, any> }[] };
  };

  describe.each(GAMES)('$game: a command whose type is a prototype key', ({ game, players, known }) => {
    it.each(PROTOTYPE_KEYS)('REST: %s is an unknown command type (400, /command/type, the valid types), nothing appended', async (type) => {
      const id = await create(game, players);
      // Answered exactly as any other unknown type is.
      const reference = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'no.such_command' } });
      expect(reference.status).toBe(400);
      const res = await call('POST', `/v1/matches/${id}/commands`, { command: { type } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.type).toContain('application/problem+json');
      expect(res.body.errors).toEqual(reference.body.errors);
      expect(res.body.errors).toEqual([{ path: '/command/type', code: 'unknown_command', message: expect.stringContaining(known) }]);
      expect(await version(id)).toBe(0);
    });

    it.each(PROTOTYPE_KEYS)('GraphQL runCommand: %s is an unknown command type (400), nothing appended', async (type) => {
      const id = await create(game, players);
      const res = await gql('mutation($id: ID!, $i: MatchCommandRequestInput!) { runCommand(id: $id, input: $i) { version } }', { id, i: { command: { type } } });
      expect(res.data?.runCommand ?? null).toBeNull();
      expect(res.errors![0]!.extensions).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(res.errors![0]!.extensions!.errors).toEqual([{ path: '/command/type', code: 'unknown_command', message: expect.stringContaining(known) }]);
      const q = await gql('query($id: ID!) { match(id: $id) { version } }', { id });
      expect(q.data!.match.version).toBe(0);
    });

    it('client events whose type is a prototype key are stored and skipped by the fold', async () => {
      const id = await create(game, players);
      const res = await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: PROTOTYPE_KEYS.map((type) => ({ type, data: { n: 1 } })) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const view = await call('GET', `/v1/matches/${id}`);
      expect(view.status).toBe(200);
      expect(view.body.version).toBe(PROTOTYPE_KEYS.length);
    });
  });

  it('EDEN: a fighter or a weapon named by a prototype key is not found (422), nothing appended', async () => {
    const id = await create('eden', TWO);
    for (const command of activeA1) expect((await call('POST', `/v1/matches/${id}/commands`, { command })).status).toBe(201);
    const before = await version(id);
    for (const k of PROTOTYPE_KEYS) {
      for (const command of [
        { type: 'eden.melee', attacker: 'a1', target: k },
        { type: 'eden.melee', attacker: k, target: 'b1' },
        { type: 'eden.move', fighterId: k },
        { type: 'eden.spray', attacker: 'a1', weapon: 'Flamer', covered: [k] },
        { type: 'eden.thrown', attacker: 'a1', weapon: 'Grenade', point: { distance: 10, lineOfSight: true }, affected: [k] },
        { type: 'eden.ranged', shooter: 'a1', weapon: k, candidates: [{ id: 'b1', distance: 10 }] },
        { type: 'eden.ranged', shooter: 'a1', weapon: 'Pistol', candidates: [{ id: k, distance: 10 }] },
      ]) {
        const r = await call('POST', `/v1/matches/${id}/commands`, { command });
        expect([400, 422], `${JSON.stringify(command)} → ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
      }
    }
    expect(await version(id)).toBe(before);
  });

  it('EDEN: fighters registered under prototype-key ids are kept as own members and can be named', async () => {
    const id = await create('eden', TWO);
    const ids = { A: ['constructor', 'toString'], B: ['__proto__', 'valueOf'] };
    for (const command of preparation(
      ids.A.map((x) => fighter(x)),
      ids.B.map((x) => fighter(x)),
    )) {
      const r = await call('POST', `/v1/matches/${id}/commands`, { command });
      expect(r.status, `${command.type}: ${JSON.stringify(r.body)}`).toBe(201);
    }
    const { state } = (await call('GET', `/v1/matches/${id}`)).body;
    expect(Object.keys(state.fighters).sort()).toEqual([...ids.A, ...ids.B].sort());
    expect(state.bands.A.fighterIds).toEqual(ids.A);
    expect(state.fighters.__proto__.side).toBe('B');
  });

  it('Ánima: a player named by a prototype key is not in the match (422), nothing appended', async () => {
    const id = await create('anima', ANIMA_PLAYERS, animaCards());
    for (const k of PROTOTYPE_KEYS) {
      for (const command of [
        { type: 'anima.keep_character', player: k, character: 'Acróbata' },
        { type: 'anima.end_phase', player: k },
      ]) {
        const r = await call('POST', `/v1/matches/${id}/commands`, { command });
        expect(r.status, `${JSON.stringify(command)} → ${JSON.stringify(r.body)}`).toBe(422);
        expect(r.body.code).toBe('unknown_player');
      }
    }
    expect(await version(id)).toBe(0);
  });

  it('Ánima: a match player whose id is "__proto__" plays without touching Object.prototype', async () => {
    const id = await create('anima', [{ id: '__proto__', name: 'Juan' }, ANIMA_PLAYERS[1]!], animaCards());
    const r = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'anima.keep_character', player: '__proto__', character: 'Acróbata' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(prototypeMembers()).toEqual([]);
    const { state } = (await call('GET', `/v1/matches/${id}`)).body;
    expect(Object.keys(state.groupsInPlay)).toEqual(['__proto__', 'p2']);
    expect(state.groupsInPlay.__proto__.characters.map((c: { name: string }) => c.name)).toEqual(['Acróbata']);
  });

  it('Exsilium: bids, players and cards named by prototype keys are refused (422), nothing appended', async () => {
    const id = await create('exsilium', EXSILIUM_PLAYERS, scenario());
    for (const k of PROTOTYPE_KEYS.filter((x) => x !== '__proto__')) {
      for (const command of [
        { type: 'exsilium.bid', bids: { p1: 2, p2: 1, [k]: 1 } },
        { type: 'exsilium.bid', bids: { p1: 2, [k]: 1 } },
        { type: 'exsilium.end_turn', player: k },
      ]) {
        const r = await call('POST', `/v1/matches/${id}/commands`, { command });
        expect(r.status, `${JSON.stringify(command)} → ${JSON.stringify(r.body)}`).toBe(422);
      }
    }
    expect(await version(id)).toBe(0);
    const started = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'exsilium.bid', bids: { p1: 2, p2: 1 } } });
    expect(started.status).toBe(201);
    for (const k of PROTOTYPE_KEYS) {
      for (const command of [
        { type: 'exsilium.activate', player: 'p1', card: k },
        { type: 'exsilium.activate', player: 'p1', terminal: k },
        { type: 'exsilium.play', player: 'p1', card: k },
        { type: 'exsilium.remove_mine', player: 'p1', node: k },
      ]) {
        const r = await call('POST', `/v1/matches/${id}/commands`, { command });
        expect(r.status, `${JSON.stringify(command)} → ${JSON.stringify(r.body)}`).toBe(422);
      }
    }
    expect(await version(id)).toBe(started.body.version);
  });

  it('Exsilium: a scenario whose player ids are prototype keys sets up and bids', async () => {
    const ids = ['constructor', 'toString'];
    const rename = (v: unknown) =>
      JSON.parse(
        JSON.stringify(v)
          .replace(/"p1(?=["-])/g, `"${ids[0]}`)
          .replace(/"p2(?=["-])/g, `"${ids[1]}`),
      );
    const id = await create('exsilium', rename(EXSILIUM_PLAYERS), rename(scenario()));
    // A bid missing for a player whose id is a prototype key is missing, not Object.prototype's member.
    const missing = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'exsilium.bid', bids: { toString: 1 } } });
    expect(missing.status, JSON.stringify(missing.body)).toBe(422);
    expect(missing.body.code).toBe('missing_bid');
    expect(await version(id)).toBe(0);
    const r = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'exsilium.bid', bids: { constructor: 2, toString: 1 } } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(Object.keys(r.body.state.summary.players)).toEqual(ids);
    expect(r.body.state.table.active).toBe('constructor');
  });
});
