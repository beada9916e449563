/**
 * Streams end when their token expires or is revoked in every process (CONTRACT §9.4, issue 35
 * item 2): two API instances over the same database (as two replicas), the tokens issued through A,
 * the streams opened on B. Expiry is read by B from the token and its own (injected) clock, with no
 * message from A; a seat or key revoked through A reaches B's streams through B's periodic
 * re-checks (SEAT_CHECK_MS, REVOCATION_CHECK_MS). The final event names the reason.
 * On every database target (PGlite in process; PostgreSQL when DATABASE_URL is set).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Clock, Database } from '../../src/app/ports.js';
import { testApp } from '../helpers/app.js';
import { databaseTargets } from '../helpers/database.js';
import type { WsClient } from '../helpers/ws.js';
import { subscribeToMatch } from '../helpers/match-subscription.js';
import { lastEvent, openStream, waitFor, type Message } from '../helpers/sse-stream.js';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');

describe.each(databaseTargets())('token streams on another instance end with their token on $name', (target) => {
  let database: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let portB: number;
  let now = T0;
  const clock: Clock = { now: () => now };
  const sockets: WsClient[] = [];
  const streams: { close(): void }[] = [];

  beforeAll(async () => {
    database = await target.open();
    // one after the other: the first creates the service's signing key in the database, the second reads it
    appA = await testApp({}, { database, clock });
    appB = await testApp({}, { database, clock });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    portB = (appB.server.address() as { port: number }).port;
  }, 120_000);
  afterEach(() => {
    now = T0;
    for (const s of sockets.splice(0)) s.close();
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await database?.close();
  });

  const onA = async (method: 'POST' | 'DELETE', url: string, credential: string, payload?: object) => {
    const res = await appA.inject({ method, url, headers: { authorization: `Bearer ${credential}` }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  async function table() {
    const owner = await appA.services.apiKeys!.create('table owner');
    const players = [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ];
    const id = (await onA('POST', '/v1/matches', owner.key, { game: 'eden', players })).body.id as string;
    const seat = (await onA('POST', `/v1/matches/${id}/seats/p1/tokens`, owner.key, { ttlSeconds: 60 })).body.token as string;
    const spectator = (await onA('POST', `/v1/matches/${id}/spectator-tokens`, owner.key, { ttlSeconds: 60 })).body.token as string;
    return { owner, id, seat, spectator };
  }
  const feedOnB = async (id: string, credential: string) => {
    const s = await openStream(`http://127.0.0.1:${portB}/v1/matches/${id}/feed`, credential);
    streams.push(s);
    return s;
  };
  const subscribeOnB = (id: string, credential: string) => subscribeToMatch(portB, credential, id, sockets, appB);
  const ending = (messages: Message[]) => messages.find((m) => m.id === 's1' && (m.type === 'error' || m.type === 'complete'));

  it('expired: tokens issued on A, streams on B — B ends them with `reason: expired` once its clock passes the expiry', async () => {
    const { id, seat, spectator } = await table();
    const [seatFeed, spectatorFeed] = [await feedOnB(id, seat), await feedOnB(id, spectator)];
    const seatSub = await subscribeOnB(id, seat);
    expect(seatFeed.ended || spectatorFeed.ended || !!ending(seatSub)).toBe(false);
    now = T0 + 60_000;
    await waitFor('B’s token streams to end', () => seatFeed.ended && spectatorFeed.ended && !!ending(seatSub));
    for (const s of [seatFeed, spectatorFeed]) expect(lastEvent(s.text, 'expired')).toMatchObject({ status: 401, code: 'invalid_token', reason: 'expired' });
    expect(ending(seatSub)!.payload[0].extensions).toMatchObject({ status: 401, reason: 'expired' });
  });

  it('seat_revoked and key_revoked: revoked through A, the streams on B end with that reason', async () => {
    const { owner, id, seat, spectator } = await table();
    const [seatFeed, spectatorFeed] = [await feedOnB(id, seat), await feedOnB(id, spectator)];
    expect((await onA('DELETE', `/v1/matches/${id}/seats/p1/tokens`, owner.key)).status).toBe(204);
    await waitFor('the seat’s feed on B to end', () => seatFeed.ended);
    expect(lastEvent(seatFeed.text, 'revoked')).toMatchObject({ status: 401, code: 'invalid_token', reason: 'seat_revoked' });
    expect(spectatorFeed.ended).toBe(false);
    await appA.services.apiKeys!.revoke(owner.id);
    await waitFor('the spectator’s feed on B to end', () => spectatorFeed.ended);
    expect(lastEvent(spectatorFeed.text, 'revoked')).toMatchObject({ status: 401, code: 'key_revoked', reason: 'key_revoked' });
  });
});
