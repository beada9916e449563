/**
 * Streams do not outlive their token (CONTRACT §9.4, issue 35 item 2): an SSE feed or a GraphQL
 * subscription opened with a seat or spectator token ends with a final event when the token expires
 * or is revoked, and the final event names why in `reason` — `expired`, `seat_revoked`,
 * `key_revoked` — and so does a feed opened with a feed token (`?token=`) when it expires. SSE: `event: expired` / `event: revoked`, whose data is the 401 problem with
 * `reason`; GraphQL: the subscription's `error` message, `extensions.reason`. Expiry is read from the
 * injected clock (the tokens live 60 s; the test moves the clock, never waits for a minute).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/app/ports.js';
import { memoryApp } from '../helpers/app.js';
import type { WsClient } from '../helpers/ws.js';
import { lastEvent, openStream, waitFor, type Message } from '../helpers/sse-stream.js';
import { subscribeToMatch } from '../helpers/match-subscription.js';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');

describe('streams end when their token expires or is revoked (CONTRACT §9.4)', () => {
  let app: FastifyInstance;
  let port: number;
  let base: string;
  let now = T0;
  const clock: Clock = { now: () => now };
  const sockets: WsClient[] = [];
  const streams: { close(): void }[] = [];

  beforeAll(async () => {
    app = await memoryApp({}, { clock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterEach(() => {
    now = T0;
    for (const s of sockets.splice(0)) s.close();
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(async () => app?.close());

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, credential: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${credential}` }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  async function table() {
    const owner = await app.services.apiKeys!.create('table owner');
    const players = [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ];
    const id = (await call('POST', '/v1/matches', owner.key, { game: 'eden', players })).body.id as string;
    const seat = (await call('POST', `/v1/matches/${id}/seats/p1/tokens`, owner.key, { ttlSeconds: 60 })).body.token as string;
    const spectator = (await call('POST', `/v1/matches/${id}/spectator-tokens`, owner.key, { ttlSeconds: 60 })).body.token as string;
    return { owner, id, seat, spectator };
  }
  const feed = async (id: string, credential: string) => {
    const s = await openStream(`${base}/v1/matches/${id}/feed`, credential);
    streams.push(s);
    return s;
  };
  /** A graphql-transport-ws subscription to the match's events, running once it holds its slot. */
  const subscribe = (id: string, credential: string) => subscribeToMatch(port, credential, id, sockets, app);
  const ending = (messages: Message[]) => messages.find((m) => m.id === 's1' && (m.type === 'error' || m.type === 'complete'));
  const append = async (id: string, key: string, version: number) =>
    expect((await call('POST', `/v1/matches/${id}/events`, key, { expectedVersion: version, events: [{ type: 'table.photo', data: { n: version + 1 } }] })).status).toBe(201);

  it('expired: the feeds and subscriptions of a seat and a spectator (tokens of 60 s) end with `reason: expired` once the clock passes 60 s; GET answers 401; the owner’s go on', async () => {
    const { owner, id, seat, spectator } = await table();
    const [seatFeed, spectatorFeed, ownerFeed] = [await feed(id, seat), await feed(id, spectator), await feed(id, owner.key)];
    const [seatSub, spectatorSub, ownerSub] = [await subscribe(id, seat), await subscribe(id, spectator), await subscribe(id, owner.key)];
    // still valid at 59 s: an event reaches every stream
    now = T0 + 59_000;
    await append(id, owner.key, 0);
    await waitFor(
      'the event on every stream',
      () => [seatFeed, spectatorFeed, ownerFeed].every((s) => s.text.includes('id: 1')) && [seatSub, spectatorSub, ownerSub].every((m) => m.some((x) => x.type === 'next')),
    );
    expect([seatFeed, spectatorFeed].some((s) => s.ended)).toBe(false);

    now = T0 + 60_000;
    expect((await call('GET', `/v1/matches/${id}`, spectator)).body).toMatchObject({ status: 401, reason: 'expired' });
    await waitFor('the token streams to end', () => seatFeed.ended && spectatorFeed.ended && !!ending(seatSub) && !!ending(spectatorSub));
    for (const s of [seatFeed, spectatorFeed]) {
      expect(lastEvent(s.text, 'expired')).toMatchObject({ status: 401, code: 'invalid_token', reason: 'expired' });
    }
    for (const m of [seatSub, spectatorSub]) {
      const end = ending(m)!;
      expect(end.type).toBe('error');
      expect(end.payload[0].extensions).toMatchObject({ status: 401, code: 'invalid_token', reason: 'expired' });
    }
    // the owner's key does not expire: its feed and subscription get the next event
    await append(id, owner.key, 1);
    await waitFor('the owner’s streams to get version 2', () => ownerFeed.text.includes('id: 2') && ownerSub.filter((x) => x.type === 'next').length === 2);
    expect(ownerFeed.ended).toBe(false);
    expect(ending(ownerSub)).toBeUndefined();
  });

  it('expired: a feed opened with a feed token (`?token=`, 60 s) ends with `event: expired` (code invalid_feed_token) once the clock passes its expiry; the key’s own feed goes on', async () => {
    const { owner, id } = await table();
    const issued = (await call('POST', `/v1/matches/${id}/feed-tokens`, owner.key, { ttlSeconds: 60 })).body as { token: string };
    const s = await openStream(`${base}/v1/matches/${id}/feed?token=${encodeURIComponent(issued.token)}`, undefined);
    streams.push(s);
    const ownerFeed = await feed(id, owner.key);
    now = T0 + 59_000;
    await append(id, owner.key, 0);
    await waitFor('the event on both feeds', () => s.text.includes('id: 1') && ownerFeed.text.includes('id: 1'));
    expect(s.ended).toBe(false);
    now = T0 + 60_000;
    await waitFor('the feed token’s feed to end', () => s.ended);
    expect(lastEvent(s.text, 'expired')).toMatchObject({ status: 401, code: 'invalid_feed_token', reason: 'expired' });
    await append(id, owner.key, 1);
    await waitFor('the owner’s feed to get version 2', () => ownerFeed.text.includes('id: 2'));
    expect(ownerFeed.ended).toBe(false);
  });

  it('seat_revoked: revoking the seat ends its feed with `event: revoked` (code invalid_token, reason seat_revoked) and its subscription with that reason; the spectator’s go on', async () => {
    const { owner, id, seat, spectator } = await table();
    const [seatFeed, spectatorFeed] = [await feed(id, seat), await feed(id, spectator)];
    const seatSub = await subscribe(id, seat);
    expect((await call('DELETE', `/v1/matches/${id}/seats/p1/tokens`, owner.key)).status).toBe(204);
    await waitFor('the seat’s streams to end', () => seatFeed.ended && !!ending(seatSub));
    expect(lastEvent(seatFeed.text, 'revoked')).toMatchObject({ status: 401, code: 'invalid_token', reason: 'seat_revoked' });
    expect(ending(seatSub)!.payload[0].extensions).toMatchObject({ status: 401, code: 'invalid_token', reason: 'seat_revoked' });
    await append(id, owner.key, 0);
    await waitFor('the spectator’s feed to get version 1', () => spectatorFeed.text.includes('id: 1'));
    expect(spectatorFeed.ended).toBe(false);
  });

  it('key_revoked: revoking the owner’s key ends every token’s feed with `event: revoked` (reason key_revoked) and its subscriptions with that reason', async () => {
    const { owner, id, seat, spectator } = await table();
    const [seatFeed, spectatorFeed] = [await feed(id, seat), await feed(id, spectator)];
    const spectatorSub = await subscribe(id, spectator);
    await app.services.apiKeys!.revoke(owner.id);
    await waitFor('the streams to end', () => seatFeed.ended && spectatorFeed.ended && !!ending(spectatorSub));
    for (const s of [seatFeed, spectatorFeed]) expect(lastEvent(s.text, 'revoked')).toMatchObject({ status: 401, code: 'key_revoked', reason: 'key_revoked' });
    expect(ending(spectatorSub)!.payload[0].extensions).toMatchObject({ status: 401, code: 'key_revoked', reason: 'key_revoked' });
  });
});
