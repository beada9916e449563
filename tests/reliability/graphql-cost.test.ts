/**
 * Bounded GraphQL cost (CONTRACT §7.1; issue "Reliability and security", item 4): documents over the
 * limits on tokens, depth, aliases, directives, root fields or large fields are refused with one
 * `query_too_complex` error (HTTP 400) before any resolver runs; ordinary documents are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { loadConfig } from '../../src/config.js';
import { operations } from '../../src/app/registry.js';
import { testApp } from '../helpers/app.js';

const defaults = loadConfig({}).graphql;

describe('GraphQL cost limits', () => {
  let app: FastifyInstance;
  // the catalog's resolver counts its runs: a refused document must not reach it
  const catalog = operations.find((op) => op.graphql.name === 'edenCatalog')!;
  const resolve = vi.spyOn(catalog, 'handle');
  const executed = () => resolve.mock.calls.length;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app?.close());

  const gql = async (query: string, target = app) => {
    const res = await target.inject({ method: 'POST', url: '/graphql', payload: { query } });
    return { status: res.statusCode, body: res.json() as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
  };
  const refused = async (query: string, measure: string, target = app) => {
    const before = executed();
    const res = await gql(query, target);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0]!.extensions).toMatchObject({ code: 'query_too_complex', status: 400, measure });
    expect(executed(), 'no resolver ran').toBe(before);
    return res.body.errors![0]!.extensions as { limit: number; measured: number };
  };

  // The time this takes is measured by bench/graphql-cost.bench.ts; here, the work it does: the
  // parser stops at the first token over the limit, however long the document.
  it('refuses 10,000 (or 100,000) aliases of the catalog after reading one token over the limit, without growing the process by 50 MB', async () => {
    const aliases = (n: number) => '{' + Array.from({ length: n }, (_, i) => `c${i}: edenCatalog { fighters { id } }`).join(' ') + '}';
    global.gc?.();
    const rss = process.memoryUsage().rss;
    const ext = await refused(aliases(10_000), 'tokens');
    expect(process.memoryUsage().rss - rss).toBeLessThan(50 * 1024 * 1024);
    expect(ext).toEqual(expect.objectContaining({ limit: defaults.maxTokens, measured: defaults.maxTokens + 1 }));
    // ten times the document, the same tokens read
    expect(await refused(aliases(100_000), 'tokens')).toEqual(expect.objectContaining({ limit: defaults.maxTokens, measured: defaults.maxTokens + 1 }));
  });

  it('refuses more aliases than GRAPHQL_MAX_ALIASES', async () => {
    const query = '{' + Array.from({ length: defaults.maxAliases + 1 }, (_, i) => `h${i}: health`).join(' ') + '}';
    expect(await refused(query, 'aliases')).toMatchObject({ limit: defaults.maxAliases, measured: defaults.maxAliases + 1 });
  });

  it('refuses a depth bomb (nested introspection)', async () => {
    const nested = (n: number): string => (n === 0 ? 'name' : `name fields { type { ${nested(n - 1)} } }`);
    const ext = await refused(`{ __type(name: "Query") { ${nested(6)} } }`, 'depth');
    expect(ext.limit).toBe(defaults.maxDepth);
    expect(ext.measured).toBeGreaterThan(defaults.maxDepth);
  });

  it('refuses a token bomb', async () => {
    const ext = await refused('{ health ' + '__typename '.repeat(defaults.maxTokens * 2) + '}', 'tokens');
    expect(ext).toMatchObject({ limit: defaults.maxTokens, measured: defaults.maxTokens + 1 });
  });

  it('refuses more root fields than GRAPHQL_MAX_ROOT_FIELDS (fragments expanded)', async () => {
    // __typename aliases are not counted as aliases, but each one is a root field
    const keys = Array.from({ length: defaults.maxRootFields + 1 }, (_, i) => `t${i}: __typename`);
    const query = `{ ...A ...B } fragment A on Query { ${keys.slice(0, 10).join(' ')} } fragment B on Query { ${keys.slice(10).join(' ')} }`;
    expect(await refused(query, 'rootFields')).toMatchObject({ limit: defaults.maxRootFields, measured: defaults.maxRootFields + 1 });
  });

  it('refuses selecting a large field (the catalog) more than GRAPHQL_MAX_LARGE_FIELDS times', async () => {
    const query = '{' + Array.from({ length: defaults.maxLargeFields + 1 }, (_, i) => `c${i}: edenCatalog { fighters { id } }`).join(' ') + '}';
    expect(await refused(query, 'largeFields')).toMatchObject({ limit: defaults.maxLargeFields, measured: defaults.maxLargeFields + 1 });
  });

  it('refuses more directives than GRAPHQL_MAX_DIRECTIVES', async () => {
    await refused(`{ health ${'@include(if: true) '.repeat(defaults.maxDirectives + 1)}}`, 'directives');
  });

  it('answers ordinary documents as before: the catalog (twice), introspection, an operation', async () => {
    const both = await gql(
      '{ a: edenCatalog { fighters { id names { en } } equipment { items { id } } } b: edenCatalog { fighters { id names { en } } equipment { items { id } } } health }',
    );
    expect(both.status).toBe(200);
    expect(both.body.errors).toBeUndefined();
    expect(both.body.data!.a).toEqual(both.body.data!.b);
    expect(executed()).toBeGreaterThan(0);
    const schema = await gql(getIntrospectionQuery());
    expect(schema.status).toBe(200);
    expect(schema.body.errors).toBeUndefined();
    const roll = await gql('{ edenRoll(input: {kind: characteristic, value: 4, difficulty: 4, dice: {values: [6, 1, 4, 3]}}) { successes } }');
    expect(roll.status).toBe(200);
    expect(roll.body.data!.edenRoll).toMatchObject({ successes: expect.any(Number) });
  });

  it('takes its limits from the configuration', async () => {
    const strict = await testApp({ graphql: { ...defaults, maxAliases: 1 } });
    try {
      expect(await refused('{ a: health b: health }', 'aliases', strict)).toMatchObject({ limit: 1, measured: 2 });
      expect((await gql('{ a: health }', strict)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

/**
 * A document is one request (README "Budgets"): the estimated costs of its root fields are added up
 * per budget and a document over one is refused before any resolver runs (issue "bounded cost",
 * row 4: 15 aliases of diceDistribution(1000d2kh500) spent 22.6 s).
 */
