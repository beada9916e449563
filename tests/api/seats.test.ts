/**
 * Seat and spectator tokens (CONTRACT §8.1): issued by the match owner, each a JWS whose `typ`
 * names its use and which is accepted only for that use and that match; expiring (an injected
 * clock); revocable per seat, with the seat's open stream closed; dead once the owner's key is
 * revoked. The owner previews views with `?as=`; `moves` lists what each player may send now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/app/ports.js';
import { memoryApp } from '../helpers/app.js';
import { decodeCompact } from '../../src/app/league/receipts.js';
import { script } from '../fixtures/tables/exsilium.js';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');

describe('seat and spectator tokens (CONTRACT §8.1)', () => {
  let app: FastifyInstance;
  let base: string;
  let now = T0;
  const clock: Clock = { now: () => now };
  let owner: { id: string; key: string };
  let other: { id: string; key: string };
  let matchId: string;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = async (method: string, url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method: method as 'GET', url, headers: as(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
  };
  const seatToken = async (playerId: string, body: unknown = {}) => call('POST', `/v1/matches/${matchId}/seats/${playerId}/tokens`, owner.key, body);

  beforeAll(async () => {
    app = await memoryApp({}, { clock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    owner = await app.services.apiKeys!.create('table owner');
    other = await app.services.apiKeys!.create('someone else');
    const created = await call('POST', '/v1/matches', owner.key, { game: 'exsilium', players: script.players, options: script.options });
    expect(created.status).toBe(201);
    matchId = created.body.id;
    // the opening: the owner's key sends both secret bids (one command carries them)
    expect((await call('POST', `/v1/matches/${matchId}/commands`, owner.key, { command: script.steps[0]!.command })).status).toBe(201);
  });
  afterAll(async () => app?.close());

  it('issues seat tokens (201, no-store) whose JWS header names the use and whose payload names the match and seat', async () => {
    const issued = await seatToken('p1', { ttlSeconds: 3600 });
    expect(issued.status).toBe(201);
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.body).toEqual({ token: expect.any(String), expiresAt: new Date(T0 + 3600_000).toISOString(), playerId: 'p1' });
    const { header, claims } = decodeCompact(issued.body.token)!;
    expect(header).toMatchObject({ typ: 'seat+jwt', alg: 'EdDSA' });
    expect(claims).toMatchObject({ scope: 'seat', sub: owner.id, res: `match:${matchId}`, seat: 'p1', gen: 0 });
    const spectator = await call('POST', `/v1/matches/${matchId}/spectator-tokens`, owner.key);
    expect(spectator.status).toBe(201);
    expect(decodeCompact(spectator.body.token)!.header.typ).toBe('spectator+jwt');
    expect(Object.keys(spectator.body).sort()).toEqual(['expiresAt', 'token']);
  });

  it('another key, a player not in the match, an unknown match → 404; a lifetime out of 60–86,400 s → 400', async () => {
    expect((await call('POST', `/v1/matches/${matchId}/seats/p1/tokens`, other.key, {})).status).toBe(404);
    expect((await call('POST', `/v1/matches/${matchId}/spectator-tokens`, other.key, {})).status).toBe(404);
    expect((await call('DELETE', `/v1/matches/${matchId}/seats/p1/tokens`, other.key)).status).toBe(404);
    expect((await seatToken('p9')).status).toBe(404);
    expect((await call('DELETE', `/v1/matches/${matchId}/seats/p9/tokens`, owner.key)).status).toBe(404);
    expect((await call('POST', '/v1/matches/00000000-0000-4000-8000-000000000000/seats/p1/tokens', owner.key, {})).status).toBe(404);
    for (const ttlSeconds of [59, 86_401, 1.5]) {
      const refused = await seatToken('p1', { ttlSeconds });
      expect(refused.status, String(ttlSeconds)).toBe(400);
      expect(refused.body.errors[0].path).toBe('/ttlSeconds');
    }
  });

  it('a seat reads its own view, a spectator the public one; the owner reads everything and previews with ?as=', async () => {
    const p1 = (await seatToken('p1')).body.token;
    const spectator = (await call('POST', `/v1/matches/${matchId}/spectator-tokens`, owner.key)).body.token;
    expect((await call('GET', `/v1/matches/${matchId}`, p1)).body.viewer).toEqual({ kind: 'seat', playerId: 'p1' });
    expect((await call('GET', `/v1/matches/${matchId}`, spectator)).body.viewer).toEqual({ kind: 'spectator' });
    const full = await call('GET', `/v1/matches/${matchId}`, owner.key);
    expect(full.body.viewer).toEqual({ kind: 'owner' });
    const preview = await call('GET', `/v1/matches/${matchId}?as=p1`, owner.key);
    expect(preview.body.viewer).toEqual({ kind: 'seat', playerId: 'p1', preview: true });
    expect(preview.body.state).toEqual((await call('GET', `/v1/matches/${matchId}`, p1)).body.state);
    expect(preview.body.state).not.toEqual(full.body.state);
    expect((await call('GET', `/v1/matches/${matchId}?as=spectator`, owner.key)).body.state).toEqual((await call('GET', `/v1/matches/${matchId}`, spectator)).body.state);
    const unknown = await call('GET', `/v1/matches/${matchId}?as=p9`, owner.key);
    expect([unknown.status, unknown.body.errors[0].path]).toEqual([400, '/as']);
    // only the owner previews
    const refused = await call('GET', `/v1/matches/${matchId}?as=p2`, p1);
    expect([refused.status, refused.body.code]).toEqual([403, 'owner_only']);
  });

  it('moves: the owner sees every player’s, a seat its own', async () => {
    const p2 = (await seatToken('p2')).body.token;
    const all = await call('GET', `/v1/matches/${matchId}/moves`, owner.key);
    expect(all.status).toBe(200);
    expect(all.body.version).toBe((await call('GET', `/v1/matches/${matchId}`, owner.key)).body.version);
    // EXS-SETUP-2: p1 won the bid and plays first: its turn commands are p1's only
    const players = (type: string) => all.body.moves.filter((m: { type: string }) => m.type === type).map((m: { player: string }) => m.player);
    expect(players('exsilium.activate')).toEqual(['p1']);
    // a seat sees its own moves: p2 has none during p1's turn (CONTRACT §9.1: /moves is exact)
    const own = await call('GET', `/v1/matches/${matchId}/moves`, p2);
    expect(own.body.moves).toEqual([]);
    expect(own.body.activePlayers).toEqual(['p1']);
  });

  it('a token is accepted only for its use and its match: as an API key, on owner-only routes, for another match → 401', async () => {
    const p1 = (await seatToken('p1')).body.token;
    const elsewhere = (await call('POST', '/v1/matches', owner.key, { game: 'exsilium', players: script.players })).body.id;
    const wrongMatch = await call('GET', `/v1/matches/${elsewhere}`, p1);
    expect([wrongMatch.status, wrongMatch.body.code, wrongMatch.body.reason]).toEqual([401, 'invalid_token', 'other_match']);
    for (const [method, url] of [
      ['GET', '/v1/matches'],
      ['POST', '/v1/matches'],
      ['GET', `/v1/matches/${matchId}/result`],
      ['POST', `/v1/matches/${matchId}/events`],
      ['POST', `/v1/matches/${matchId}/seats/p2/tokens`],
    ] as const) {
      const refused = await call(method, url, p1, method === 'POST' ? {} : undefined);
      expect(refused.status, `${method} ${url}`).toBe(401);
    }
    // a receipt check refuses it by its typ
    const verified = await call('POST', '/v1/receipts/verify', owner.key, { receipt: p1 });
    expect(verified.body).toMatchObject({ valid: false, reason: 'not_a_receipt' });
    // a feed token is no seat: it opens the feed only, and never a command
    const feed = (await call('POST', `/v1/matches/${matchId}/feed-tokens`, owner.key)).body.token;
    expect((await call('GET', `/v1/matches/${matchId}`, feed)).status).toBe(401);
    expect((await call('POST', `/v1/matches/${matchId}/commands`, feed, { command: script.steps[1]!.command })).status).toBe(401);
  });

  it('a seat token stops working when it expires', async () => {
    const short = (await seatToken('p2', { ttlSeconds: 60 })).body.token;
    expect((await call('GET', `/v1/matches/${matchId}`, short)).status).toBe(200);
    now = T0 + 60_000;
    try {
      const expired = await call('GET', `/v1/matches/${matchId}`, short);
      expect([expired.status, expired.body.reason]).toEqual([401, 'expired']);
    } finally {
      now = T0;
    }
  });

  it('DELETE revokes every token of the seat (204), ends its open stream with `event: revoked`, and a new token works', async () => {
    const [a, b] = [(await seatToken('p2')).body.token, (await seatToken('p2')).body.token];
    const p1 = (await seatToken('p1')).body.token;
    const stream = await fetch(`${base}/v1/matches/${matchId}/feed?token=${encodeURIComponent(a)}`);
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('retry:')) text += decoder.decode((await reader.read()).value ?? new Uint8Array(), { stream: true });
    expect((await call('DELETE', `/v1/matches/${matchId}/seats/p2/tokens`, owner.key)).status).toBe(204);
    // the stream ends (the test's timeout bounds the wait)
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toMatch(/event: revoked/);
    for (const token of [a, b]) {
      const refused = await call('GET', `/v1/matches/${matchId}`, token);
      expect([refused.status, refused.body.reason]).toEqual([401, 'seat_revoked']);
    }
    // another seat's tokens are untouched; a new token of the seat works
    expect((await call('GET', `/v1/matches/${matchId}`, p1)).status).toBe(200);
    const fresh = (await seatToken('p2')).body.token;
    expect(decodeCompact(fresh)!.claims.gen).toBe(1);
    expect((await call('GET', `/v1/matches/${matchId}`, fresh)).status).toBe(200);
  });

  it('a seat commands for its own player only: another player’s command is 403 not_your_seat and appends nothing; the owner commands for anyone', async () => {
    const p2 = (await seatToken('p2')).body.token;
    const before = (await call('GET', `/v1/matches/${matchId}`, owner.key)).body.version;
    // p1's turn (EXS-SETUP-2): p2 may neither act for p1 nor take p1's turn
    for (const command of [script.steps[1]!.command, { type: 'exsilium.activate', player: 'p2', card: 'p2-1' }]) {
      const refused = await call('POST', `/v1/matches/${matchId}/commands`, p2, { command });
      expect([refused.status, refused.body.code], JSON.stringify(command)).toEqual([403, 'not_your_seat']);
    }
    const spectator = (await call('POST', `/v1/matches/${matchId}/spectator-tokens`, owner.key)).body.token;
    expect((await call('POST', `/v1/matches/${matchId}/commands`, spectator, { command: script.steps[1]!.command })).body.code).toBe('not_your_seat');
    expect((await call('GET', `/v1/matches/${matchId}`, owner.key)).body.version).toBe(before);
    const byOwner = await call('POST', `/v1/matches/${matchId}/commands`, owner.key, { command: script.steps[1]!.command });
    expect(byOwner.status).toBe(201);
  });

  it('every token dies with the owner’s key', async () => {
    const p1 = (await seatToken('p1')).body.token;
    const spectator = (await call('POST', `/v1/matches/${matchId}/spectator-tokens`, owner.key)).body.token;
    await app.services.apiKeys!.revoke(owner.id);
    for (const token of [p1, spectator]) {
      const refused = await call('GET', `/v1/matches/${matchId}`, token);
      expect([refused.status, refused.body.code, refused.body.reason]).toEqual([401, 'invalid_token', 'key_revoked']);
    }
  });
});
