/**
 * Transports are thin adapters over the same operations: for every operation, each documented
 * example gives the same answer through GraphQL (every field of the typed result selected, union
 * members through `... on`) as through REST (same seed, so same dice). GraphQL cannot tell an
 * absent member from `null`: both sides drop null members before comparing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { loadConfig } from '../../src/config.js';
import { operations } from '../../src/app/registry.js';
import { asRest, fullSelection, withoutNulls } from '../helpers/graphql-selection.js';
import { restAsInput } from '../../src/graphql/types/rest-shape.js';
import { buildSchema } from '../../src/graphql/schema.js';

const schema = buildSchema();

/** Random seeds differ between two calls: pin one (`dice.seed`, or Exsilium's `seed`) where the example has none. */
function withSeed(op: (typeof operations)[number], body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const accepts = (op.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  // a top-level seed already pins Exsilium's shuffles (`dice.seed` beside it must agree, CONTRACT §7.5)
  if ('dice' in accepts && !('dice' in b) && !('seed' in b)) return { ...b, dice: { seed: 'parity' } };
  if ('seed' in accepts && !('seed' in b)) return { ...b, seed: 'parity' };
  return b;
}

/** Without the members that differ between two calls, and without null members (GraphQL's absent). */
function stable(value: unknown): unknown {
  return withoutNulls(JSON.parse(JSON.stringify(value, (key, v) => (key === 'recordedAt' || key === 'requestId' ? undefined : v))));
}

describe('GraphQL answers what REST answers, for every operation and example', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // a selection of every field of the largest results passes the default token limit (depth stays within its limit)
    const off = { ...loadConfig({}).graphql, maxTokens: 0 };
    app = await testApp({ graphql: off });
  });
  afterAll(async () => app.close());

  for (const op of operations) {
    const examples = op.body ? (op.examples ?? []) : [{ summary: 'no input', value: undefined }];
    examples.forEach((example, i) => {
      it(`${op.id} example ${i + 1} (query ${op.graphql.name})`, async () => {
        const input = op.body ? withSeed(op, example.value) : undefined;
        const rest = await app.inject({ method: op.method, url: op.path, ...(op.body ? { payload: input as object } : {}), headers: { 'accept-language': 'es' } });
        expect(rest.statusCode, rest.body).toBe(200);
        const selection = fullSelection(schema, 'query', op.graphql.name).replace(op.graphql.name, op.body ? `${op.graphql.name}(input: $input)` : op.graphql.name);
        const arg = schema.getQueryType()!.getFields()[op.graphql.name]!.args[0];
        const query = op.body ? `query ($input: ${String(arg!.type)}) { ${selection} }` : `query { ${selection} }`;
        // the REST body as GraphQL input: maps as [{key, value}] entries, several-kinds members as their alternative
        const variables = op.body ? { input: restAsInput(input, arg!.type) } : {};
        const gql = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { 'accept-language': 'es' } });
        expect(gql.statusCode, gql.body).toBe(200);
        const body = gql.json();
        expect(body.errors, gql.body).toBeUndefined();
        // an operation answering text/plain over REST (eden.rosterFormat) is that string in GraphQL
        const restAnswer = String(rest.headers['content-type']).startsWith('text/plain') ? rest.body : rest.json();
        expect(stable(asRest(body.data[op.graphql.name], schema.getQueryType()!.getFields()[op.graphql.name]!.type))).toEqual(stable(restAnswer));
      });
    });
  }

  it('every POST operation documents at least one example', () => {
    expect(operations.filter((op) => op.method === 'POST' && !op.examples?.length).map((op) => op.id)).toEqual([]);
  });
});
