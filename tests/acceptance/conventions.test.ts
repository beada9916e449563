/**
 * Acceptance — CONTRACT §0 (service conventions that need no database): base paths, discovery,
 * problem+json errors, malformed JSON, schema violations (all problems, JSON-pointer paths),
 * Accept-Language, EDEN editions, GraphQL at POST /graphql.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { YURI, call, expectProblem, machine, yuri } from '../fixtures/acceptance.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { asRest, fullSelection, withoutNulls } from '../helpers/graphql-selection.js';
import { restAsInput } from '../../src/graphql/types/rest-shape.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

const meleeBody = { attacker: YURI, target: yuri('yuri-2'), reaction: 'passive', dice: { values: [6, 5, 1, 2, 4] } };

describe('CONTRACT §0 discovery', () => {
  it('GET /health → 200 {"status":"ok"}', async () => {
    const res = await call(app, '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /openapi.json is OpenAPI 3.1 and documents every §3/§4 path under /v1', async () => {
    const res = await call(app, '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/v1/eden/rolls',
      '/v1/eden/rosters/validate',
      '/v1/eden/attacks/melee',
      '/v1/eden/attacks/ranged',
      '/v1/eden/attacks/thrown',
      '/v1/eden/attacks/spray',
      '/v1/eden/upkeep',
      '/v1/eden/weather',
      '/v1/eden/initiative',
      '/v1/eden/npcs/decide',
      '/v1/eden/catalog',
      '/v1/anima/explorations',
      '/v1/anima/combats',
      '/v1/exsilium/newaru/actions',
      '/v1/exsilium/newaru/moves',
      '/v1/exsilium/combats',
      '/v1/spirit-of-eden/goomz-phase',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(res.body.paths['/v1/eden/catalog']).toHaveProperty('get');
    expect(res.body.paths['/v1/eden/attacks/melee']).toHaveProperty('post');
  });

  it('GET /docs serves the human docs page (directly or by one redirect)', async () => {
    let res = await app.inject({ method: 'GET', url: '/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) res = await app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('GET /graphiql is served outside production', async () => {
    const res = await app.inject({ method: 'GET', url: '/graphiql' });
    expect(res.statusCode).toBeLessThan(400);
  });
});

describe('CONTRACT §0 errors are application/problem+json (RFC 9457)', () => {
  it('malformed JSON → 400 problem', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/eden/rolls', payload: '{"kind": "characteristic",', headers: { 'content-type': 'application/json' } });
    expectProblem({ status: res.statusCode, body: res.json(), headers: res.headers as never }, 400);
  });

  it('schema violations → 400 listing ALL problems, each {path (JSON pointer), code, message}', async () => {
    const { limbs: _l, ...noLimbs } = yuri('a');
    const res = await call(app, '/v1/eden/attacks/melee', {
      attacker: noLimbs,
      target: { ...yuri('b'), value: 'twenty' },
      reaction: 'bite',
    });
    expectProblem(res, 400);
    expect(Array.isArray(res.body.errors)).toBe(true);
    for (const e of res.body.errors) {
      expect(e.path).toMatch(/^(\/[^/]*)*$/);
      expect(typeof e.code).toBe('string');
      expect(typeof e.message).toBe('string');
    }
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/attacker/limbs', '/target/value', '/reaction']));
  });

  it("a roster fighter with a bad value is reported at /fighters/2/value (the contract's example pointer)", async () => {
    const res = await call(app, '/v1/eden/rosters/validate', {
      bandType: 'faction',
      fighters: [yuri('a', { name: 'A' }), yuri('b', { name: 'B' }), yuri('c', { name: 'C', value: 'x' })],
      budget: -1,
    });
    expectProblem(res, 400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/fighters/2/value', '/budget']));
  });

  it('rule violation on well-formed input → 422 with a top-level machine-readable code', async () => {
    const res = await call(app, '/v1/eden/initiative', { pools: { A: 2, B: 5 }, bids: { A: 3, B: 1 } });
    expectProblem(res, 422);
    expect(typeof res.body.code).toBe('string');
    expect(res.body.code.length).toBeGreaterThan(0);
  });

  it('unknown route → 404 problem', async () => {
    const res = await call(app, '/v1/eden/nothing-here', {});
    expectProblem(res, 404);
  });

  it('x-request-id is echoed when sent and generated otherwise', async () => {
    const mine = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'acceptance-123' } });
    expect(mine.headers['x-request-id']).toBe('acceptance-123');
    const theirs = await app.inject({ method: 'GET', url: '/health' });
    expect(String(theirs.headers['x-request-id'] ?? '')).not.toBe('');
  });
});

describe('CONTRACT §0 language: summary follows Accept-Language, machine fields never change', () => {
  it('EDEN-MELEE-3: en (default), es and de summaries differ, name the rule, and everything else is identical', async () => {
    const none = await call(app, '/v1/eden/attacks/melee', meleeBody);
    const en = await call(app, '/v1/eden/attacks/melee', meleeBody, { 'accept-language': 'en' });
    const es = await call(app, '/v1/eden/attacks/melee', meleeBody, { 'accept-language': 'es' });
    const de = await call(app, '/v1/eden/attacks/melee', meleeBody, { 'accept-language': 'de-DE,de;q=0.9' });
    for (const r of [none, en, es, de]) {
      expect(r.status).toBe(200);
      expect(r.body.summary).toMatch(/EDEN-MELEE/);
    }
    expect(none.body.summary).toBe(en.body.summary);
    expect(new Set([en.body.summary, es.body.summary, de.body.summary]).size).toBe(3);
    expect(machine(es.body)).toEqual(machine(en.body));
    expect(machine(de.body)).toEqual(machine(en.body));
  });

  it('EDEN-WEATHER-1 and ANIMA-EXPLORE-3: other endpoints translate too, with identical machine fields', async () => {
    const weather = { dice: { values: [3, 4] } };
    const w = await Promise.all(['en', 'es', 'de'].map((l) => call(app, '/v1/eden/weather', weather, { 'accept-language': l })));
    expect(new Set(w.map((r) => r.body.summary)).size).toBe(3);
    expect(machine(w[1]!.body)).toEqual(machine(w[0]!.body));
    expect(machine(w[2]!.body)).toEqual(machine(w[0]!.body));
    const explore = {
      location: { name: 'Ruins', level: 1, table: [{ min: 1, max: 10, result: 'nothing' }] },
      group: { characters: [{ name: 'Ana', combat: 3, speed: 2 }] },
      encounters: [],
      dice: { values: [4] },
    };
    const x = await Promise.all(['en', 'es', 'de'].map((l) => call(app, '/v1/anima/explorations', explore, { 'accept-language': l })));
    expect(new Set(x.map((r) => r.body.summary)).size).toBe(3);
    expect(machine(x[1]!.body)).toEqual(machine(x[0]!.body));
    expect(machine(x[2]!.body)).toEqual(machine(x[0]!.body));
  });
});

describe('CONTRACT §0 editions: "edition": "es" (default) or "de"', () => {
  it('EDEN-CARD-PROFILE-9: Yuri is worth 25 in ES (default) and 20 in DE', async () => {
    const dflt = await call(app, '/v1/eden/rosters/validate', { bandType: 'faction', fighters: [{ ref: 'yuri' }] });
    const es = await call(app, '/v1/eden/rosters/validate', { edition: 'es', bandType: 'faction', fighters: [{ ref: 'yuri' }] });
    const de = await call(app, '/v1/eden/rosters/validate', { edition: 'de', bandType: 'faction', fighters: [{ ref: 'yuri' }] });
    expect(dflt.body.totals.value).toBe(25);
    expect(es.body.totals.value).toBe(25);
    expect(de.body.totals.value).toBe(20);
  });

  it('an edition other than es/de is a 400 at /edition', async () => {
    const res = await call(app, '/v1/eden/rosters/validate', { edition: 'fr', bandType: 'faction', fighters: [{ ref: 'yuri' }] });
    expectProblem(res, 400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('/edition');
  });
});

describe('CONTRACT §0 GraphQL at POST /graphql answers what REST answers', () => {
  // every field selected; the REST body sent as its GraphQL input and the answer read back as REST writes it (enum
  // strings, no null members): maps are `[{key, value}]` entries and members of several kinds one field per
  // alternative in GraphQL (issue 25.6), converted both ways by src/graphql/types/rest-shape.ts
  const schema = buildSchema();
  const gql = async (field: string, input: unknown) => {
    const root = schema.getQueryType()!.getFields()[field]!;
    const query = `query($input: ${String(root.args[0]!.type)}) { ${fullSelection(schema, 'query', field).replace(field, `${field}(input: $input)`)} }`;
    const res = await call(app, '/graphql', { query, variables: { input: restAsInput(input, root.args[0]!.type) } });
    const data = res.body.data?.[field] ? { [field]: withoutNulls(asRest(res.body.data[field], root.type)) } : res.body.data;
    return { ...res, body: { ...res.body, data } };
  };

  it('edenMelee = POST /v1/eden/attacks/melee (fixed dice)', async () => {
    const rest = await call(app, '/v1/eden/attacks/melee', meleeBody);
    const res = await gql('edenMelee', meleeBody);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.edenMelee).toEqual(withoutNulls(rest.body));
  });

  it('edenRoll: a rule violation carries the same problem code (dice_exhausted)', async () => {
    const res = await gql('edenRoll', { kind: 'characteristic', value: 4, difficulty: 4, dice: { values: [1] } });
    expect(res.body.errors[0].extensions.code).toBe('dice_exhausted');
  });

  it('animaExplore and soeGoomzPhase = their REST endpoints', async () => {
    const explore = {
      location: { name: 'Ruins', level: 1, table: [{ min: 1, max: 10, result: 'nothing' }] },
      group: { characters: [{ name: 'Ana', combat: 3, speed: 2 }] },
      dice: { values: [9] },
    };
    const restA = await call(app, '/v1/anima/explorations', explore);
    const gA = await gql('animaExplore', explore);
    expect(gA.body.data.animaExplore).toEqual(withoutNulls(restA.body));
    const ring = ['m1', 'w1', 's1', 'f1', 'm2', 'w2', 's2', 'f2'];
    const cards = Object.fromEntries(
      ring.map((id) => [id, { terrain: ({ m: 'mountain', w: 'waterfall', s: 'swamp', f: 'forest' } as Record<string, string>)[id[0]!], state: 'healthy' }]),
    );
    const soe = { ring, cards, goomz: [{ color: 'red', at: 'f1' }], allies: [], order: ['red'] };
    const restS = await call(app, '/v1/spirit-of-eden/goomz-phase', soe);
    const gS = await gql('soeGoomzPhase', soe);
    expect(restS.status).toBe(200);
    expect(gS.body.data.soeGoomzPhase).toEqual(withoutNulls(restS.body));
  });
});
