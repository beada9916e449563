/**
 * Text with NUL is a 400 everywhere (issue: `GET /v1/eden/rosters/abc%00`, a blind roll's reveal,
 * GraphQL `edenRoster` and a `clientSeed` with U+0000 answered 500 and logged a stack; PostgreSQL
 * refuses U+0000 in text). Every operation of the OpenAPI document is called with a NUL, then with
 * a lone surrogate, in each path parameter, and every example body with one in each of its strings:
 * a 400 naming the place, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';

type Json = Record<string, any>;

const BAD = {
  nul: { text: 'a\u0000b', url: 'a%00b', code: 'unstorable_text' },
  surrogate: { text: 'a\ud800b', url: 'a%ED%A0%80b', code: 'unstorable_text' },
} as const;

/** Every string of `value` by JSON pointer. */
function strings(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}/${i}`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return [];
}

/** `value` with the string at `pointer` replaced. */
function replaced(value: unknown, pointer: string, text: string): unknown {
  const copy = structuredClone(value);
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: any = copy;
  for (const k of keys.slice(0, -1)) at = at[k];
  at[keys.at(-1)!] = text;
  return copy;
}

describe('text with NUL or a lone surrogate is a 400 everywhere', () => {
  let app: FastifyInstance;
  let key: string;
  let doc: Json;
  beforeAll(async () => {
    app = await memoryApp();
    key = (await app.services.apiKeys!.create('fuzz')).key;
    doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(async () => app?.close());

  const call = (method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it.each(Object.entries(BAD))('a %s in any path parameter of any operation → 400 naming the parameter', async (_, bad) => {
    let tried = 0;
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (params.length === 0) continue;
      for (const method of Object.keys(item).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))) {
        const url = path.replace(/\{(\w+)\}/g, bad.url);
        const res = await call(method.toUpperCase(), url, method === 'post' ? {} : undefined);
        tried++;
        // the admin endpoints are absent (404) unless ADMIN_TOKEN is configured: refused before any parameter is read
        if (path.startsWith('/v1/admin/') && res.statusCode === 404) continue;
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(400);
        // a lone surrogate cannot even be percent-encoded as UTF-8: the URL itself is malformed
        if (bad.url.includes('%00'))
          expect(
            res.json().errors.map((e: Json) => e.code),
            `${method} ${path}`,
          ).toContain('unstorable_text');
        else expect(res.json().code, `${method} ${path}`).toBe('bad_url');
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it.each(Object.entries(BAD))('a %s in any string of any example body → 400 naming its JSON pointer, never a 500', async (_, bad) => {
    let tried = 0;
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      const content = item.post?.requestBody?.content?.['application/json'];
      const example = content?.example ?? Object.values<Json>(content?.examples ?? {})[0]?.value;
      if (example === undefined) continue;
      const url = path.replace(/\{(\w+)\}/g, 'x');
      for (const pointer of strings(example).slice(0, 12)) {
        const res = await call('POST', url, replaced(example, pointer, bad.text));
        tried++;
        expect(res.statusCode, `POST ${path} ${pointer}: ${res.body}`).toBe(400);
        expect(res.json().errors, `POST ${path} ${pointer}`).toContainEqual(expect.objectContaining({ path: pointer, code: bad.code }));
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it('the cases the probe found: a roster id, a blind roll reveal, GraphQL edenRoster, a clientSeed — each a 400 with its place', async () => {
    const roster = await call('GET', '/v1/eden/rosters/abc%00');
    expect([roster.statusCode, roster.json().errors[0]]).toEqual([400, expect.objectContaining({ path: '/id', code: 'unstorable_text' })]);
    const reveal = await call('POST', '/v1/dice/blind-rolls/abc%00/reveal', {});
    expect(reveal.statusCode).toBe(400);
    const seeded = await call('POST', '/v1/dice/rolls', { notation: '1d6', clientSeed: 'x\u0000' });
    expect([seeded.statusCode, seeded.json().errors[0].path]).toEqual([400, '/clientSeed']);
    const gql = await call('POST', '/graphql', { query: 'query ($id: ID!) { edenRoster(id: $id) { id } }', variables: { id: 'abc\u0000' } });
    expect(gql.statusCode).toBe(400);
    expect(JSON.stringify(gql.json())).toContain('/variables/id');
    // every problem is listed at once
    const two = await call('POST', '/v1/dice/rolls', { notation: '1d6\u0000', clientSeed: 'x\u0000' });
    expect(
      two
        .json()
        .errors.map((e: Json) => e.path)
        .sort(),
    ).toEqual(['/clientSeed', '/notation']);
  });
});

describe('a text/plain list with NUL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await memoryApp();
  });
  afterAll(async () => app?.close());

  it('POST /v1/eden/rosters/validate as text/plain holding a NUL → 400 unstorable_text', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/eden/rosters/validate', headers: { 'content-type': 'text/plain' }, payload: 'Faction\nYuri\u0000\n' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { code: string }) => e.code)).toContain('unstorable_text');
  });
});
