/**
 * Answers are serialized by the compiled serializer of their declared response schema
 * (src/http/plugins/serializer.ts), so every response schema must declare every member its answers
 * carry: a member it does not declare would be dropped. Every documented answer — each response
 * example of the OpenAPI document, and the answer of every request example of every operation —
 * is serialized both ways (the compiled serializer, unguarded, and JSON.stringify) and the two are
 * compared as parsed JSON (byte identity is not required: member order may differ).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { operations } from '../../src/app/registry.js';
import type { Operation, OperationContext } from '../../src/kernel/operation.js';
import { validate } from '../../src/kernel/validate.js';
import { diceFor } from '../../src/kernel/dice/index.js';
import { compiledSerializer, uncompiledSchemas, type ResponseSchema } from '../../src/http/plugins/serializer.js';

interface Media {
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, Media> }> }>> };

/** Both ways, compared as parsed JSON; the compiled serializer must neither throw nor drop or change a member. */
function expectSameJson(schema: unknown, value: unknown, where: string): void {
  const serialize = compiledSerializer(schema);
  expect(serialize, `${where}: no compiled serializer`).toBeDefined();
  let compiled: string;
  try {
    compiled = serialize!(value);
  } catch (error) {
    throw new Error(`${where}: the compiled serializer refused the answer: ${(error as Error).message}`);
  }
  expect(JSON.parse(compiled), where).toEqual(JSON.parse(JSON.stringify(value)));
}

/** Documented without a response schema on the route: GraphQL answers are written by Mercurius. */
const UNDECLARED = new Set(['/graphql']);

const context: OperationContext = { lang: 'en', dice: (spec) => diceFor(spec, () => 'serializer-test'), randomSeed: () => 'serializer-test' };

describe('response serializers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await memoryApp({ adminToken: 'admin' });
  });
  afterAll(() => app?.close());

  it('every declared response schema compiles (none falls back to JSON.stringify)', () => {
    expect(app.responseSchemas.length).toBeGreaterThan(100);
    expect(uncompiledSchemas.map((u) => u.error)).toEqual([]);
  });

  it('a member the schema does not declare fails the comparison', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } } };
    expectSameJson(schema, { a: 1 }, 'declared');
    expect(() => expectSameJson(schema, { a: 1, b: 2 }, 'undeclared')).toThrow();
  });

  it('every response example of the OpenAPI document serializes to the same JSON both ways', () => {
    const doc = app.swagger() as unknown as Doc;
    const byRoute = new Map<string, ResponseSchema>();
    for (const r of app.responseSchemas) byRoute.set(`${r.method} ${r.url} ${r.httpStatus} ${r.contentType ?? ''}`, r);
    let compared = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(op.responses ?? {})) {
          for (const [mediaType, media] of Object.entries(response.content ?? {})) {
            if (!/json/.test(mediaType)) continue;
            const route = byRoute.get(`${method.toUpperCase()} ${url} ${status} ${mediaType}`) ?? byRoute.get(`${method.toUpperCase()} ${url} ${status} `);
            const values = [...(media.example !== undefined ? [media.example] : []), ...Object.values(media.examples ?? {}).map((e) => e.value)];
            if (!values.length || (route === undefined && UNDECLARED.has(path))) continue;
            expect(route, `${method.toUpperCase()} ${path} ${status} ${mediaType}: an example without a declared response schema`).toBeDefined();
            values.forEach((value, i) => expectSameJson(route!.schema, value, `${method.toUpperCase()} ${path} ${status} ${mediaType} example ${i}`));
            compared += values.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it.each((operations as Operation<any>[]).filter((op) => op.examples?.length && op.response.type !== 'string').map((op) => [op.id, op] as const))(
    '%s: the answer to every request example serializes to the same JSON both ways',
    async (_id, op) => {
      for (const example of op.examples!) {
        let answer: unknown;
        try {
          const input = op.body ? validate(op.body, structuredClone(example.value)) : undefined;
          answer = await op.handle(input, context);
        } catch {
          continue; // an example of a refusal (its problem is documented, not its answer)
        }
        expectSameJson(op.response, answer, `${op.id}: “${example.summary}”`);
      }
    },
  );
});
