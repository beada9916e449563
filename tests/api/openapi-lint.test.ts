/**
 * The committed OpenAPI document is one that tools accept (`redocly lint` — recommended rules, and
 * examples that match their schemas: redocly.yaml — runs in `npm run lint`), shapes are shared in
 * `components.schemas`, every operation states its security, errors are problem+json, and every
 * answer has an example. (tests/api/discovery.test.ts checks the committed file is up to date.)
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { operations } from '../../src/app/registry.js';

const run = promisify(execFile);
type Json = Record<string, any>;
const doc: Json = JSON.parse(await readFile('openapi/openapi.json', 'utf8'));
const ops = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })),
);

/** Every value of `node` (depth first) with the JSON pointer to it. */
function* walk(node: unknown, pointer = ''): Generator<[string, Json]> {
  if (typeof node !== 'object' || node === null) return;
  yield [pointer, node as Json];
  for (const [k, v] of Object.entries(node)) yield* walk(v, `${pointer}/${k}`);
}
/** The schemas of the document, without the example values (whose members are data, not schema). */
const schemaNodes = () => [...walk({ paths: doc.paths, components: doc.components })].filter(([p]) => !/\/examples?\//.test(p));

describe('the OpenAPI document (openapi/openapi.json)', () => {
  it('openapi-typescript turns it into types, with the shared shapes as named types', async () => {
    const { stdout } = await run('node_modules/.bin/openapi-typescript', ['openapi/openapi.json'], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
    expect(stdout).toMatch(/^\s+Fighter: \{$/m);
    expect(stdout).toMatch(/^\s+Problem: \{$/m);
    expect(stdout).toContain('"application/problem+json": components["schemas"]["Problem"]');
  }, 90_000);

  it('shares the main shapes in components.schemas, each stored once and referenced by $ref', () => {
    const schemas = doc.components.schemas as Json;
    for (const name of ['Fighter', 'DiceSpec', 'DiceTranscript', 'Problem', 'Roster', 'MeleeResult', 'RangedResult', 'MatchView', 'MatchEvent', 'Simulation', 'AnimaGroup']) {
      expect(schemas[name], name).toBeDefined();
      expect(schemas[name].title).toBe(name);
    }
    // no titled schema is left inline: the title lives only on the component itself
    const inline = schemaNodes().filter(([p, n]) => typeof n.title === 'string' && !/^\/components\/schemas\/[^/]+$/.test(p));
    expect(inline.map(([p]) => p)).toEqual([]);
    const refs = schemaNodes().filter(([, n]) => n.$ref === '#/components/schemas/Fighter').length;
    expect(refs).toBeGreaterThan(20);
    // the same document inlined the fighter 47 times (930 KB without spaces); v1.2 (dice, league) brought it to 642 KB with every shape shared;
    // v1.3 publishes one schema per command type and deprecated alias (the typed command union, CONTRACT §9.3: ~176 KB, its shared parts referenced)
    // and one schema per game's state and per event type's data, with the events as a union (~320 KB)
    expect(JSON.stringify(doc).length).toBeLessThan(1_300_000);
  });

  it('a schema sent by reference requires `ref` or its members; every other required member stays required (CatalogRef.id)', () => {
    const schemas = doc.components.schemas as Json;
    expect(schemas.Fighter.anyOf).toEqual([{ required: ['ref'] }, { required: expect.arrayContaining(['id', 'name']) }]);
    expect(schemas.CatalogRef.required).toEqual(['id']);
    expect(schemas.CatalogRef.anyOf).toBeUndefined();
    // a `required` naming a member the schema does not define (redocly's no-required-schema-properties-undefined)
    const undefinedRequired = schemaNodes().flatMap(([p, n]) =>
      n.properties && Array.isArray(n.required) ? n.required.filter((r: string) => !(r in n.properties)).map((r: string) => `${p}: ${r}`) : [],
    );
    expect(undefinedRequired).toEqual([]);
  });

  it('writes tuples as 3.1 prefixItems (no draft-07 items arrays or additionalItems)', () => {
    const draft07 = schemaNodes().filter(([, n]) => Array.isArray(n.items) || 'additionalItems' in n);
    expect(draft07.map(([p]) => p)).toEqual([]);
    const interval = doc.components.schemas.SimulationResult.properties.confidence.properties.successRate;
    expect(interval).toMatchObject({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 });
  });

  const TABLE_ROUTES = ['GET /v1/matches/{id}', 'GET /v1/matches/{id}/events', 'GET /v1/matches/{id}/moves', 'GET /v1/matches/{id}/feed', 'POST /v1/matches/{id}/commands'];

  it('names a relative server and the security of every operation', () => {
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    const registry = new Set(operations.map((op) => op.id));
    for (const { name, path, op } of ops) {
      expect(op.security, name).toBeDefined();
      if (
        registry.has(op.operationId) ||
        ['/health', '/ready', '/.well-known/jwks.json', '/v1/receipts/verify', '/v1/eden/rosters/{id}', '/v1/eden/rosters/diff', '/v1/games', '/v1/games/{game}/commands'].includes(
          path,
        ) ||
        // league catalogs are read by anyone (CONTRACT §8.4); storing one needs the key
        name === 'GET /v1/eden/catalogs/{id}' ||
        // shared distribution links and blind-roll reveals are open like every roll (CONTRACT §8.3)
        ['GET /v1/dice/distribution', 'POST /v1/dice/rolls/{id}/reveal', 'POST /v1/dice/blind-rolls', 'POST /v1/dice/blind-rolls/{id}/reveal'].includes(name)
      ) {
        expect(op.security, name).toEqual([]);
      } else if (path.startsWith('/v1/admin/')) expect(op.security, name).toEqual([{ adminToken: [] }]);
      else if (path === '/graphql') expect(op.security, name).toEqual([{}, { apiKey: [] }]);
      // the match routes a seat or spectator token opens (CONTRACT §8.1)
      else if (TABLE_ROUTES.includes(name)) expect(op.security, name).toEqual([{ apiKey: [] }, { tableToken: [] }]);
      else expect(op.security, name).toEqual([{ apiKey: [] }]);
    }
  });

  it('documents every error as application/problem+json with the Problem schema and a description', () => {
    for (const { name, op } of ops) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        if (Number(status) < 400) continue;
        const resolved = response.$ref ? doc.components.responses[String(response.$ref).split('/').pop()!] : response;
        expect(resolved.description, `${name} ${status}`).toBeTruthy();
        expect(Object.keys(resolved.content), `${name} ${status}`).toEqual(['application/problem+json']);
        expect(resolved.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
      }
    }
  });

  it('names request examples after their summaries and gives every answer with a body an example', () => {
    for (const { name, op } of ops) {
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>)) {
        if (type === 'text/plain') continue;
        for (const [key, example] of Object.entries((media.examples ?? {}) as Record<string, Json>)) {
          expect(key, name).not.toMatch(/^example\d+$/);
          expect(example.summary, `${name} ${key}`).toBeTruthy();
        }
      }
      const ok = Object.entries(op.responses as Record<string, Json>).find(([s]) => /^2/.test(s))!;
      if (ok[0] === '204') continue;
      const media = Object.values(ok[1].content as Record<string, Json>)[0];
      const examples = Object.values((media.examples ?? {}) as Record<string, Json>);
      expect(examples.length, `${name} has a response example`).toBe(1);
      expect(examples[0].summary).toBeTruthy();
    }
    const melee = doc.paths['/v1/eden/attacks/melee'].post;
    expect(Object.keys(melee.requestBody.content['application/json'].examples)).toEqual(['passive-target-fixed-dice', 'response-seeded-dice']);
    // computed with the example's own fixed dice: the transcript shows them
    const answer = melee.responses['200'].content['application/json'].examples['passive-target-fixed-dice'].value;
    const rolled = answer.dice.rolls.flatMap((r: { values: number[] }) => r.values);
    expect(answer.dice.seed).toBeNull();
    expect(rolled).toEqual([4, 5, 1, 2, 4].slice(0, rolled.length));
  });

  it('documents event streams as text/event-stream and charts as SVG and PNG', () => {
    for (const path of ['/v1/matches/{id}/feed', '/v1/simulations/{id}/events']) {
      const ok = doc.paths[path].get.responses['200'];
      expect(Object.keys(ok.content), path).toEqual(['text/event-stream']);
      expect(ok.description).toMatch(/retry: 2000/);
    }
    expect(Object.keys(doc.paths['/v1/eden/attacks/melee/odds'].post.responses['200'].content)).toEqual(['application/json', 'image/svg+xml', 'image/png']);
    // the simulation chart answers SVG or PNG by Accept
    expect(Object.keys(doc.paths['/v1/simulations/{id}/chart.svg'].get.responses['200'].content)).toEqual(['image/svg+xml', 'image/png']);
  });
});
