/** Post-processing of the OpenAPI document (src/http/openapi/): shared titled schemas, 3.1 tuples, example names. */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { shareTitledSchemas, type Document } from '../../../src/http/openapi/shared-schemas.js';
import { exampleName } from '../../../src/http/openapi/operation-examples.js';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const docWith = (schema: unknown, components: Record<string, unknown> = {}): Document =>
  ({ components: { schemas: components }, paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: {} } } } }) as Document;
const bodyOf = (doc: Document) => (doc.paths as any)['/x'].post.requestBody.content['application/json'].schema;

describe('shared titled schemas', () => {
  it('stores a titled schema once and references it wherever it occurs, nested ones included', () => {
    const Inner = Type.Object({ n: Type.Integer() }, { title: 'Inner' });
    const Outer = Type.Object({ a: Inner, b: Type.Array(Inner) }, { title: 'Outer' });
    const doc = docWith(clone(Type.Object({ one: Outer, two: Outer })));
    shareTitledSchemas(doc);
    expect(bodyOf(doc).properties).toEqual({ one: { $ref: '#/components/schemas/Outer' }, two: { $ref: '#/components/schemas/Outer' } });
    expect(doc.components!.schemas!.Outer).toMatchObject({
      title: 'Outer',
      properties: { a: { $ref: '#/components/schemas/Inner' }, b: { items: { $ref: '#/components/schemas/Inner' } } },
    });
    expect(doc.components!.schemas!.Inner).toMatchObject({ title: 'Inner', properties: { n: { type: 'integer' } } });
  });

  it('refuses two different schemas with one title', () => {
    const a = Type.Object({ n: Type.Integer() }, { title: 'Same' });
    const b = Type.Object({ s: Type.String() }, { title: 'Same' });
    expect(() => shareTitledSchemas(docWith(clone(Type.Object({ a, b }))))).toThrow(/two different schemas have the title "Same"/);
  });

  it('keeps a titled component where it is and references it from the paths', () => {
    const Problem = Type.Object({ status: Type.Integer() }, { title: 'Problem' });
    const doc = docWith(clone(Problem), { Problem: clone(Problem) });
    shareTitledSchemas(doc);
    expect(bodyOf(doc)).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(doc.components!.schemas!.Problem).toMatchObject({ title: 'Problem', properties: { status: { type: 'integer' } } });
  });

  it('writes TypeBox tuples as prefixItems (closed: items false)', () => {
    const doc = docWith(clone(Type.Object({ pair: Type.Tuple([Type.Number(), Type.String()]) })));
    shareTitledSchemas(doc);
    const pair = bodyOf(doc).properties.pair;
    expect(pair).toMatchObject({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false, minItems: 2, maxItems: 2 });
    expect(pair).not.toHaveProperty('additionalItems');
  });
});

describe('example names', () => {
  it('are made of the summary’s words, without accents, at most 48 characters, unique', () => {
    const taken = new Set<string>();
    expect(exampleName('Passive target, fixed dice', taken)).toBe('passive-target-fixed-dice');
    expect(exampleName('Passive target, fixed dice', taken)).toBe('passive-target-fixed-dice-2');
    expect(exampleName('Location on Yûri, aiming at the head with 3 successes', taken)).toBe('location-on-yuri-aiming-at-the-head-with-3');
    expect(exampleName('!!!', taken)).toBe('example');
  });
});
