/**
 * Spectator delay (CONTRACT §9.2): a spectator token asked with `delayEvents` n reads the match n
 * events behind the head — its state, log, moves and feed never show a later version — so a
 * tournament stream cannot be used to relay the game back to a player.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { fighter } from '../fixtures/eden-match.js';

type Json = Record<string, any>;

describe('spectator delay (CONTRACT §9.2)', () => {
  let app: FastifyInstance;
  let owner: string;
  let id: string;
  let head: number;

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const spectator = (payload: Json) => call('POST', `/v1/matches/${id}/spectator-tokens`, owner, payload);
  const feedIds = async (token: string, query: string) => {
    const res = await app.inject({ method: 'GET', url: `/v1/matches/${id}/feed?follow=false${query}`, headers: { authorization: `Bearer ${token}` } });
    return [...res.body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  };

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('stream')).key;
    const created = await call('POST', '/v1/matches', owner, {
      game: 'eden',
      players: [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' },
      ],
    });
    id = created.body.id;
    for (const [player, prefix] of [
      ['p1', 'a'],
      ['p2', 'b'],
    ] as const) {
      const sent = await call('POST', `/v1/matches/${id}/commands`, owner, {
        command: { type: 'eden.register_band', player, bandType: 'faction', fighters: [fighter(`${prefix}1`), fighter(`${prefix}2`)] },
      });
      expect(sent.status).toBe(201);
    }
    expect((await call('POST', `/v1/matches/${id}/commands`, owner, { command: { type: 'eden.bid', bids: { A: 1, B: 0 }, choice: 'A' } })).status).toBe(201);
    head = (await call('GET', `/v1/matches/${id}`, owner)).body.version;
    expect(head).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => app?.close());

  it('CONTRACT §9.2: delayEvents 0–1,000 (another value → 400 /delayEvents); the answer echoes it', async () => {
    for (const delayEvents of [-1, 1001, 2.5]) {
      const refused = await spectator({ delayEvents });
      expect([refused.status, refused.body.errors?.[0]?.path], String(delayEvents)).toEqual([400, '/delayEvents']);
    }
    const delayed = await spectator({ delayEvents: 2 });
    expect(delayed.status).toBe(201);
    expect(delayed.body.delayEvents).toBe(2);
    expect(Object.keys((await spectator({ delayEvents: 0 })).body).sort()).toEqual(['expiresAt', 'token']);
  });

  it('CONTRACT §9.2: a delayed spectator’s state, log, moves and feed stop delayEvents behind the head', async () => {
    const token = (await spectator({ delayEvents: 2 })).body.token as string;
    const shown = await call('GET', `/v1/matches/${id}`, token);
    expect(shown.body.version).toBe(head - 2);
    expect(shown.body.state).toEqual((await call('GET', `/v1/matches/${id}?version=${head - 2}&as=spectator`, owner)).body.state);
    expect(shown.body.state).not.toEqual((await call('GET', `/v1/matches/${id}?as=spectator`, owner)).body.state);
    // an earlier version is readable; a later one is not
    expect((await call('GET', `/v1/matches/${id}?version=1`, token)).status).toBe(200);
    const later = await call('GET', `/v1/matches/${id}?version=${head}`, token);
    expect([later.status, later.body.errors?.[0]?.code]).toEqual([400, 'version_not_found']);
    const log = (await call('GET', `/v1/matches/${id}/events`, token)).body.events as Json[];
    expect(log.map((e) => e.version)).toEqual(Array.from({ length: head - 2 }, (_, i) => i + 1));
    expect((await call('GET', `/v1/matches/${id}/events?from=${head}`, token)).body.events).toEqual([]);
    expect((await call('GET', `/v1/matches/${id}/moves`, token)).body.version).toBe(head - 2);
    expect(await feedIds(token, '&from=1')).toEqual(Array.from({ length: head - 2 }, (_, i) => i + 1));
    // the undelayed spectator reads the head
    const live = (await spectator({})).body.token as string;
    expect((await call('GET', `/v1/matches/${id}`, live)).body.version).toBe(head);
    expect(await feedIds(live, '&from=1')).toEqual(Array.from({ length: head }, (_, i) => i + 1));
  });

  it('CONTRACT §9.2: a delay longer than the match shows version 0', async () => {
    const token = (await spectator({ delayEvents: 1000 })).body.token as string;
    const shown = await call('GET', `/v1/matches/${id}`, token);
    expect([shown.status, shown.body.version]).toEqual([200, 0]);
    expect((await call('GET', `/v1/matches/${id}/events`, token)).body.events).toEqual([]);
  });
});
