/**
 * The one pass over a request body on arrival (src/kernel/body-pass.ts) finds what the two walks it
 * replaced found: `scanBody`'s depth and array-length verdict, and the unknown members of the
 * unknown-members walker, in its order, with its paths and messages — for every operation's body
 * schema, its examples, and random bodies; and the handler reads them instead of walking again.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Type, type TSchema } from '@sinclair/typebox';
import { operations } from '../../../src/app/registry.js';
import { bodyPass } from '../../../src/kernel/body-pass.js';
import { scanBody, smallestMaxItems, TOO_DEEP } from '../../../src/kernel/body-limits.js';
import { forgetUnknownMembers, rememberUnknownMembers, unknownMembers } from '../../../src/kernel/unknown-members.js';
import type { InputProblem } from '../../../src/kernel/errors.js';

/** The pass against the two walks it replaced, for one body; `limit` the depth limit. */
function agrees(schema: TSchema, body: unknown, limit: number): void {
  const longest = smallestMaxItems(schema);
  const out: InputProblem[] = [];
  const found = bodyPass(schema, body, limit, longest, out);
  forgetUnknownMembers();
  expect(found).toBe(scanBody(body, limit, longest));
  // past the depth limit the body is refused: its members are not looked at
  if (found !== TOO_DEEP) expect(out).toEqual(unknownMembers(schema, body));
}

/** `value` with unknown members added to every object of it, and each array doubled. */
function sprinkled(value: unknown, n = 0): unknown {
  if (Array.isArray(value)) return [...value, ...value].map((item) => sprinkled(item, n + 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = { [`typo${n}`]: { deep: [{ er: n }] } };
  for (const [key, member] of Object.entries(value)) out[key] = sprinkled(member, n + 1);
  out['a/b~c'] = n;
  return out;
}

const nested = (depth: number): unknown => (depth === 0 ? [] : { a: [nested(depth - 1)] });

describe('the one pass over a body on arrival', () => {
  const bodies = operations.filter((op) => op.body).map((op) => ({ id: op.id, schema: op.body!, examples: (op.examples ?? []).map((e) => e.value) }));

  it('finds what scanBody and the unknown-members walk find, for every operation body: its examples, with unknown members added, and nested past the limit', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const { schema, examples } of bodies) {
      for (const example of examples) {
        for (const body of [example, sprinkled(example), { ...(example as object), deep: nested(40) }]) {
          for (const limit of [64, 12, 5, 2]) agrees(schema, structuredClone(body), limit);
        }
      }
    }
  });

  it('finds the same for random bodies against a union, an open object, a tuple and a recursive schema', () => {
    const schemas = [
      Type.Union([
        Type.Object({ kind: Type.Literal('a'), x: Type.Array(Type.Integer(), { maxItems: 2 }) }),
        Type.Object({ kind: Type.Literal('b'), y: Type.Object({ z: Type.Integer() }) }),
      ]),
      Type.Object({
        open: Type.Object({ inner: Type.Object({ n: Type.Integer() }) }, { additionalProperties: true }),
        list: Type.Array(Type.Object({ v: Type.String() }), { maxItems: 3 }),
      }),
      Type.Tuple([Type.Object({ a: Type.Integer() }), Type.Array(Type.Unknown(), { maxItems: 1 })]),
      Type.Recursive((self) => Type.Object({ children: Type.Array(self, { maxItems: 4 }) })),
    ];
    const body = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), tie('object'), tie('array')),
      object: fc.dictionary(fc.constantFrom('kind', 'x', 'y', 'z', 'open', 'inner', 'n', 'list', 'v', 'a', 'children', 'typo'), tie('value'), { maxKeys: 4 }),
      array: fc.array(tie('value'), { maxLength: 5 }),
    })).value;
    fc.assert(
      fc.property(fc.constantFrom(...schemas), body, fc.constantFrom(64, 3, 1), (schema, value, limit) => agrees(schema, value, limit)),
      { numRuns: 400 },
    );
  });

  it('the handler reads the warnings the pass kept for its body and schema, once; any other body or schema is walked', () => {
    const schema = Type.Object({ a: Type.Integer() });
    const body = { a: 1, b: 2 };
    const kept: InputProblem[] = [{ path: '/kept', code: 'unknown_member', message: 'kept' }];
    rememberUnknownMembers(schema, body, kept);
    expect(unknownMembers(Type.Object({ a: Type.Integer() }), body).map((w) => w.path)).toEqual(['/b']);
    expect(unknownMembers(schema, body)).toBe(kept);
    expect(unknownMembers(schema, body).map((w) => w.path)).toEqual(['/b']);
    rememberUnknownMembers(schema, body, kept);
    forgetUnknownMembers();
    expect(unknownMembers(schema, body).map((w) => w.path)).toEqual(['/b']);
  });
});
