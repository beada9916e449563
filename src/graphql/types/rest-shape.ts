/**
 * Where a GraphQL type has another shape than its REST value, and the conversions both ways. Two
 * REST shapes have no GraphQL counterpart, so the converter (convert.ts) types them differently:
 * - a map keyed by data (`cards` by card id, `rolls` by player id, `score` by side) is a list of
 *   entries `[{key, value}]` (the entry type is marked `entries`);
 * - a member that is one of several kinds (a limb name or `{shift}`, a weather name or a list, a
 *   card value or a card object) is an object with one field per alternative, exactly one of them
 *   set: `flag` (`all: true` for the string `"all"`), `value` (a string, number or enum), `list`
 *   (an array), `object` (objects of several shapes: a union), or the fields of the one object
 *   alternative (marked `alternatives`).
 * Results are converted by the field resolvers (`restAsOutput`, one level: nested objects resolve
 * their own fields); inputs by `inputAsRest` before an operation sees them; `restAsInput` turns a
 * REST body into GraphQL input (warm-up, GraphiQL examples, tests).
 */
import type { GraphQLInputType, GraphQLNamedType, GraphQLOutputType } from 'graphql';
import { gql } from './graphql-js.js';

export type Alternative =
  | { field: string; kind: 'flag'; value: string }
  /** A string, number or boolean (`accepts`: its JSON type; two scalar alternatives of different types are told apart by it). */
  | { field: string; kind: 'value'; accepts?: 'string' | 'number' | 'boolean' }
  | { field: string; kind: 'list' }
  | { kind: 'object'; fields: string[] }
  | { field: string; kind: 'object-field' };

export type RestShape = { kind: 'entries' } | { kind: 'alternatives'; alternatives: Alternative[] };

/** The extension key the converter marks types with. */
export const REST_SHAPE = 'restShape';

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function restShapeOf(type: GraphQLNamedType): RestShape | undefined {
  return (type.extensions as Record<string, unknown> | undefined)?.[REST_SHAPE] as RestShape | undefined;
}

type AnyType = GraphQLInputType | GraphQLOutputType;
const unwrapNonNull = (t: AnyType): AnyType => (gql.isNonNullType(t) ? t.ofType : t);

/** The list's item type when `t` is a list of `entries`. */
function entriesItem(t: AnyType): GraphQLNamedType | undefined {
  const list = unwrapNonNull(t);
  if (!gql.isListType(list)) return undefined;
  const item = gql.getNamedType(list.ofType);
  return restShapeOf(item)?.kind === 'entries' ? item : undefined;
}

/** Which alternative a REST value is. */
function alternativeOf(alternatives: Alternative[], value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) {
    const list = alternatives.find((a) => a.kind === 'list') as { field: string } | undefined;
    if (list) return { [list.field]: value };
  } else if (isPlainObject(value)) {
    if (alternatives.some((a) => a.kind === 'object')) return value;
    const field = alternatives.find((a) => a.kind === 'object-field') as { field: string } | undefined;
    if (field) return { [field.field]: value };
  } else {
    const flag = alternatives.find((a) => a.kind === 'flag' && a.value === value) as { field: string } | undefined;
    if (flag) return { [flag.field]: true };
    const values = alternatives.filter((a) => a.kind === 'value');
    const scalar = values.find((a) => a.accepts === typeof value) ?? values.find((a) => a.accepts === undefined) ?? values[0];
    if (scalar) return { [scalar.field]: value };
  }
  return {};
}

/** Whether results of this type need a resolver that converts the REST value. */
export function needsOutputConversion(type: GraphQLOutputType): boolean {
  let t: AnyType = type;
  for (;;) {
    if (entriesItem(t)) return true;
    t = unwrapNonNull(t);
    if (gql.isListType(t)) t = t.ofType;
    else return restShapeOf(t as GraphQLNamedType)?.kind === 'alternatives';
  }
}

