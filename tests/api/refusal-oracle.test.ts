/**
 * A refusal is no oracle (issue: as seat B, `exsilium.play` naming one of A's undrawn cards answered
 * `Card "[hidden]" …` while a made-up name was echoed as written): a refusal reads the same whether
 * the card it names is in another player's hand or deck or exists nowhere — every name the command
 * carries that the sender's view does not show is masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { fullScenario } from '../fixtures/exsilium-full-game.js';
import { players } from '../fixtures/exsilium-scenario.js';

type Json = Record<string, any>;

describe('refusals read the same for a hidden card and a made-up one', () => {
  let app: FastifyInstance;
  let owner: string;
  let id: string;
  const seat: Record<string, string> = {};
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('oracle')).key;
    id = (await call('POST', '/v1/matches', owner, { game: 'exsilium', players, options: fullScenario() })).body.id;
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
    expect((await call('POST', `/v1/matches/${id}/commands`, owner, { command: { type: 'exsilium.bid', bids: { p1: 1, p2: 0 } } })).status).toBe(201);
  });
  afterAll(async () => app?.close());

  it('EXS-CARD: p1 playing a card of p2’s hand, one of p2’s deck, or one that exists nowhere gets the same refusal', async () => {
    const full = (await call('GET', `/v1/matches/${id}`, owner)).body.state;
    const p2 = JSON.stringify(full)
      .match(/"p2-\d+"/g)!
      .map((s) => JSON.parse(s) as string);
    const mine = (await call('GET', `/v1/matches/${id}`, seat.p1!)).body.state;
    // a card id of p2 that p1's view does not show (in p2's hand or deck)
    const hidden = p2.find((card) => !JSON.stringify(mine).includes(`"${card}"`));
    expect(hidden, 'a card of p2 hidden from p1').toBeDefined();
    const refusal = async (card: string) => {
      const res = await call('POST', `/v1/matches/${id}/commands`, seat.p1!, { command: { type: 'exsilium.play', player: 'p1', card } });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const { requestId: _r, instance: _i, ...rest } = res.body;
      return rest;
    };
    const secret = await refusal(hidden!);
    const madeUp = await refusal('p2-9999');
    const other = await refusal('no-such-card');
    expect(madeUp).toEqual(secret);
    expect(other).toEqual(secret);
    expect(JSON.stringify(secret)).not.toContain(hidden!);
  });
});
