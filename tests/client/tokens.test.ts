/**
 * The client's token calls (contract §7.2, §8.1) and its 429 problem, against a stubbed fetch that
 * records each request and answers as the contract says: seat, spectator and feed tokens asked
 * with the owner's key, a client built with a token sending `Authorization: Bearer <token>`, the
 * URLs for EventSource and <img>, and `retryAfter` (seconds) on a thrown 429.
 */
import { describe, expect, it } from 'vitest';
import { ArbiterProblem, createArbiterClient } from '../../clients/typescript/src/index.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

function stub(answer: (req: Request) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    seen.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), body: text ? JSON.parse(text) : undefined });
    return answer(request);
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers } });

const BASE = 'http://arbiter.test';

describe('seat and spectator tokens (contract §8.1)', () => {
  it('asks for a seat token with the owner key at POST /v1/matches/{id}/seats/{playerId}/tokens and answers {token, expiresAt, playerId}', async () => {
    const { seen, fetch } = stub(() => json(201, { token: 'seat.jws', expiresAt: '2030-01-01T00:00:00.000Z', playerId: 'ana maría' }));
    const owner = createArbiterClient({ baseUrl: BASE, apiKey: 'arb_owner', fetch });
    const seat = await owner.createSeatToken('m 1', 'ana maría', { ttlSeconds: 3600 });
    expect(seat).toEqual({ token: 'seat.jws', expiresAt: '2030-01-01T00:00:00.000Z', playerId: 'ana maría' });
    expect(seen).toEqual([{ method: 'POST', url: `${BASE}/v1/matches/m%201/seats/ana%20mar%C3%ADa/tokens`, authorization: 'Bearer arb_owner', body: { ttlSeconds: 3600 } }]);
  });

  it('asks for a spectator token at POST /v1/matches/{id}/spectator-tokens (an empty body without ttlSeconds)', async () => {
    const { seen, fetch } = stub(() => json(201, { token: 'spec.jws', expiresAt: '2030-01-01T00:00:00.000Z' }));
    const owner = createArbiterClient({ baseUrl: BASE, apiKey: 'arb_owner', fetch });
    expect(await owner.createSpectatorToken('m1')).toEqual({ token: 'spec.jws', expiresAt: '2030-01-01T00:00:00.000Z' });
    expect(seen).toEqual([{ method: 'POST', url: `${BASE}/v1/matches/m1/spectator-tokens`, authorization: 'Bearer arb_owner', body: {} }]);
  });

  it('revokes a seat with DELETE /v1/matches/{id}/seats/{playerId}/tokens (204, nothing to read)', async () => {
    const { seen, fetch } = stub(() => new Response(null, { status: 204 }));
    const owner = createArbiterClient({ baseUrl: BASE, apiKey: 'arb_owner', fetch });
    await expect(owner.revokeSeatTokens('m1', 'ana')).resolves.toBeUndefined();
    expect(seen).toEqual([{ method: 'DELETE', url: `${BASE}/v1/matches/m1/seats/ana/tokens`, authorization: 'Bearer arb_owner', body: undefined }]);
  });

  it('throws the problem of a refused token request (another key: 404; ttlSeconds out of range: 400 with its path)', async () => {
    const { fetch } = stub((req) =>
      req.url.includes('spectator')
        ? json(404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'match_not_found' })
        : json(400, { type: 'about:blank', title: 'Bad Request', status: 400, errors: [{ path: '/ttlSeconds', code: 'minimum', message: 'must be >= 60' }] }),
    );
    const owner = createArbiterClient({ baseUrl: BASE, apiKey: 'arb_other', fetch });
    await expect(owner.createSpectatorToken('m1')).rejects.toMatchObject({ status: 404, code: 'match_not_found' });
    const error = await owner.createSeatToken('m1', 'ana', { ttlSeconds: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArbiterProblem);
    expect((error as ArbiterProblem).errors).toEqual([{ path: '/ttlSeconds', code: 'minimum', message: 'must be >= 60' }]);
  });

  it('a client built with a token sends Authorization: Bearer <token> on every call (reads, commands and the feed)', async () => {
    const { seen, fetch } = stub((req) => {
      const path = new URL(req.url).pathname;
      if (path.endsWith('/feed'))
        return new Response('id: 1\nevent: eden.match_created\ndata: {"version":1,"type":"eden.match_created","data":{}}\n\n', {
          headers: { 'content-type': 'text/event-stream' },
        });
      if (req.method === 'POST') return json(201, { version: 2, events: [], state: {} });
      return json(200, { id: 'm1', game: 'eden', version: 1, state: {} });
    });
    const ana = createArbiterClient({ baseUrl: BASE, token: 'seat.jws', fetch });
    await ana.getMatch('m1');
    await ana.runCommand('m1', { expectedVersion: 1, command: { type: 'eden.end_activation', player: 'A' } });
    const events = [];
    for await (const e of ana.followMatch('m1', { from: 1, follow: false, reconnect: false })) events.push(e);
    expect(events.map((e) => e.version)).toEqual([1]);
    expect(seen.map((s) => [s.method, new URL(s.url).pathname, s.authorization])).toEqual([
      ['GET', '/v1/matches/m1', 'Bearer seat.jws'],
      ['POST', '/v1/matches/m1/commands', 'Bearer seat.jws'],
      ['GET', '/v1/matches/m1/feed', 'Bearer seat.jws'],
    ]);
  });

  it('an API key wins over a token when both are given', async () => {
    const { seen, fetch } = stub(() => json(200, { id: 'm1' }));
    await createArbiterClient({ baseUrl: BASE, apiKey: 'arb_key', token: 'seat.jws', fetch }).getMatch('m1');
    expect(seen[0]!.authorization).toBe('Bearer arb_key');
  });
});

