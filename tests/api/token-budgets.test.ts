/**
 * Tokens have budgets of their own (CONTRACT §9.4, issue 35 item 1): the requests and open streams
 * of a seat or spectator token count against that token (a seat's tokens of one generation share
 * one budget; each spectator token has its own) and against its match (all its tokens together),
 * never against the budget of the owner's API key. Here with small limits
 * (RATE_LIMIT_PER_TOKEN_PER_MINUTE, RATE_LIMIT_PER_MATCH_PER_MINUTE, MAX_STREAMS_PER_TOKEN,
 * MAX_STREAMS_PER_MATCH) so that reaching them takes a few requests.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config.js';
import { loadConfig } from '../../src/config.js';
import { memoryApp } from '../helpers/app.js';
import type { WsClient } from '../helpers/ws.js';
import { subscribeToMatch } from '../helpers/match-subscription.js';

const SPECTATOR_ADDRESS = '10.0.0.1';
const OWNER_ADDRESS = '10.0.0.2';

interface Opened {
  status: number;
  json?: Record<string, unknown>;
  close(): void;
}

/** GET a stream; a 200 is kept open (until `close`) once its opening `retry:` arrived, anything else read whole. */
async function openStream(url: string, token: string): Promise<Opened> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  if (res.status !== 200) return { status: res.status, json: (await res.json()) as Record<string, unknown>, close: () => abort.abort() };
  const reader = res.body!.getReader();
  let text = '';
  while (!text.includes('retry:')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  return { status: 200, close: () => abort.abort() };
}

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('tokens have budgets of their own (CONTRACT §9.4)', () => {
  const apps: FastifyInstance[] = [];
  const open: Opened[] = [];
  const sockets: WsClient[] = [];
  afterEach(() => {
    for (const o of open.splice(0)) o.close();
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function start(config: Partial<Config>) {
    const app = await memoryApp(config);
    apps.push(app);
    const owner = await app.services.apiKeys!.create('table owner');
    const inject = async (method: 'GET' | 'POST', url: string, token: string, remoteAddress: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, remoteAddress, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
    };
    const match = async () => {
      const players = [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' },
      ];
      return (await inject('POST', '/v1/matches', owner.key, OWNER_ADDRESS, { game: 'eden', players })).body.id as string;
    };
    // tokens are deterministic signatures: two asked for in the same second with the same lifetime are the same token
    let issued = 0;
    const spectator = async (id: string) =>
      (await inject('POST', `/v1/matches/${id}/spectator-tokens`, owner.key, OWNER_ADDRESS, { ttlSeconds: 3600 + ++issued })).body.token as string;
    const seat = async (id: string, player: string) => (await inject('POST', `/v1/matches/${id}/seats/${player}/tokens`, owner.key, OWNER_ADDRESS, {})).body.token as string;
    return { app, owner, inject, match, spectator, seat };
  }

  async function listening(app: FastifyInstance) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    return { port, base: `http://127.0.0.1:${port}` };
  }

  /** A graphql-transport-ws subscription to a match's events with `token`; its messages. */
  const subscribe = (port: number, token: string, matchId: string) => subscribeToMatch(port, token, matchId, sockets);

  it('the budgets are configurable, with documented defaults (600 and 3,000 requests per minute, 10 and 200 streams; 0: no cap)', () => {
    expect(loadConfig({})).toMatchObject({ rateLimitPerTokenPerMinute: 600, rateLimitPerMatchPerMinute: 3000, maxStreamsPerToken: 10, maxStreamsPerMatch: 200 });
    const set = loadConfig({ RATE_LIMIT_PER_TOKEN_PER_MINUTE: '5', RATE_LIMIT_PER_MATCH_PER_MINUTE: '0', MAX_STREAMS_PER_TOKEN: '2', MAX_STREAMS_PER_MATCH: '7' });
    expect(set).toMatchObject({ rateLimitPerTokenPerMinute: 5, rateLimitPerMatchPerMinute: 0, maxStreamsPerToken: 2, maxStreamsPerMatch: 7 });
    expect(() => loadConfig({ MAX_STREAMS_PER_TOKEN: '-1' })).toThrow();
  });

  it('a spectator flooding GET …/moves is refused at its own limit (429 RATE_LIMIT_PER_TOKEN_PER_MINUTE); the owner’s key keeps its whole budget: its writes and feed are served', async () => {
    const { app, owner, inject, match, spectator } = await start({ rateLimitPerMinute: 40, rateLimitPerTokenPerMinute: 25, rateLimitPerMatchPerMinute: 1000 });
    const id = await match();
    const watcher = await spectator(id);
    // the owner's budget before the spectator's traffic
    const before = await inject('GET', `/v1/matches/${id}`, owner.key, OWNER_ADDRESS);
    const remainingBefore = Number(before.headers['ratelimit-remaining']);
    for (let i = 1; i <= 25; i++) {
      const res = await inject('GET', `/v1/matches/${id}/moves`, watcher, SPECTATOR_ADDRESS);
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('25');
    }
    const refused = await inject('GET', `/v1/matches/${id}/moves`, watcher, SPECTATOR_ADDRESS);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', setting: 'RATE_LIMIT_PER_TOKEN_PER_MINUTE', limit: 25 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the owner's key was charged for none of it: its own requests from another address are served
    const write = await inject('POST', `/v1/matches/${id}/events`, owner.key, OWNER_ADDRESS, { expectedVersion: 0, events: [{ type: 'table.photo', data: { n: 1 } }] });
    expect(write.status).toBe(201);
    expect(Number(write.headers['ratelimit-remaining'])).toBe(remainingBefore - 1);
    const feed = await app.inject({
      method: 'GET',
      url: `/v1/matches/${id}/feed?from=1&follow=false`,
      headers: { authorization: `Bearer ${owner.key}` },
      remoteAddress: OWNER_ADDRESS,
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('event: table.photo');
    // another spectator of the match has a budget of its own
    expect((await inject('GET', `/v1/matches/${id}/moves`, await spectator(id), SPECTATOR_ADDRESS)).status).toBe(200);
  });

  it('a seat’s tokens share one budget; all the tokens of a match share the match’s (429 RATE_LIMIT_PER_MATCH_PER_MINUTE) while the owner is served', async () => {
    const { owner, inject, match, spectator, seat } = await start({ rateLimitPerMinute: 100, rateLimitPerTokenPerMinute: 6, rateLimitPerMatchPerMinute: 15 });
    const id = await match();
    const [first, second] = [await seat(id, 'p1'), await seat(id, 'p1')];
    for (let i = 0; i < 3; i++) expect((await inject('GET', `/v1/matches/${id}`, first, SPECTATOR_ADDRESS)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await inject('GET', `/v1/matches/${id}`, second, SPECTATOR_ADDRESS)).status).toBe(200);
    const seatRefused = await inject('GET', `/v1/matches/${id}`, second, SPECTATOR_ADDRESS);
    expect([seatRefused.status, seatRefused.body.setting]).toEqual([429, 'RATE_LIMIT_PER_TOKEN_PER_MINUTE']);
    // the match has spent 6 of 15: two spectators spend 9 more, then every token of the match waits
    for (const watcher of [await spectator(id), await spectator(id)]) {
      for (let i = 0; i < 4; i++) expect((await inject('GET', `/v1/matches/${id}/events`, watcher, SPECTATOR_ADDRESS)).status).toBe(200);
    }
    const last = await spectator(id);
    expect((await inject('GET', `/v1/matches/${id}/events`, last, SPECTATOR_ADDRESS)).status).toBe(200);
    const matchRefused = await inject('GET', `/v1/matches/${id}/events`, last, SPECTATOR_ADDRESS);
    expect(matchRefused.status).toBe(429);
    expect(matchRefused.body).toMatchObject({ code: 'rate_limited', setting: 'RATE_LIMIT_PER_MATCH_PER_MINUTE', limit: 15 });
    // the owner's key is untouched, and the tokens of another match of the same owner too
    expect((await inject('GET', `/v1/matches/${id}`, owner.key, OWNER_ADDRESS)).status).toBe(200);
    const elsewhere = await match();
    expect((await inject('GET', `/v1/matches/${elsewhere}`, await spectator(elsewhere), SPECTATOR_ADDRESS)).status).toBe(200);
  });

  it('GraphQL: a spectator token’s queries are charged to its own budget (RateLimit-Limit is RATE_LIMIT_PER_TOKEN_PER_MINUTE), not to its owner’s key', async () => {
    const { app, owner, inject, match, spectator } = await start({ rateLimitPerMinute: 40, rateLimitPerTokenPerMinute: 7, rateLimitPerMatchPerMinute: 1000 });
    const id = await match();
    const watcher = await spectator(id);
    const remainingBefore = Number((await inject('GET', `/v1/matches/${id}`, owner.key, OWNER_ADDRESS)).headers['ratelimit-remaining']);
    const query = { query: 'query($id: ID!) { match(id: $id) { version } }', variables: { id } };
    const asked = await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${watcher}` }, payload: query, remoteAddress: SPECTATOR_ADDRESS });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.match).toEqual({ version: 0 });
    expect([asked.headers['ratelimit-limit'], asked.headers['ratelimit-remaining']]).toEqual(['7', '6']);
    expect(Number((await inject('GET', `/v1/matches/${id}`, owner.key, OWNER_ADDRESS)).headers['ratelimit-remaining'])).toBe(remainingBefore - 1);
  });

  it('streams: a spectator past MAX_STREAMS_PER_TOKEN gets 429 while the owner’s feeds and a seat’s are served; the match’s tokens together stop at MAX_STREAMS_PER_MATCH', async () => {
    const { app, owner, match, spectator, seat } = await start({ maxStreamsPerKey: 3, maxStreamsPerToken: 3, maxStreamsPerMatch: 6 });
    const { port, base } = await listening(app);
    const id = await match();
    const other = await match();
    const feed = (matchId: string) => `${base}/v1/matches/${matchId}/feed`;
    const keep = (o: Opened) => (open.push(o), o);
    const watcher = await spectator(id);
    for (let i = 0; i < 3; i++) expect(keep(await openStream(feed(id), watcher)).status, `spectator stream ${i + 1}`).toBe(200);
    const refused = keep(await openStream(feed(id), watcher));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'too_many_streams', setting: 'MAX_STREAMS_PER_TOKEN', limit: 3 });
    // a GraphQL subscription with the same token is refused the same way
    const subscription = await subscribe(port, watcher, id);
    await until('the refusal', () => subscription.some((m) => m.id === 's1'));
    expect(subscription.find((m) => m.id === 's1')!.payload[0].extensions).toMatchObject({ code: 'too_many_streams', setting: 'MAX_STREAMS_PER_TOKEN' });
    // the owner's key took no slot: its feeds on this match and another are served, and a seat's
    expect(app.streams.openFor(owner.id)).toBe(0);
    expect(keep(await openStream(feed(other), owner.key)).status).toBe(200);
    expect(keep(await openStream(feed(id), owner.key)).status).toBe(200);
    expect(keep(await openStream(feed(id), await seat(id, 'p1'))).status).toBe(200);
    // the match's tokens hold 4 of 6: two more from a new spectator, then the match is full for every token
    const late = await spectator(id);
    for (let i = 0; i < 2; i++) expect(keep(await openStream(feed(id), late)).status).toBe(200);
    const full = keep(await openStream(feed(id), await spectator(id)));
    expect(full.json).toMatchObject({ status: 429, code: 'too_many_streams', setting: 'MAX_STREAMS_PER_MATCH', limit: 6 });
    // the owner still has its own slot, and the tokens of its other match theirs
    expect(keep(await openStream(feed(id), owner.key)).status).toBe(200);
    expect(keep(await openStream(feed(other), await spectator(other))).status).toBe(200);
    // closing a token's stream frees its match's slot
    open[0]!.close();
    await until('the slot to be freed', () => app.streams.openForMatch(id) === 5);
    expect(keep(await openStream(feed(id), await spectator(id))).status).toBe(200);
  });
});
