/** Answers are compressed when the client accepts it (1 KiB or more); event streams never are. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';
import { edenMeleeOperation } from '../../src/games/eden/operations/melee.operation.js';
import { encodingFor, SMALL_ANSWER_BYTES } from '../../src/http/plugins/compression.js';

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

  // EDEN-MELEE-4: a rule answer (2.6 KB) is compressed in its own turn, as each encoding the client asks for
  it('EDEN-MELEE-4: a melee answer is compressed as the client asks (br, gzip, deflate; q-values, then its order) and decompresses to the plain answer', async () => {
    const melee = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/v1/eden/attacks/melee', headers, payload: { ...(edenMeleeOperation.examples![0]!.value as object), dice: { seed: 'zip' } } });
    const plain = await melee({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync } as const;
    for (const [header, expected] of [
      ['gzip, deflate, br', 'gzip'],
      ['br, gzip', 'br'],
      ['deflate', 'deflate'],
      ['gzip;q=0.5, br;q=1', 'br'],
      ['*', 'gzip'],
    ] as const) {
      const res = await melee({ 'accept-encoding': header });
      expect(res.statusCode, header).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(expected);
      expect(String(res.headers.vary), header).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length']), header).toBe(res.rawPayload.length);
      expect(res.rawPayload.length, header).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoders[expected](res.rawPayload).toString('utf8')), header).toEqual(plain.json());
    }
    // nothing acceptable, or no compression asked: the plain bytes
    for (const headers of <Record<string, string>[]>[
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0, deflate;q=0' },
      { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
    ]) {
      const res = await melee(headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.json()).toEqual(plain.json());
    }
  });

  it('negotiates like the streaming path: q-values first, then the client’s order; nothing acceptable is null', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('gzip');
    expect(encodingFor('br;q=0.9, deflate')).toBe('deflate');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor('zstd')).toBeNull();
    expect(SMALL_ANSWER_BYTES).toBe(64 * 1024);
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
