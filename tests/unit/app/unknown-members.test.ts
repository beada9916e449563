/** Unknown members (src/app/unknown-members.ts): members no branch of the schema declares, in one pass. */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { unknownMembers, withWarnings } from '../../../src/kernel/unknown-members.js';

const paths = (schema: object, data: unknown, prefix?: string) => unknownMembers(schema, data, prefix).map((w) => w.path);

describe('unknownMembers', () => {
  it('reports undeclared members at every depth, through objects and arrays, with RFC 6901 escaping', () => {
    const schema = Type.Object({ a: Type.Object({ b: Type.Array(Type.Object({ c: Type.Integer() })) }) });
    expect(paths(schema, { a: { b: [{ c: 1 }, { c: 2, d: 3 }], x: 1 }, 'y/~': 2 })).toEqual(['/a/b/1/d', '/a/x', '/y~1~0']);
    expect(unknownMembers(schema, { z: 1 })[0]).toEqual({ path: '/z', code: 'unknown_member', message: expect.stringContaining('"z"') });
  });

  it('unions and intersections: a member is unknown only when no branch declares it', () => {
    const union = Type.Union([
      Type.Object({ kind: Type.Literal('a'), x: Type.Integer() }),
      Type.Object({ kind: Type.Literal('b'), y: Type.Object({ z: Type.Integer() }) }),
      Type.String(),
    ]);
    expect(paths(union, { kind: 'a', x: 1, y: { z: 1, w: 2 }, q: 3 })).toEqual(['/y/w', '/q']);
    const both = Type.Intersect([Type.Object({ a: Type.Integer() }), Type.Object({ b: Type.Integer() })]);
    expect(paths(both, { a: 1, b: 2, c: 3 })).toEqual(['/c']);
  });

  it('open objects (additionalProperties, records, unknown values) are not checked below', () => {
    const schema = Type.Object({
      open: Type.Object({}, { additionalProperties: true }),
      map: Type.Record(Type.String(), Type.Integer()),
      any: Type.Unknown(),
    });
    expect(paths(schema, { open: { p: 1 }, map: { k: 1 }, any: { deep: { er: 1 } } })).toEqual([]);
  });

  it('a recursive schema is walked without looping, and a prefix re-roots the paths', () => {
    const tree = Type.Recursive((self) => Type.Object({ children: Type.Array(self) }));
    expect(() => unknownMembers(tree, { children: [{ children: [] }] })).not.toThrow();
    expect(paths(Type.Object({ a: Type.Integer() }), { b: 1 }, '/command')).toEqual(['/command/b']);
  });
});

describe('withWarnings', () => {
  it('adds warnings only when there are some, after the answer’s own', () => {
    const w = [{ path: '/x', code: 'unknown_member', message: 'm' }];
    const answer = { ok: true };
    expect(withWarnings(answer, [])).toBe(answer);
    expect(withWarnings(answer, w)).toEqual({ ok: true, warnings: w });
    expect(withWarnings({ warnings: [{ path: '/budget' }] }, w).warnings).toEqual([{ path: '/budget' }, ...w]);
  });
});