describe('GraphQL document cost: budgets summed over the root fields', () => {
  let app: FastifyInstance;
  const distribution = operations.find((op) => op.graphql.name === 'diceDistribution')!;
  const roll = operations.find((op) => op.graphql.name === 'diceRoll')!;
  const distributions = vi.spyOn(distribution, 'handle');
  const rolls = vi.spyOn(roll, 'handle');
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => {
    distributions.mockRestore();
    rolls.mockRestore();
    await app?.close();
  });

  const post = async (payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', payload });
    return { status: res.statusCode, body: res.json() as { data?: Record<string, any> | null; errors?: { message: string; path?: string[]; extensions?: Record<string, any> }[] } };
  };
  const aliases = (n: number, field: string) => '{' + Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ') + '}';
  const refusedForCost = async (payload: Record<string, unknown>, budget: string) => {
    const [d, r] = [distributions.mock.calls.length, rolls.mock.calls.length];
    const res = await post(payload);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    const ext = res.body.errors![0]!.extensions!;
    expect(ext).toMatchObject({ code: 'query_too_complex', status: 400, measure: 'cost', budget: { name: budget, limit: ext.limit, needed: ext.measured } });
    expect(ext.measured).toBeGreaterThan(ext.limit);
    expect([distributions.mock.calls.length, rolls.mock.calls.length], 'no resolver ran').toEqual([d, r]);
    return ext;
  };

  it('row 4: 15 aliases of diceDistribution(1000d2kh500) are refused before any resolver runs, naming dice.distributionWork', async () => {
    const ext = await refusedForCost({ query: aliases(15, 'diceDistribution(input: {notation: "1000d2kh500"}) { min }') }, 'dice.distributionWork');
    // each field counts what it would be charged before its own check stops it (its binomial table), at most the budget
    expect(ext.limit).toBe(6_000_000);
    expect(ext.measured).toBeLessThanOrEqual(15 * 6_000_000);
  });

  it('fields that each fit add up: 15 (and 3) × 300d6 are refused, 2 × 300d6 are answered', async () => {
    await refusedForCost({ query: aliases(15, 'diceDistribution(input: {notation: "300d6"}) { min }') }, 'dice.distributionWork');
    await refusedForCost({ query: aliases(3, 'diceDistribution(input: {notation: "300d6"}) { min }') }, 'dice.distributionWork');
    const two = await post({ query: aliases(2, 'diceDistribution(input: {notation: "300d6"}) { min max }') });
    expect(two.status).toBe(200);
    expect(two.body.data).toEqual({ a0: { min: 300, max: 1800 }, a1: { min: 300, max: 1800 } });
  });

  it('variables, fragments and a named operation are counted the same', async () => {
    const field = (i: number) => `d${i}: diceDistribution(input: $input) { min }`;
    const fields = Array.from({ length: 15 }, (_, i) => field(i));
    await refusedForCost(
      { query: `query Q($input: DiceDistributionRequestInput!) { ${fields.join(' ')} }`, variables: { input: { notation: '1000d2kh500' } } },
      'dice.distributionWork',
    );
    const fragment = `query($n: String!) { ...F } fragment F on Query { ${Array.from({ length: 15 }, (_, i) => `d${i}: diceDistribution(input: {notation: $n}) { min }`).join(' ')} }`;
    await refusedForCost({ query: fragment, variables: { n: '300d6' } }, 'dice.distributionWork');
    const named = `query Cheap { health } query Costly { ${aliases(15, 'diceDistribution(input: {notation: "300d6"}) { min }').slice(1, -1)} }`;
    await refusedForCost({ query: named, operationName: 'Costly' }, 'dice.distributionWork');
    expect((await post({ query: named, operationName: 'Cheap' })).body).toEqual({ data: { health: 'ok' } });
  });

  it('rolls: 15 aliases of 1000d6! (11,000 draws each at worst) pass dice.draws together', async () => {
    const ext = await refusedForCost({ query: aliases(15, 'diceRoll(input: {notation: "1000d6!"}) { total }') }, 'dice.draws');
    expect(ext).toMatchObject({ limit: 100_000, measured: 165_000 });
  });

  it('one field over its budget alone keeps its own answer: null with 422 too_complex and the budget, as REST', async () => {
    const res = await post({
      query: '{ ok: diceRoll(input: {notation: "2d6", dice: {values: [1, 2]}}) { total } big: diceDistribution(input: {notation: "1000d2kh500"}) { min } }',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ok: { total: 3 }, big: null });
    expect(res.body.errors![0]).toMatchObject({ path: ['big'], extensions: { code: 'too_complex', status: 422, budget: { name: 'dice.distributionWork' } } });
  });
});

