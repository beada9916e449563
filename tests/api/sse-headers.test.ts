/** Streams go through Fastify's reply (@fastify/sse): hooks apply, so CORS and x-request-id reach them. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, sharedApp } from '../helpers/app.js';

describe('Server-Sent Events carry the headers of every response', () => {
  let app: FastifyInstance;
  let auth: Record<string, string>;
  beforeAll(async () => {
    app = await sharedApp();
    auth = { authorization: `Bearer ${await apiKey(app, 'sse')}` };
  });

  it('a match feed answers a cross-origin request with access-control-allow-origin and x-request-id', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/v1/matches',
      headers: auth,
      payload: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'A' },
          { id: 'p2', name: 'B' },
        ],
      },
    });
    const id = created.json().id as string;
    await app.inject({ method: 'POST', url: `/v1/matches/${id}/events`, headers: auth, payload: { expectedVersion: 0, events: [{ type: 'one' }] } });
    const res = await app.inject({
      method: 'GET',
      url: `/v1/matches/${id}/feed?from=1&follow=false`,
      headers: { ...auth, origin: 'https://league.example', 'x-request-id': 'feed-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['access-control-allow-origin']).toBe('https://league.example');
    expect(res.headers['x-request-id']).toBe('feed-1');
    expect(res.body).toMatch(/^: feed of match .+\nretry: 2000\n\n/);
    expect(res.body).toContain('id: 1\nevent: one\ndata: {');
  });

  it('errors before the stream opens stay problem+json (401 without a key)', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/matches/00000000-0000-4000-8000-000000000000/feed', headers: { origin: 'https://league.example' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['access-control-allow-origin']).toBe('https://league.example');
  });
});
