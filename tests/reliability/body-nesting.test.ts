/**
 * Deeply nested inputs are 400 problems with a path, never a 5xx (issue "Reliability and security",
 * item 7): one nesting limit (64 levels) for every JSON body, checked before validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { MAX_BODY_DEPTH, tooDeepAt } from '../../src/http/plugins/json-body.js';
import { withFakeKeys } from './fake-keys.js';

/** JSON text of `{"a":{"a":…}}` (or `[[…]]`) nested `depth` levels, built without recursion. */
function nested(depth: number, kind: 'object' | 'array' = 'object'): string {
  return kind === 'object' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
}

const auth = { authorization: 'Bearer key-nesting', 'content-type': 'application/json' };

function expectTooDeep(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, pathPrefix: string) {
  expect(res.statusCode, JSON.stringify(res.json()).slice(0, 300)).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body.code).toBe('too_deep');
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0].code).toBe('too_deep');
  expect(body.errors[0].path.startsWith(pathPrefix)).toBe(true);
  return body;
}

describe('request body nesting limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({}, {}, withFakeKeys);
  });
  afterAll(() => app.close());

  it('finds where the limit is crossed, iteratively', () => {
    expect(tooDeepAt(JSON.parse(nested(MAX_BODY_DEPTH)))).toBeUndefined();
    expect(tooDeepAt(JSON.parse(nested(MAX_BODY_DEPTH + 1)))).toBe('/a'.repeat(MAX_BODY_DEPTH));
    expect(tooDeepAt({ ok: [1, 2], 'x/y~': JSON.parse(nested(100, 'array')) })).toBe('/x~1y~0' + '/0'.repeat(MAX_BODY_DEPTH - 1));
    expect(tooDeepAt(JSON.parse(nested(200_000)))).toBe('/a'.repeat(MAX_BODY_DEPTH));
  });

  it('~5,000-deep event data is a 400 with the path where the limit was crossed', async () => {
    const payload = `{"expectedVersion":0,"events":[{"type":"note","data":${nested(5000)}}]}`;
    const res = await app.inject({ method: 'POST', url: '/v1/matches/00000000-0000-4000-8000-000000000000/events', headers: auth, payload });
    const body = expectTooDeep(res, '/events/0/data/a');
    expect(body.errors[0].path).toBe('/events/0/data' + '/a'.repeat(MAX_BODY_DEPTH - 3));
  });

  it('10,000-deep objectives of The Spirit of Eden are a 400', async () => {
    const payload = `{"ring":[],"cards":{},"goomz":[],"allies":[],"order":[],"objectives":${nested(10_000, 'array')}}`;
    const res = await app.inject({ method: 'POST', url: '/v1/spirit-of-eden/goomz-phase', headers: { 'content-type': 'application/json' }, payload });
    expectTooDeep(res, '/objectives/0');
  });

  it('a deep simulation request is a 400 (not a 503)', async () => {
    const payload = `{"kind":"eden.melee","iterations":10,"request":{"attacker":${nested(10_000)}}}`;
    const res = await app.inject({ method: 'POST', url: '/v1/simulations', headers: auth, payload });
    expectTooDeep(res, '/request/attacker/a');
  });

  it('deep GraphQL variables are a 400 too', async () => {
    const payload = `{"query":"query($i: JSON!) { health }","variables":{"i":${nested(10_000)}}}`;
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('too_deep');
  });

  it('a body at the limit is accepted as before', async () => {
    const payload = `{"dice":{"seed":"x"},"extra":${nested(MAX_BODY_DEPTH - 1)}}`;
    const res = await app.inject({ method: 'POST', url: '/v1/eden/weather', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(200);
  });
});
