/** The JSON body parser's two limits in one pass (src/http/plugins/json-body.ts `bodyLimitsProblem`). */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { bodyLimitsProblem, MAX_BODY_DEPTH } from '../../../src/http/plugins/json-body.js';

const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });
const schema = Type.Object({ list: Type.Array(Type.Integer(), { maxItems: 3 }), deep: Type.Optional(Type.Unknown()) });
const problemOf = (body: unknown) => {
  const p = bodyLimitsProblem(body, schema);
  return p && { status: p.status, code: p.code, paths: (p.extra?.errors as { path: string }[] | undefined)?.map((e) => e.path) };
};

describe('bodyLimitsProblem', () => {
  it('accepts a body within both limits (nesting exactly MAX_BODY_DEPTH, arrays at maxItems)', () => {
    expect(problemOf({ list: [1, 2, 3], deep: nested(MAX_BODY_DEPTH - 1) })).toBeUndefined();
    expect(bodyLimitsProblem('text', schema)).toBeUndefined();
    expect(bodyLimitsProblem(null, undefined)).toBeUndefined();
  });

  it('names the over-long array (too_many_items), and only arrays the schema bounds', () => {
    expect(problemOf({ list: [1, 2, 3, 4] })).toEqual({ status: 400, code: 'too_many_items', paths: ['/list'] });
    // longer than the smallest maxItems, but where the schema sets none: no problem
    expect(problemOf({ list: [1], deep: [1, 2, 3, 4, 5] })).toBeUndefined();
  });

  it('a body too deep is too_deep, even when it also has an over-long array before the deep part', () => {
    expect(problemOf({ list: [1, 2, 3, 4], deep: nested(MAX_BODY_DEPTH) })).toEqual({
      status: 400,
      code: 'too_deep',
      paths: ['/deep' + '/a'.repeat(MAX_BODY_DEPTH - 1)],
    });
  });

  it('a body nested far deeper than the limit is refused without walking it all', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(problemOf(deep)?.code).toBe('too_deep');
  });
});
