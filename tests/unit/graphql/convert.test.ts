/** TypeBox → GraphQL types (src/graphql/types): names, enums, numbers, unions, inputs, JSON. */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import type { GraphQLEnumType, GraphQLInputObjectType, GraphQLNonNull, GraphQLObjectType, GraphQLOutputType } from 'graphql';
import { TypeConverter } from '../../../src/graphql/types/convert.js';
import { gql } from '../../../src/graphql/types/graphql-js.js';
import { typedForGraphql } from '../../../src/kernel/schemas/graphql-view.js';

/** A schema with one Query field `value` of `type` answering `value`. */
async function answer(type: GraphQLOutputType, value: unknown, selection: string) {
  const schema = new gql.GraphQLSchema({ query: new gql.GraphQLObjectType({ name: 'Query', fields: { value: { type, resolve: () => value } } }) });
  return gql.graphql({ schema, source: `{ value ${selection} }` });
}

describe('TypeConverter', () => {
  it('objects: output types named from the path, input types with the Input suffix; required members non-null', () => {
    const t = new TypeConverter();
    const schema = Type.Object({ a: Type.Integer(), b: Type.Optional(Type.String()), c: Type.Union([Type.Boolean(), Type.Null()]), inner: Type.Object({ x: Type.Number() }) });
    const out = t.output(schema, 'EdenMeleeResult').type as GraphQLObjectType;
    expect(gql.printType(out)).toBe('type EdenMeleeResult {\n  a: Int!\n  b: String\n  c: Boolean\n  inner: EdenMeleeResultInner!\n}');
    const input = t.input(schema, 'EdenMelee').type as GraphQLInputObjectType;
    expect(input.name).toBe('EdenMeleeInput');
    expect(String(input.getFields().inner!.type)).toBe('EdenMeleeInnerInput!');
    // the same structure elsewhere is the same type
    expect(t.output(Type.Object({ x: Type.Number() }), 'Other').type).toBe((out.getFields().inner!.type as GraphQLNonNull<GraphQLObjectType>).ofType);
  });

  it('a title is the name, shared by every use; two different schemas with one title are an error', () => {
    const t = new TypeConverter();
    const Fighter = Type.Object({ id: Type.String() }, { title: 'Fighter' });
    expect((t.output(Fighter, 'A').type as GraphQLObjectType).name).toBe('Fighter');
    expect(t.output(Type.Object({ id: Type.String() }, { title: 'Fighter', description: 'same' }), 'B').type).toBe(t.output(Fighter, 'C').type);
    expect((t.input(Fighter, 'A').type as GraphQLInputObjectType).name).toBe('FighterInput');
    expect(() => t.output(Type.Object({ id: Type.Integer() }, { title: 'Fighter' }), 'D')).toThrow(/two different schemas are titled "Fighter"/);
  });

  it('string literal unions are enums: valid names, the REST strings as values', () => {
    const t = new TypeConverter();
    const game = t.output(Type.Union([Type.Literal('eden'), Type.Literal('spirit-of-eden'), Type.Literal('2x')]), 'Game').type as GraphQLEnumType;
    expect(game.getValues().map((v) => [v.name, v.value])).toEqual([
      ['eden', 'eden'],
      ['spirit_of_eden', 'spirit-of-eden'],
      ['_2x', '2x'],
    ]);
    expect(game.serialize('spirit-of-eden')).toBe('spirit_of_eden');
    expect(game.parseValue('spirit_of_eden')).toBe('spirit-of-eden');
    expect(game.parseValue('spirit-of-eden')).toBe('spirit-of-eden');
  });

  it('Integer is Int when its range fits 32 bits, else Float; Number is Float', () => {
    const t = new TypeConverter();
    expect(String(t.output(Type.Integer({ minimum: 0, maximum: 2_000_000_000 }), 'N').type)).toBe('Int');
    expect(String(t.output(Type.Integer({ maximum: 10_000_000_000 }), 'N').type)).toBe('Float');
    expect(String(t.output(Type.Number(), 'N').type)).toBe('Float');
    expect(String(t.output(Type.Union([Type.Literal(1), Type.Literal(2)]), 'N').type)).toBe('Int');
  });

  it('open maps, unknown values, mixed tuples, alternatives that would share a field, and bad member names are JSON', () => {
    const t = new TypeConverter();
    for (const schema of [
      Type.Record(Type.String(), Type.Unknown()),
      Type.Unknown(),
      Type.Object({}, { additionalProperties: true }),
      Type.Tuple([Type.String(), Type.Integer()]),
      // two lists: both would be the alternative `list`
      Type.Union([Type.Array(Type.String()), Type.Array(Type.Integer())]),
      Type.Object({ 'a-b': Type.String() }),
    ])
      expect(String(t.output(schema, 'X').type)).toBe('JSON');
    expect(String(t.output(Type.Tuple([Type.Number(), Type.Number()]), 'Interval').type)).toBe('[Float!]');
    // an input whose other members carry meaning cannot be a closed input type
    expect(String(t.input(Type.Object({ type: Type.String() }, { additionalProperties: true }), 'Command').type)).toBe('JSON');
  });

  it('issue 25.6: a map keyed by data is a list of {key, value} entries; a member of several kinds one field per alternative', async () => {
    const t = new TypeConverter();
    const scores = t.output(Type.Record(Type.String(), Type.Integer()), 'Score').type;
    expect(String(scores)).toBe('[ScoreEntry!]');
    expect(gql.printType(gql.getNamedType(scores))).toContain('key: String!\n  value: Int!');
    const limbs = t.output(Type.Union([Type.Literal('all'), Type.Array(Type.String())]), 'Limbs').type as GraphQLObjectType;
    expect(Object.keys(limbs.getFields())).toEqual(['all', 'list']);
    expect(await answer(new gql.GraphQLObjectType({ name: 'Holder', fields: { limbs: { type: limbs, resolve: () => ({ all: true }) } } }), {}, '{ limbs { all list } }')).toEqual({
      data: { value: { limbs: { all: true, list: null } } },
    });
    // scalars of two JSON types (a side name or a boolean): `value` and a field named after the other type
    const expelled = t.output(Type.Union([Type.Literal('group'), Type.Literal('opponent'), Type.Boolean()]), 'Expelled').type as GraphQLObjectType;
    expect(Object.keys(expelled.getFields())).toEqual(['value', 'boolean']);
  });

  it('a member REST answers as stored (open) is typed in GraphQL by the schema it names (typedForGraphql), nullable as REST says', () => {
    const t = new TypeConverter();
    const typed = Type.Object({ name: Type.String() }, { title: 'Stored' });
    const open = typedForGraphql(Type.Object({}, { additionalProperties: true, description: 'As stored.' }), typed);
    expect(String(t.outputField(open, 'X'))).toBe('Stored!');
    expect(String(t.outputField(Type.Union([open, Type.Null()]), 'X'))).toBe('Stored');
    expect(String(t.inputField(typedForGraphql(Type.Unknown(), typed), 'X'))).toBe('StoredInput!');
    // REST sees the open schema only: the view is under a symbol
    expect(JSON.stringify(open)).toBe('{"additionalProperties":true,"description":"As stored.","type":"object","properties":{}}');
  });

  it('unions of objects: a GraphQL union resolved by its discriminant, or by the member schema the value matches', async () => {
    const t = new TypeConverter();
    const tagged = t.output(
      Type.Union([Type.Object({ kind: Type.Literal('fire'), heat: Type.Integer() }), Type.Object({ kind: Type.Literal('fear'), level: Type.Integer() })]),
      'Marker',
    ).type;
    expect(String(tagged)).toBe('Marker');
    const fear = await answer(tagged, { kind: 'fear', level: 2 }, '{ __typename ... on MarkerFear { level } }');
    expect(fear).toEqual({ data: { value: { __typename: 'MarkerFear', level: 2 } } });
    const untagged = t.output(Type.Union([Type.Object({ a: Type.Integer() }), Type.Object({ b: Type.String() })]), 'Either').type;
    const b = await answer(untagged, { b: 'x' }, '{ __typename ... on EitherOption2 { b } }');
    expect(b).toEqual({ data: { value: { __typename: 'EitherOption2', b: 'x' } } });
  });

  it('a log of titled entries sharing members is told apart by its string literal (`rule`), not by a shared numeric one (`step`)', async () => {
    const t = new TypeConverter();
    const entry = (step: number, title: string, extra: Record<string, ReturnType<typeof Type.Integer>>) =>
      Type.Object({ step: Type.Literal(step), rule: Type.Literal(`UPKEEP-${step}`), fighterId: Type.String(), ...extra }, { title });
    const log = t.output(Type.Union([entry(5, 'Poison', { poisonLeft: Type.Integer() }), entry(6, 'Rage', { rageLeft: Type.Integer() })]), 'Log').type;
    const rage = await answer(
      log,
      { step: 6, rule: 'UPKEEP-6', fighterId: 'y', rageLeft: 0 },
      '{ __typename ... on Poison { step poisonLeft } ... on Rage { step fighterId rageLeft } }',
    );
    expect(rage).toEqual({ data: { value: { __typename: 'Rage', step: 6, fighterId: 'y', rageLeft: 0 } } });
    // no `fighterId`: matching the member schemas would find none; the discriminant alone decides
    const poison = await answer(log, { step: 5, rule: 'UPKEEP-5', poisonLeft: 1 }, '{ __typename ... on Poison { poisonLeft } ... on Rage { rageLeft } }');
    expect(poison).toEqual({ data: { value: { __typename: 'Poison', poisonLeft: 1 } } });
  });

  it('unions of objects in inputs: one input type with every member field, all optional', () => {
    const t = new TypeConverter();
    const input = t.input(Type.Union([Type.Object({ ref: Type.String() }), Type.Object({ id: Type.String(), value: Type.Integer() })]), 'Fighter').type as GraphQLInputObjectType;
    expect(gql.printType(input)).toContain('input FighterInput {\n  ref: String\n  id: String\n  value: Int\n}');
  });
});
