/**
 * CONTRACT §8.5: absolute links (share links of stored lists) are built from PUBLIC_URL; without it
 * they are relative paths. A request's Host / X-Forwarded-* headers never choose a link's host —
 * on REST (POST and GET /v1/eden/rosters) and GraphQL (`storeEdenRoster`, `edenRoster`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { apiKey, memoryApp } from '../helpers/app.js';

const HOSTILE = {
  host: 'api.internal:8080',
  'x-forwarded-host': 'evil.example.net',
  'x-forwarded-proto': 'gopher',
  'x-forwarded-port': '6666',
  forwarded: 'for=1.2.3.4;host=forwarded.example.net;proto=ftp',
};
const FOREIGN = ['api.internal', '8080', 'evil.example.net', 'gopher', '6666', 'forwarded.example.net', 'ftp', 'localhost'];
const ROSTER = { bandType: 'faction', fighters: [{ ref: 'yuri' }] };

/** The links one stored list gets on every path: REST POST and GET, GraphQL mutation and query. */
async function links(app: FastifyInstance, key: string, headers: Record<string, string>): Promise<{ id: string; urls: string[] }> {
  const auth = { ...headers, authorization: `Bearer ${key}` };
  const stored = await app.inject({ method: 'POST', url: '/v1/eden/rosters', payload: { roster: ROSTER }, headers: auth });
  expect(stored.statusCode).toBe(201);
  const { id, url: posted } = stored.json() as { id: string; url: string };
  const shared = await app.inject({ method: 'GET', url: `/v1/eden/rosters/${id}`, headers });
  expect(shared.statusCode).toBe(200);
  const mutation = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: 'mutation($input: StoreRosterRequestInput!) { storeEdenRoster(input: $input) { id url } }', variables: { input: { roster: ROSTER } } },
    headers: auth,
  });
  const created = mutation.json().data.storeEdenRoster as { id: string; url: string };
  const query = await app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query($id: ID!) { edenRoster(id: $id) { url } }', variables: { id } }, headers });
  const urls = [posted, shared.json().url, created.url.replace(created.id, id), query.json().data.edenRoster.url];
  return { id, urls };
}

describe('share links (CONTRACT §8.5)', () => {
  describe('without PUBLIC_URL: relative paths', () => {
    let app: FastifyInstance;
    let key: string;
    beforeAll(async () => {
      app = await memoryApp();
      key = await apiKey(app);
    });
    afterAll(() => app.close());

    it('CONTRACT §9.3: the OpenAPI document’s servers[0].url is / (this server), whatever the Host', async () => {
      expect((await app.inject({ method: 'GET', url: '/openapi.json', headers: HOSTILE })).json().servers).toEqual([{ url: '/', description: 'This server' }]);
    });

    it('are /v1/eden/rosters/{id} on REST and GraphQL', async () => {
      const { id, urls } = await links(app, key, {});
      for (const url of urls) expect(url).toBe(`/v1/eden/rosters/${id}`);
    });

    it('whatever Host / X-Forwarded-* / Forwarded the request carries', async () => {
      const { id, urls } = await links(app, key, HOSTILE);
      for (const url of urls) {
        expect(url).toBe(`/v1/eden/rosters/${id}`);
        // (the random id is left out: a uuid may well contain `8080` or `6666`)
        for (const foreign of FOREIGN) expect(url.replace(id, '')).not.toContain(foreign);
      }
    });
  });

  describe('with PUBLIC_URL', () => {
    const cases = [
      { env: 'https://league.example.org', base: 'https://league.example.org' },
      { env: 'https://league.example.org/', base: 'https://league.example.org' },
      { env: 'https://example.org/arbiter/', base: 'https://example.org/arbiter' },
      { env: 'http://127.0.0.1:3000/a/b', base: 'http://127.0.0.1:3000/a/b' },
    ];
    for (const { env, base } of cases) {
      it(`PUBLIC_URL=${env}: links are ${base}/v1/eden/rosters/{id}, never from the request's headers`, async () => {
        const publicUrl = loadConfig({ PUBLIC_URL: env }).publicUrl;
        expect(publicUrl).toBe(base);
        const app = await memoryApp({ publicUrl });
        try {
          const key = await apiKey(app);
          for (const headers of [{}, HOSTILE]) {
            const { id, urls } = await links(app, key, headers);
            for (const url of urls) {
              expect(url).toBe(`${base}/v1/eden/rosters/${id}`);
              for (const foreign of FOREIGN) expect(url.slice(base.length).replace(id, '')).not.toContain(foreign);
              expect(new URL(url).host).toBe(new URL(base).host);
            }
          }
          // CONTRACT §9.3: PUBLIC_URL is the OpenAPI document's servers[0].url
          expect((await app.inject({ method: 'GET', url: '/openapi.json', headers: HOSTILE })).json().servers[0].url).toBe(base);
        } finally {
          await app.close();
        }
      });
    }
  });

  describe('PUBLIC_URL in the configuration', () => {
    it('absent or empty: no base', () => {
      expect(loadConfig({}).publicUrl).toBeUndefined();
      expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    });

    it('normalises the origin and the trailing slash, keeps a path prefix', () => {
      expect(loadConfig({ PUBLIC_URL: 'HTTPS://League.Example.ORG:443/' }).publicUrl).toBe('https://league.example.org');
      expect(loadConfig({ PUBLIC_URL: 'https://example.org:8443/arbiter//' }).publicUrl).toBe('https://example.org:8443/arbiter');
      expect(loadConfig({ PUBLIC_URL: ' http://localhost:3000 ' }).publicUrl).toBe('http://localhost:3000');
    });

    it.each([
      ['league.example.org', 'starts with http'],
      ['/arbiter', 'starts with http'],
      ['ftp://example.org', 'starts with http'],
      ['javascript:alert(1)', 'starts with http'],
      ['https://', 'starts with http'],
      ['https:league.example.org', 'starts with http'],
      ['https://exa mple.org', 'not a valid URL'],
      ['https://example.org/?a=1', 'no query or fragment'],
      ['https://example.org/#top', 'no query or fragment'],
      ['https://example.org?', 'no query or fragment'],
      ['https://user:secret@example.org', 'no user name or password'],
    ])('refuses %s with a message naming PUBLIC_URL', (value, why) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL must be an absolute http\(s\) URL/);
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(why);
    });
  });
});