describe('feed tokens and URLs for EventSource and <img> (contract §7.2)', () => {
  it('asks for match and simulation feed tokens and builds ?token= URLs', async () => {
    const { seen, fetch } = stub(() => json(201, { token: 'feed.jws', expiresAt: '2030-01-01T00:00:00.000Z' }));
    const owner = createArbiterClient({ baseUrl: `${BASE}/prefix/`, apiKey: 'arb_owner', fetch });
    expect((await owner.createFeedToken('m1', { ttlSeconds: 60 })).token).toBe('feed.jws');
    expect((await owner.createSimulationFeedToken('s1')).token).toBe('feed.jws');
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', `${BASE}/prefix/v1/matches/m1/feed-tokens`, { ttlSeconds: 60 }],
      ['POST', `${BASE}/prefix/v1/simulations/s1/feed-tokens`, {}],
    ]);
    expect(owner.matchFeedUrl('m/1', 'a.b+c', { from: 3 })).toBe(`${BASE}/prefix/v1/matches/m%2F1/feed?token=a.b%2Bc&from=3`);
    expect(owner.simulationEventsUrl('s1', 'tok')).toBe(`${BASE}/prefix/v1/simulations/s1/events?token=tok`);
    expect(owner.simulationChartUrl('s1', 'tok')).toBe(`${BASE}/prefix/v1/simulations/s1/chart.svg?token=tok`);
  });
});

describe('429 problems carry retryAfter', () => {
  it('in seconds from Retry-After, once the retries are spent or the wait is longer than maxRetryDelayMs', async () => {
    const { seen, fetch } = stub(() => json(429, { type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'rate_limited' }, { 'retry-after': '42' }));
    const client = createArbiterClient({ baseUrl: BASE, fetch, maxRetryDelayMs: 1000 });
    const error = (await client.health().catch((e: unknown) => e)) as ArbiterProblem;
    expect(error).toBeInstanceOf(ArbiterProblem);
    expect([error.status, error.code, error.retryAfter]).toEqual([429, 'rate_limited', 42]);
    expect(seen).toHaveLength(1); // 42 s is longer than the 1 s the caller accepts: not waited for
  });

  it('from an HTTP date (rounded up to whole seconds), and undefined when the answer has no Retry-After', async () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    const dated = stub(() => json(429, { status: 429, code: 'too_many_streams' }, { 'retry-after': at }));
    const error = (await createArbiterClient({ baseUrl: BASE, fetch: dated.fetch, retries: 0 })
      .health()
      .catch((e: unknown) => e)) as ArbiterProblem;
    expect(error.retryAfter).toBeGreaterThanOrEqual(80);
    expect(error.retryAfter).toBeLessThanOrEqual(91);
    const quota = stub(() => json(429, { status: 429, code: 'quota_exceeded', limit: 1000 }));
    const noWait = (await createArbiterClient({ baseUrl: BASE, fetch: quota.fetch, retries: 0 })
      .health()
      .catch((e: unknown) => e)) as ArbiterProblem;
    expect([noWait.code, noWait.retryAfter]).toEqual(['quota_exceeded', undefined]);
  });
});
