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
