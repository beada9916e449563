/**
 * /v1/matches (CONTRACT §5) through the real app over in-memory stores: the event store itself
 * (versions, idempotency, concurrent writers) is tested on every backend in
 * tests/contract/event-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { apiKey, memoryApp } from '../helpers/app.js';
import { fighter, preparation } from '../fixtures/eden-match.js';
import { initialState, evolve } from '../../src/games/eden/match/index.js';
import { WebSocket } from '../helpers/ws.js';
import { goomzPhaseExamples } from '../../src/games/spirit-of-eden/operations/examples.js';
import { explorationExamples } from '../../src/games/anima/operations/examples.js';

describe('matches API', () => {
  let app: FastifyInstance;
  let keyA: string;
  let keyB: string;
  beforeAll(async () => {
    // its own app: the socket tests listen on it
    app = await memoryApp();
    keyA = await apiKey(app, 'a');
    keyB = await apiKey(app, 'b');
  });
  afterAll(async () => {
    // fetch (undici) reconnects once the aborted feed's socket closes and leaves that connection
    // unused (the server does not count it idle) until its own 4 s keep-alive ends: close it, not wait
    app?.server.closeAllConnections();
    await app?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, key = keyA, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}`, ...headers } });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
  };
  /** The app on 127.0.0.1 (port 0), started by the first test that needs a socket. */
  const listening = async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return app.server.address() as { port: number };
  };
  const createEden = async () =>
    (
      await call('POST', '/v1/matches', {
        game: 'eden',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
      })
    ).body as { id: string };

  it('needs an API key (401 problem+json)', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/matches', payload: { game: 'eden', players: [] } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('creates a match at version 0, appends events, refuses a stale expectedVersion with 409 + currentVersion', async () => {
    const created = await call('POST', '/v1/matches', {
      game: 'eden',
      players: [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ game: 'eden', version: 0 });
    const id = created.body.id as string;
    const appended = await call('POST', `/v1/matches/${id}/events`, {
      expectedVersion: 0,
      events: [
        { type: 'table.photo', data: { url: 'x' } },
        { type: 'match.note', data: { text: 'hi', author: 'Ana' } },
      ],
    });
    expect(appended.status).toBe(201);
    expect(appended.body.version).toBe(2);
    expect(appended.body.events.map((e: { version: number }) => e.version)).toEqual([1, 2]);
    expect(typeof appended.body.events[0].recordedAt).toBe('string');
    const stale = await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 1, events: [{ type: 'x', data: {} }] });
    expect(stale.status).toBe(409);
    expect(stale.headers['content-type']).toContain('application/problem+json');
    expect(stale.body).toMatchObject({ status: 409, code: 'version_conflict', currentVersion: 2 });
    expect((await call('GET', `/v1/matches/${id}`)).body.version).toBe(2);
  });

  it('Idempotency-Key: a repeat answers the first response and appends nothing; another body → 422 idempotency_key_reused', async () => {
    const { id } = await createEden();
    const key = randomUUID();
    const body = { expectedVersion: 0, events: [{ type: 'x', data: { n: 1 } }] };
    const first = await call('POST', `/v1/matches/${id}/events`, body, keyA, { 'idempotency-key': key });
    const again = await call('POST', `/v1/matches/${id}/events`, body, keyA, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await call('GET', `/v1/matches/${id}`)).body.version).toBe(1);
    const reused = await call('POST', `/v1/matches/${id}/events`, { ...body, events: [{ type: 'x', data: { n: 2 } }] }, keyA, { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
  });

  it("hides another key's matches (404 everywhere) and unknown or malformed ids", async () => {
    const { id } = await createEden();
    for (const [method, url, body] of [
      ['GET', `/v1/matches/${id}`],
      ['GET', `/v1/matches/${id}/events`],
      ['POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'x' }] }],
      ['POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.pass', player: 'A' } }],
      ['GET', `/v1/matches/${id}/feed?follow=false`],
    ] as const) {
      const res = await call(method, url, body, keyB);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', `/v1/matches/${randomUUID()}`)).status).toBe(404);
    expect((await call('GET', '/v1/matches/not-a-uuid')).status).toBe(404);
    expect((await call('GET', `/v1/matches/${id}`)).status).toBe(200);
  });

  it('validates bodies: every problem listed with JSON pointers; reserved event types; unknown commands', async () => {
    const { id } = await createEden();
    const bad = await call('POST', `/v1/matches/${id}/events`, { expectedVersion: -1, events: [{ data: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/events/0/type', '/expectedVersion']);
    const reserved = await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'eden.melee_resolved', data: {} }] });
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors[0]).toMatchObject({ path: '/events/0/type', code: 'reserved_event_type' });
    const unknown = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.fly' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('/command/type');
    const wrong = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.bid', bids: { A: 'x' } } });
    expect(wrong.status).toBe(400);
    // a bid may carry one side's only (a sealed part, CONTRACT §9.1): each member present is checked
    expect(wrong.body.errors.map((e: { path: string }) => e.path)).toEqual(['/command/bids/A']);
    const badGame = await call('POST', '/v1/matches', { game: 'chess', players: [{ id: 'a', name: 'a' }] });
    expect(badGame.status).toBe(400);
    expect((await call('GET', `/v1/matches/${id}?version=5`)).status).toBe(400);
  });

  it('upcasts events stored under an older schema version (match.note v1 → v2)', async () => {
    const { id } = await createEden();
    await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'match.note', schemaVersion: 1, data: { text: 'old' } }] });
    const page = await call('GET', `/v1/matches/${id}/events`);
    expect(page.body.events[0]).toMatchObject({ type: 'match.note', schemaVersion: 2, data: { text: 'old', author: null } });
    const badNote = await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 1, events: [{ type: 'match.note', data: { author: 3 } }] });
    expect(badNote.status).toBe(400);
  });

  it('runs EDEN commands through the rules engine; replaying the log equals the live state; ?version=n replays', async () => {
    const { id } = await createEden();
    const bandA = [fighter('a1'), fighter('a2')];
    const bandB = [fighter('b1'), fighter('b2')];
    let live: unknown;
    const versions: number[] = [];
    for (const command of [
      ...preparation(bandA, bandB),
      { type: 'eden.bid', bids: { A: 1, B: 0 } },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.skip_tactic', player: 'B' },
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
    ]) {
      const res = await call('POST', `/v1/matches/${id}/commands`, { command });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      live = res.body.state;
      versions.push(res.body.version);
    }
    const melee = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.melee', attacker: { id: 'a1' }, target: 'b1', dice: { values: [6, 6, 6, 1, 4] } } });
    expect(melee.status).toBe(201);
    const ev = melee.body.events[0];
    expect(ev.type).toBe('eden.melee_resolved');
    // the event keeps the facts (event schema v2): the faces drawn and what changed on each fighter, no answer and no profile
    expect(ev).toMatchObject({ schemaVersion: 2, data: { dice: { seed: null, values: [6, 6, 6, 1, 4] }, changes: { b1: { wounds: { torso: 3 } } } } });
    expect(ev.data).not.toHaveProperty('result');
    expect(ev.data).not.toHaveProperty('fighters');
    live = melee.body.state;
    const view = await call('GET', `/v1/matches/${id}`);
    expect(view.body.state).toEqual(live);
    expect(view.body.state.fighters.b1.fighter.wounds.torso).toBe(3);
    // An independent fold of the events read page by page gives the same state
    let state = initialState({ players: view.body.players, options: {} });
    let from = 1;
    for (;;) {
      const page = await call('GET', `/v1/matches/${id}/events?from=${from}&limit=7`);
      for (const e of page.body.events) state = evolve(state, e);
      if (page.body.events.length === 0) break;
      from = page.body.next;
    }
    // the game's own fold; `pending` (whom the table waits for, CONTRACT §9.1) is the kernel's
    expect(state).toEqual({ ...(live as object), pending: undefined });
    // The state at an earlier version is the replay up to it
    const before = await call('GET', `/v1/matches/${id}?version=${versions[versions.length - 1]}`);
    expect(before.body.state.fighters.b1.fighter.wounds.torso).toBe(0);
    expect(before.body.version).toBe(versions[versions.length - 1]);
    // Rules violations are 422 with a code; a stale expectedVersion on a command is 409
    const third = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.melee', attacker: 'a2', target: 'b1', dice: { values: [1, 1, 1, 1] } } });
    expect(third.status).toBe(422);
    expect(third.body.code).toBe('not_active');
    const stale = await call('POST', `/v1/matches/${id}/commands`, { expectedVersion: 1, command: { type: 'eden.end_activation' } });
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(view.body.version);
    const exhausted = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.melee', attacker: 'a1', target: 'b2', dice: { values: [6] } } });
    expect(exhausted.status).toBe(422);
    expect(exhausted.body.code).toBe('dice_exhausted');
    expect((await call('GET', `/v1/matches/${id}`)).body.version).toBe(view.body.version);
  });

  it('concurrent commands on one match: each resolves against the current state, versions stay 1..n', async () => {
    const { id } = await createEden();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call('POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'x', data: { i } }] })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const page = await call('GET', `/v1/matches/${id}/events`);
    expect(page.body.events.map((e: { version: number }) => e.version)).toEqual([1]);
  });

  it('other games record the resolutions of their operations', async () => {
    const created = await call('POST', '/v1/matches', { game: 'anima', players: [{ id: 'p1', name: 'Ana' }] });
    expect(created.status).toBe(201);
    const unknown = await call('POST', `/v1/matches/${created.body.id}/commands`, { command: { type: 'eden.melee' } });
    expect(unknown.status).toBe(400);
    // ANIMA-EX-6, then a Speed test that omits the Group kept by the match
    const explored = await call('POST', `/v1/matches/${created.body.id}/commands`, { command: { type: 'anima.exploration', ...explorationExamples[0]!.value } });
    expect(explored.status, JSON.stringify(explored.body)).toBe(201);
    expect(explored.body.state.groups.p1).toMatchObject({ explorations: 1, combats: 1 });
    const speed = await call('POST', `/v1/matches/${created.body.id}/commands`, { command: { type: 'anima.speed', difficulty: 20, dice: { values: [2] } } });
    expect(speed.status).toBe(201);
    // the event keeps the facts (the request as resolved, the dice drawn); the answer is derived into the state
    expect(speed.body.events[0]).toMatchObject({ type: 'anima.speed.resolved', schemaVersion: 2, data: { kind: 'anima.speed', dice: { seed: null, values: [2] } } });
    expect(speed.body.events[0].data).not.toHaveProperty('result');
    expect(speed.body.state.latest['anima.speed'].result).toMatchObject({ speed: 8, success: false });
    expect((await call('GET', `/v1/matches/${created.body.id}`)).body.state).toEqual(speed.body.state);
  });

  it('SOE-GOOMZ: a Spirit of Eden match keeps the board; the next Goomz phase omits it; replay (GET) equals the live state', async () => {
    const created = await call('POST', '/v1/matches', { game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Ana' }] });
    const id = created.body.id as string;
    const first = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'soe.goomzPhase', ...goomzPhaseExamples[1]!.value } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const next = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'soe.goomzPhase', order: ['yellow', 'red'] } });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.events[0].data.request.cards).toEqual(first.body.state.board.cards);
    expect((await call('GET', `/v1/matches/${id}`)).body.state).toEqual(next.body.state);
    // A board member of the wrong shape is still 400 with a /command path; soe.* events are engine-only
    const bad = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'soe.goomzPhase', ring: ['x'], order: ['red'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/command/ring');
    const forged = await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 2, events: [{ type: 'soe.goomzPhase.resolved', data: {} }] });
    expect(forged.status).toBe(400);
    expect(forged.body.errors[0].code).toBe('reserved_event_type');
  });

  it('GET /events paging: from beyond the end is an empty page; limit 0, over 1000 or from 0 → 400 with paths', async () => {
    const { id } = await createEden();
    await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'a' }, { type: 'b' }, { type: 'c' }] });
    const tail = await call('GET', `/v1/matches/${id}/events?from=3&limit=5`);
    expect(tail.body.events.map((e: { type: string }) => e.type)).toEqual(['c']);
    expect(tail.body.next).toBe(4);
    const beyond = await call('GET', `/v1/matches/${id}/events?from=99`);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ events: [], from: 99, next: 99 });
    const exact = await call('GET', `/v1/matches/${id}/events?from=1&limit=1000`);
    expect(exact.body.events).toHaveLength(3);
    for (const [query, path] of [
      ['limit=0', '/limit'],
      ['limit=1001', '/limit'],
      ['from=0', '/from'],
      ['from=x', '/from'],
      ['limit=-1', '/limit'],
    ] as const) {
      const res = await call('GET', `/v1/matches/${id}/events?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(path);
    }
    const both = await call('GET', `/v1/matches/${id}/events?from=0&limit=0`);
    expect(both.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/from', '/limit']);
  });

  it('Idempotency-Key on /commands: a retry returns the first answer and appends nothing; another body → 422', async () => {
    const { id } = await createEden();
    const key = randomUUID();
    const body = { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [fighter('i1')] } };
    const first = await call('POST', `/v1/matches/${id}/commands`, body, keyA, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await call('POST', `/v1/matches/${id}/commands`, body, keyA, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await call('GET', `/v1/matches/${id}`)).body.version).toBe(1);
    const reused = await call('POST', `/v1/matches/${id}/commands`, { command: { ...body.command, player: 'B' } }, keyA, { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    // A key is per API key: the same key under another API key is another request (404: not its match)
    expect((await call('POST', `/v1/matches/${id}/commands`, body, keyB, { 'idempotency-key': key })).status).toBe(404);
    expect((await call('GET', `/v1/matches/${id}/events`)).body.events).toHaveLength(1);
  });

  it('EDEN-ACTION-1: a command the rules engine refuses (no_ap) is 422 with its code and appends nothing; a keyed retry is refused again', async () => {
    const { id } = await createEden();
    for (const command of [
      ...preparation([fighter('a1'), fighter('a2')], [fighter('b1'), fighter('b2')]),
      { type: 'eden.bid', bids: { A: 1, B: 0 } },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.skip_tactic', player: 'B' },
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
    ]) {
      expect((await call('POST', `/v1/matches/${id}/commands`, { command })).status).toBe(201);
    }
    const miss = { type: 'eden.melee', attacker: 'a1', target: 'b1', reaction: 'passive', dice: { values: [1, 1, 1, 1, 1, 1] } };
    expect((await call('POST', `/v1/matches/${id}/commands`, { command: miss })).status).toBe(201);
    expect((await call('POST', `/v1/matches/${id}/commands`, { command: miss })).status).toBe(201);
    const moved = await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.move', fighterId: 'a1' } });
    expect(moved.body.state.fighters.a1.fighter.ap).toBe(0);
    const before = (await call('GET', `/v1/matches/${id}`)).body;
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const refused = await call('POST', `/v1/matches/${id}/commands`, { expectedVersion: before.version, command: { type: 'eden.move', fighterId: 'a1' } }, keyA, {
        'idempotency-key': key,
      });
      expect(refused.status).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.body).toMatchObject({ status: 422, code: 'no_ap', fighterId: 'a1' });
    }
    const after = (await call('GET', `/v1/matches/${id}`)).body;
    expect(after.version).toBe(before.version);
    expect(after.state).toEqual(before.state);
  });

  it('GraphQL subscription matchEvents over WebSocket (graphql-transport-ws): each new event is pushed once', async () => {
    const { id } = await createEden();
    await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'old' }] });
    const { port } = await listening();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    const messages: { type: string; id?: string; payload?: any }[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      waiters.splice(0).forEach((w) => w());
    });
    ws.on('error', () => undefined);
    const until = async (pred: () => boolean, what: string) => {
      const deadline = Date.now() + 5000;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(messages)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    };
    try {
      await new Promise<void>((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('error', reject);
      });
      ws.send(JSON.stringify({ type: 'connection_init', payload: { headers: { authorization: `Bearer ${keyA}` } } }));
      await until(() => messages.some((m) => m.type === 'connection_ack'), 'connection_ack');
      ws.send(
        JSON.stringify({ id: 's1', type: 'subscribe', payload: { query: 'subscription($id: ID!) { matchEvents(id: $id, after: 1) { version type data } }', variables: { id } } }),
      );
      // after: 1 — the old event (version 1) is not replayed, and appends racing the subscription
      // are caught up, so no wait is needed before appending
      await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 1, events: [{ type: 'live', data: { n: 2 } }] });
      await call('POST', `/v1/matches/${id}/commands`, { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [fighter('w1')] } });
      const next = () => messages.filter((m) => m.type === 'next' && m.id === 's1');
      await until(() => next().length >= 2, 'two pushed events');
      expect(next().map((m) => [m.payload.data.matchEvents.version, m.payload.data.matchEvents.type])).toEqual([
        [2, 'live'],
        [3, 'eden.band_registered'],
      ]);
      expect(next()[0]!.payload.data.matchEvents.data).toEqual({ n: 2 });
      // Another key cannot subscribe to this match: an error message, no data
      const other = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
      const otherMessages: { type: string; payload?: any }[] = [];
      other.on('message', (data) => otherMessages.push(JSON.parse(String(data))));
      await new Promise<void>((resolve) => other.on('open', resolve));
      other.send(JSON.stringify({ type: 'connection_init', payload: { headers: { authorization: `Bearer ${keyB}` } } }));
      await until(() => otherMessages.some((m) => m.type === 'connection_ack'), 'second ack');
      other.send(JSON.stringify({ id: 'x', type: 'subscribe', payload: { query: 'subscription($id: ID!) { matchEvents(id: $id) { version } }', variables: { id } } }));
      await until(() => otherMessages.some((m) => m.type === 'error' || m.type === 'next'), 'refusal');
      const refusal = otherMessages.find((m) => m.type === 'error' || m.type === 'next')!;
      expect(JSON.stringify(refusal.payload)).toMatch(/No match|not_found|404/);
      expect(otherMessages.some((m) => m.type === 'next' && m.payload?.data?.matchEvents)).toBe(false);
      other.close();
    } finally {
      ws.close();
    }
  });

  it('streams new events as Server-Sent Events, resuming after Last-Event-ID', async () => {
    const { id } = await createEden();
    await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'one' }, { type: 'two' }, { type: 'three' }] });
    const replay = await app.inject({ method: 'GET', url: `/v1/matches/${id}/feed?follow=false`, headers: { authorization: `Bearer ${keyA}`, 'last-event-id': '1' } });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['content-type']).toContain('text/event-stream');
    expect([...replay.body.matchAll(/^id: (\d+)$/gm)].map((m) => m[1])).toEqual(['2', '3']);
    expect(replay.body).toContain('event: three');
    // Live: listen, open the feed, append, read the pushed event
    const address = `http://127.0.0.1:${(await listening()).port}`;
    const abort = new AbortController();
    const res = await fetch(`${address}/v1/matches/${id}/feed`, { headers: { authorization: `Bearer ${keyA}` }, signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain(': feed');
    await call('POST', `/v1/matches/${id}/events`, { expectedVersion: 3, events: [{ type: 'four', data: { n: 4 } }] });
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes('event: four') && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    expect(text).toContain('id: 4\nevent: four\n');
    expect(JSON.parse(text.split('data: ')[1]!.split('\n')[0]!)).toMatchObject({ version: 4, type: 'four', data: { n: 4 } });
  });

  it('GraphQL: createMatch, appendEvents (409 as a problem), runCommand, match, matchEvents', async () => {
    const gql = async (query: string, variables: Record<string, unknown> = {}, key = keyA) => {
      const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { authorization: `Bearer ${key}` } });
      return res.json() as { data?: Record<string, any>; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    };
    const created = await gql('mutation($i: CreateMatchRequestInput!) { createMatch(input: $i) { id game version } }', {
      i: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'A' },
          { id: 'p2', name: 'B' },
        ],
      },
    });
    const id = created.data!.createMatch.id as string;
    expect(created.data!.createMatch).toMatchObject({ game: 'eden', version: 0 });
    const appended = await gql('mutation($id: ID!, $i: AppendEventsRequestInput!) { appendEvents(id: $id, input: $i) { version } }', {
      id,
      i: { expectedVersion: 0, events: [{ type: 'x' }] },
    });
    expect(appended.data!.appendEvents.version).toBe(1);
    const conflict = await gql('mutation($id: ID!, $i: AppendEventsRequestInput!) { appendEvents(id: $id, input: $i) { version } }', {
      id,
      i: { expectedVersion: 0, events: [{ type: 'x' }] },
    });
    expect(conflict.errors![0]!.extensions).toMatchObject({ status: 409, code: 'version_conflict', currentVersion: 1 });
    const cmd = await gql('mutation($id: ID!, $i: MatchCommandRequestInput!) { runCommand(id: $id, input: $i) { version events { type } } }', {
      id,
      i: { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [fighter('g1')] } },
    });
    expect(cmd.data!.runCommand.version).toBe(2);
    const q = await gql('query($id: ID!) { match(id: $id) { state } matchEvents(id: $id, from: 2) { events { type } } }', { id });
    expect(q.data!.match.state.bands.A.fighterIds).toEqual(['g1']);
    expect(q.data!.matchEvents.events.map((e: { type: string }) => e.type)).toEqual(['eden.band_registered']);
    const theirs = await gql('query($id: ID!) { match(id: $id) { id } }', { id }, keyB);
    expect(theirs.errors![0]!.extensions).toMatchObject({ status: 404 });
    expect(theirs.data).toEqual({ match: null });
  });
});
