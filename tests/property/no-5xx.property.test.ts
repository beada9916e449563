/**
 * No input can produce a 5xx (CONTRACT §0): every registered operation is sent arbitrary JSON
 * values and mutations of its documented examples; each answer must be a 2xx, 400 or 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { operations } from '../../src/app/registry.js';

const posts = operations.filter((op) => op.method === 'POST');

/** Replace one member somewhere inside `value` by `replacement`. */
function mutate(value: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
  const keys = Object.keys(value as object);
  if (keys.length === 0) return replacement;
  const key = keys[path[0]! % keys.length]!;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as object) };
  (copy as Record<string, unknown>)[key] = mutate((value as Record<string, unknown>)[key], path.slice(1), replacement);
  return copy;
}

describe('no input yields a 5xx', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  it('has operations to check', () => {
    expect(posts.length).toBeGreaterThan(0);
  });

  for (const op of posts) {
    it(`${op.id}: arbitrary JSON bodies get 2xx/400/422`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (body) => {
          const res = await app.inject({ method: 'POST', url: op.path, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          expect([200, 201, 400, 422], res.body).toContain(res.statusCode);
        }),
        { numRuns: 60 },
      );
    });

    const examples = op.examples ?? [];
    if (examples.length) {
      it(`${op.id}: mutated examples get 2xx/400/422`, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...examples.map((e) => e.value)),
            fc.array(fc.nat(), { maxLength: 5 }),
            fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.integer({ min: -3, max: 20 }), fc.constant(null), fc.constant([])),
            async (example, path, replacement) => {
              const body = mutate(example, path, replacement);
              const res = await app.inject({ method: 'POST', url: op.path, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
              expect([200, 201, 400, 422], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
            },
          ),
          { numRuns: 150 },
        );
      });

      it(`${op.id}: every documented example is accepted`, async () => {
        for (const example of examples) {
          const res = await app.inject({ method: 'POST', url: op.path, payload: example.value as object });
          expect(res.statusCode, `${example.summary}: ${res.body}`).toBe(200);
        }
      });
    }
  }
});
