/**
 * The schema the compiled serializer is given (src/http/plugins/serializer-schema.ts): alternatives
 * that write alike whichever matched are given as what they write, so fast-json-stringify compiles
 * and runs no Ajv validator for them; what it writes is what JSON.stringify writes.
 */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { serializerSchema } from '../../../src/http/plugins/serializer-schema.js';
import { compiledSerializer } from '../../../src/http/plugins/serializer.js';
import { operations } from '../../../src/app/registry.js';
import { declaringWarnings } from '../../../src/kernel/unknown-members.js';

/** Every `anyOf`/`oneOf` left in `schema`, as its alternatives' types. */
function alternativesLeft(schema: unknown, out: string[][] = []): string[][] {
  if (Array.isArray(schema)) schema.forEach((s) => alternativesLeft(s, out));
  else if (schema !== null && typeof schema === 'object') {
    for (const key of ['anyOf', 'oneOf']) {
      const list = (schema as Record<string, unknown>)[key];
      if (Array.isArray(list)) out.push(list.map((a: { type?: string }) => String(a.type)));
    }
    for (const [key, value] of Object.entries(schema)) if (key !== 'examples') alternativesLeft(value, out);
  }
  return out;
}

const Side = Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('npc')], { description: 'a side' });
const Answer = Type.Object({
  side: Side,
  winner: Type.Union([Type.Object({ id: Type.String(), wounds: Type.Integer() }), Type.Null()]),
  limbs: Type.Union([Type.Array(Type.String(), { maxItems: 4 }), Type.Literal('all')]),
  player: Type.Union([Type.String(), Type.Literal('npc')]),
  roll: Type.Union([Type.Integer(), Type.Null()]),
  event: Type.Union([Type.Object({ kind: Type.Literal('hit'), wounds: Type.Integer() }), Type.Object({ kind: Type.Literal('miss') })]),
});

describe('the schema the compiled serializer is given', () => {
  it('constants of one type are written as that type, a schema or null with `nullable`, alternatives of different types by their types', () => {
    // as JSON: members nested unchanged are the declared schemas themselves (TypeBox's symbols included)
    const given = JSON.parse(JSON.stringify(serializerSchema(Answer))) as { properties: Record<string, Record<string, unknown>> };
    expect(given.properties.side).toEqual({ description: 'a side', type: 'string' });
    expect(given.properties.winner).toMatchObject({ type: 'object', nullable: true, required: ['id', 'wounds'] });
    expect(given.properties.limbs).toEqual({ type: ['array', 'string'], maxItems: 4, items: { type: 'string' } });
    expect(given.properties.player).toEqual({ type: 'string' });
    expect(given.properties.roll).toEqual({ type: 'integer', nullable: true });
    // objects only a member tells apart: written as they are (a schema of any value)
    expect(given.properties.event).toEqual({});
  });

  it('leaves the declared schema as it was (validation and the OpenAPI document use it)', () => {
    const before = JSON.stringify(Answer);
    serializerSchema(Answer);
    expect(JSON.stringify(Answer)).toBe(before);
    expect(serializerSchema(Type.Object({ n: Type.Integer() }))).toEqual(Type.Object({ n: Type.Integer() }));
  });

  it('writes what JSON.stringify writes, for every alternative', () => {
    const serialize = compiledSerializer(Answer)!;
    const values = [
      { side: 'A', winner: { id: 'yuri', wounds: 2 }, limbs: ['head', 'torso'], player: 'B', roll: 7, event: { kind: 'hit', wounds: 1 } },
      { side: 'npc', winner: null, limbs: 'all', player: 'npc', roll: null, event: { kind: 'miss' } },
    ];
    for (const value of values) expect(JSON.parse(serialize(value))).toEqual(value);
  });

  it('every operation’s answer is written with no validator: no alternatives are left', () => {
    for (const op of operations) expect({ op: op.id, left: alternativesLeft(serializerSchema(declaringWarnings(op.response))) }).toEqual({ op: op.id, left: [] });
  });
});
