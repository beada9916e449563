/**
 * An Idempotency-Key is scoped to the caller (issue: seat B replaying seat A's key got A's stored
 * answer, 201, instead of being refused): a seat's keys live apart from the owner's and from every
 * other seat's, so a key never hands one caller another's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { fighter } from '../fixtures/eden-match.js';

type Json = Record<string, any>;

describe('Idempotency-Key scoped to the caller (seat, spectator, owner)', () => {
  let app: FastifyInstance;
  let owner: string;
  let id: string;
  const token: Record<string, string> = {};

  const send = async (bearer: string, command: Json, key: string, query = '') => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/matches/${id}/commands${query}`,
      headers: { authorization: `Bearer ${bearer}`, 'idempotency-key': key },
      payload: { command },
    });
    return { status: res.statusCode, body: res.json() as Json, replayed: res.headers['idempotent-replayed'] === 'true' };
  };
  const band = (player: string, prefix: string) => ({ type: 'eden.register_band', player, bandType: 'faction', fighters: [fighter(`${prefix}1`), fighter(`${prefix}2`)] });

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('idempotency')).key;
    const created = await app.inject({
      method: 'POST',
      url: '/v1/matches',
      headers: { authorization: `Bearer ${owner}` },
      payload: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
      },
    });
    id = created.json().id;
    for (const p of ['p1', 'p2']) {
      const issued = await app.inject({ method: 'POST', url: `/v1/matches/${id}/seats/${p}/tokens`, headers: { authorization: `Bearer ${owner}` }, payload: {} });
      token[p] = issued.json().token;
    }
    const spectator = await app.inject({ method: 'POST', url: `/v1/matches/${id}/spectator-tokens`, headers: { authorization: `Bearer ${owner}` }, payload: {} });
    token.spectator = spectator.json().token;
  });
  afterAll(async () => app?.close());

  it("seat B sending seat A's key with A's body is decided as B's own command (403 not_your_seat), never answered with A's 201", async () => {
    const first = await send(token.p1!, band('p1', 'a'), 'turn-1');
    expect([first.status, first.replayed]).toEqual([201, false]);
    const stolen = await send(token.p2!, band('p1', 'a'), 'turn-1');
    expect([stolen.status, stolen.body.code, stolen.replayed]).toEqual([403, 'not_your_seat', false]);
    const spectator = await send(token.spectator!, band('p1', 'a'), 'turn-1');
    expect([spectator.status, spectator.replayed]).toEqual([403, false]);
    // A's own retry is still a replay of A's answer
    const retry = await send(token.p1!, band('p1', 'a'), 'turn-1');
    expect([retry.status, retry.replayed, retry.body.version]).toEqual([201, true, first.body.version]);
  });

  it('the same key string is each caller’s own: B’s command with it is applied, not 422 idempotency_key_reused', async () => {
    const own = await send(token.p2!, band('p2', 'b'), 'turn-1');
    expect([own.status, own.replayed], JSON.stringify(own.body)).toEqual([201, false]);
    // the owner relaying p2 (?as=p2) shares p2's keys: its retry is p2's replay
    const relayed = await send(owner, band('p2', 'b'), 'turn-1', '?as=p2');
    expect([relayed.status, relayed.replayed]).toEqual([201, true]);
    // the owner's own key space is apart: the same key with another body is the owner's first use
    const referee = await send(owner, { type: 'eden.bid', bids: { A: 1, B: 0 }, choice: 'A' }, 'turn-1');
    expect([referee.status, referee.replayed], JSON.stringify(referee.body)).toEqual([201, false]);
  });
});