describe('GraphQL errors all carry extensions.code; introspection off in production', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app?.close());
  const ask = async (target: FastifyInstance, payload: Record<string, unknown>, method: 'POST' | 'GET' = 'POST') => {
    const res =
      method === 'POST'
        ? await target.inject({ method, url: '/graphql', payload })
        : await target.inject({ method, url: `/graphql?query=${encodeURIComponent(payload.query as string)}` });
    return { status: res.statusCode, body: res.json() as { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] } };
  };

  it('parse, validation and variable errors: graphql_parse_failed / graphql_validation_failed, HTTP 400 however many errors', async () => {
    const syntax = await ask(app, { query: '{ diceRoll(input: {notation: "2"}) { total ' });
    expect(syntax).toMatchObject({ status: 400, body: { data: null, errors: [{ extensions: { code: 'graphql_parse_failed', status: 400 } }] } });
    const two = await ask(app, { query: '{ diceRoll(notation: "1+1") { total } }' });
    expect(two.status).toBe(400);
    expect(two.body.errors!.length).toBe(2);
    for (const e of two.body.errors!) expect(e.extensions).toMatchObject({ code: 'graphql_validation_failed', status: 400 });
    const variable = await ask(app, { query: 'query($n: String!) { diceRoll(input: {notation: $n}) { total } }', variables: { n: 5 } });
    expect(variable).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'graphql_validation_failed', status: 400 } }] } });
    const get = await ask(app, { query: 'mutation { createMatch(input: {game: eden, players: [{id: "a", name: "A"}]}) { id } }' }, 'GET');
    expect(get.status).toBe(405);
    expect(get.body.errors![0]!.extensions).toMatchObject({ code: 'method_not_allowed', status: 405 });
  });

  it('NODE_ENV=production: __schema and __type are refused (introspection_disabled) unless GRAPHQL_INTROSPECTION=true; __typename stays', async () => {
    expect(loadConfig({ GRAPHQL_INTROSPECTION: 'true' }).graphql.introspection).toBe(true);
    expect(loadConfig({}).graphql.introspection).toBeUndefined();
    const prod = await testApp({ production: true });
    const open = await testApp({ production: true, graphql: { ...defaults, introspection: true } });
    try {
      for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Query") { name } }']) {
        expect(await ask(prod, { query })).toMatchObject({ status: 400, body: { data: null, errors: [{ extensions: { code: 'introspection_disabled', status: 400 } }] } });
        expect((await ask(open, { query })).status).toBe(200);
        expect((await ask(app, { query })).status).toBe(200); // outside production: on
      }
      expect((await ask(prod, { query: '{ __typename health }' })).body).toEqual({ data: { __typename: 'Query', health: 'ok' } });
    } finally {
      await prod.close();
      await open.close();
    }
  });
});