/** A REST result value as the GraphQL type expects it (this level only). */
export function restAsOutput(value: unknown, type: GraphQLOutputType): unknown {
  if (value === null || value === undefined) return value;
  if (entriesItem(type) && isPlainObject(value)) return Object.entries(value).map(([key, v]) => ({ key, value: v }));
  const t = unwrapNonNull(type);
  if (gql.isListType(t)) return Array.isArray(value) ? value.map((v) => restAsOutput(v, t.ofType as GraphQLOutputType)) : value;
  const shape = restShapeOf(t as GraphQLNamedType);
  return shape?.kind === 'alternatives' ? alternativeOf(shape.alternatives, value) : value;
}

/** A GraphQL input value (already coerced) as the REST body has it, through every level. */
export function inputAsRest(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  const t = unwrapNonNull(type) as GraphQLInputType;
  if (gql.isListType(t)) {
    if (!Array.isArray(value)) return value;
    const items = value.map((v) => inputAsRest(v, t.ofType));
    if (!entriesItem(t)) return items;
    const map: Record<string, unknown> = {};
    for (const entry of items as { key: string; value: unknown }[])
      if (isPlainObject(entry)) Object.defineProperty(map, entry.key, { value: entry.value, enumerable: true, writable: true, configurable: true });
    return map;
  }
  if (!gql.isInputObjectType(t) || !isPlainObject(value)) return value;
  const fields = t.getFields();
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = fields[k] ? inputAsRest(v, fields[k].type) : v;
  const shape = restShapeOf(t);
  if (shape?.kind !== 'alternatives') return out;
  for (const a of shape.alternatives) {
    if (a.kind === 'flag' && out[a.field] === true) return a.value;
    if ((a.kind === 'value' || a.kind === 'list' || a.kind === 'object-field') && out[a.field] !== undefined && out[a.field] !== null) return out[a.field];
  }
  return out;
}

/** A REST body as GraphQL input of `type` (the inverse of inputAsRest), through every level. */
export function restAsInput(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  const t = unwrapNonNull(type) as GraphQLInputType;
  if (gql.isListType(t)) {
    if (entriesItem(t) && isPlainObject(value)) return Object.entries(value).map(([key, v]) => restAsInput({ key, value: v }, t.ofType));
    return Array.isArray(value) ? value.map((v) => restAsInput(v, t.ofType)) : value;
  }
  if (!gql.isInputObjectType(t)) return value;
  const shape = restShapeOf(t);
  const shaped = shape?.kind === 'alternatives' ? alternativeOf(shape.alternatives, value) : value;
  if (!isPlainObject(shaped)) return shaped;
  const fields = t.getFields();
  return Object.fromEntries(Object.entries(shaped).map(([k, v]) => [k, fields[k] ? restAsInput(v, fields[k].type) : v]));
}

/** A GraphQL result value as REST has it (the inverse of restAsOutput), through every level; `__typename` dropped. */
export function outputAsRest(value: unknown, type: GraphQLOutputType): unknown {
  if (value === null || value === undefined) return value;
  const t = unwrapNonNull(type) as GraphQLOutputType;
  if (gql.isListType(t)) {
    if (!Array.isArray(value)) return value;
    const items = value.map((v) => outputAsRest(v, t.ofType));
    return entriesItem(t) ? Object.fromEntries((items as { key: string; value: unknown }[]).map((e) => [e.key, e.value])) : items;
  }
  if (gql.isEnumType(t)) return t.getValue(value as string)?.value ?? value;
  const named = gql.isUnionType(t) ? t.getTypes().find((m) => m.name === (value as { __typename?: string }).__typename) : t;
  if (!gql.isObjectType(named) || !isPlainObject(value)) return value;
  const fields = named.getFields();
  const out = Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== '__typename')
      .map(([k, v]) => [k, fields[k] ? outputAsRest(v, fields[k].type) : v]),
  );
  const shape = restShapeOf(named);
  if (shape?.kind !== 'alternatives') return out;
  for (const a of shape.alternatives) {
    if (a.kind === 'flag' && out[a.field] === true) return a.value;
    if ((a.kind === 'value' || a.kind === 'list' || a.kind === 'object-field') && out[a.field] !== undefined && out[a.field] !== null) return out[a.field];
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== null && v !== undefined));
}
