/** Answers are compressed when the client accepts it (1 KiB or more); event streams never are. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';

describe('response compression', () => {
  let app: FastifyInstance;
  let auth: Record<string, string>;
  beforeAll(async () => {
    // its own app: the feed test listens on it
    app = await memoryApp();
    auth = { authorization: `Bearer ${await apiKey(app, 'compression')}` };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('GET /openapi.json with Accept-Encoding: gzip is gzip and decompresses to the same document; without it, plain', async () => {
    const plain = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
    const body = gunzipSync(zipped.rawPayload);
    expect(body.length).toBeGreaterThan(zipped.rawPayload.length * 5);
    expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
  });

  it('the docs page document (/docs/json) is compressed too', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')).openapi).toBe('3.1.0');
  });

  it('tiny answers (under 1 KiB) and problems stay plain', async () => {
    const health = await app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const missing = await app.inject({ method: 'GET', url: '/v1/nothing-here', headers: { 'accept-encoding': 'gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ status: 404 });
  });

  it('a match feed streams uncompressed to a client that accepts gzip: each event arrives while the stream is open', async () => {
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
    await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 10_000);
    try {
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/v1/matches/${id}/feed`, { headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' }, signal: abort.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${needle}`);
          text += decoder.decode(value, { stream: true });
        }
      };
      await readUntil('retry: 2000');
      for (const version of [1, 2]) {
        const appended = await app.inject({
          method: 'POST',
          url: `/v1/matches/${id}/events`,
          headers: auth,
          payload: { expectedVersion: version - 1, events: [{ type: 'note' }] },
        });
        expect(appended.statusCode).toBe(201);
        await readUntil(`id: ${version}\nevent: note\n`);
      }
      await reader.cancel();
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
  }, 30_000);
});
