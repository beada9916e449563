/**
 * What a TypeBox (JSON) schema is, seen from GraphQL: a scalar, an enum, a list, an object, a union
 * of objects, a map keyed by data with typed values, alternatives of several kinds (a string or an
 * object or a list), or `JSON` (an open map whose values have no fixed shape, `Type.Unknown`, a
 * tuple of mixed items, property names that are not GraphQL names). `nullable` when the schema
 * admits `null`.
 */
import { isGraphqlName } from './names.js';

export type Schema = Record<string, any>;
export type Direction = 'input' | 'output';

export type Shape =
  | { kind: 'json' }
  | { kind: 'scalar'; type: ScalarName }
  | { kind: 'enum'; values: string[] }
  | { kind: 'list'; items: Schema }
  | { kind: 'object'; properties: Record<string, Schema>; required: Set<string> }
  | { kind: 'union'; members: Schema[] }
  /** A map keyed by data (`Type.Record`): a list of `{key, value}` entries (rest-shape.ts). */
  | { kind: 'map'; values: Schema }
  /** Members of several kinds (a string or an object, a string or a list): one field per alternative (rest-shape.ts). */
  | { kind: 'alternatives'; members: Schema[] };

export type ScalarName = 'String' | 'Int' | 'SafeInt' | 'Float' | 'Boolean';

export interface Seen {
  shape: Shape;
  nullable: boolean;
}

const JSON_SHAPE: Shape = { kind: 'json' };
const INT32 = 2 ** 31;

/** Structure of a schema without its own annotations (two uses of one schema compare equal). */
export const structure = (s: Schema): string => JSON.stringify({ ...s, description: undefined, default: undefined, examples: undefined, title: undefined });

/**
 * `Type.Integer` is Int when its declared range fits 32 bits (GraphQL's Int is 32-bit); SafeInt when
 * it passes 32 bits but both bounds are declared within ±(2^53 − 1) (src/graphql/types/safe-int.ts);
 * else Float. An Integer that can pass 2^31 must declare its range to be typed so.
 */
function integer(s: Schema): Shape {
  const low = s.minimum ?? s.exclusiveMinimum;
  const high = s.maximum ?? s.exclusiveMaximum;
  const fits = (low === undefined || low >= -INT32) && (high === undefined || high < INT32);
  const safe = low !== undefined && high !== undefined && low >= -Number.MAX_SAFE_INTEGER && high <= Number.MAX_SAFE_INTEGER;
  return { kind: 'scalar', type: fits ? 'Int' : safe ? 'SafeInt' : 'Float' };
}

function numbers(values: unknown[]): Shape {
  return { kind: 'scalar', type: values.every((v) => Number.isInteger(v) && Math.abs(v as number) < INT32) ? 'Int' : 'Float' };
}

/** Constants of a schema that is one literal or an enumeration, else undefined. */
function constants(s: Schema): unknown[] | undefined {
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return s.enum;
  return undefined;
}

function flatten(members: Schema[]): Schema[] {
  return members.flatMap((m) => (Array.isArray(m.anyOf) && Object.keys(m).every((k) => k === 'anyOf' || k === 'description' || k === 'default') ? flatten(m.anyOf) : [m]));
}

/** `X | null` → X (one type for X wherever it is used, nullable or not); any other schema as it is. */
export function unwrapNullable(s: Schema): Schema {
  if (!Array.isArray(s.anyOf)) return s;
  const members = flatten(s.anyOf).filter((m) => !isNull(m));
  return members.length === 1 ? members[0]! : s;
}

const isNull = (s: Schema) => s.type === 'null' || ('const' in s && s.const === null);

/** A union: nullable when `null` is a member; enums of literals; unions of objects; else JSON. */
function union(anyOf: Schema[], direction: Direction): Seen {
  const all = flatten(anyOf);
  const nullable = all.some(isNull);
  const members = all.filter((m) => !isNull(m));
  if (members.length === 0) return { shape: JSON_SHAPE, nullable: true };
  if (members.length === 1) {
    const one = seen(members[0]!, direction);
    return { shape: one.shape, nullable: nullable || one.nullable };
  }
  const consts = members.map(constants);
  if (consts.every((c) => c !== undefined)) {
    const values = consts.flat();
    if (values.every((v) => typeof v === 'string')) return { shape: { kind: 'enum', values: [...new Set(values as string[])] }, nullable };
    if (values.every((v) => typeof v === 'number')) return { shape: numbers(values), nullable };
    if (values.every((v) => typeof v === 'boolean')) return { shape: { kind: 'scalar', type: 'Boolean' }, nullable };
  }
  const shapes = members.map((m) => seen(m, direction));
  if (shapes.every((s) => s.shape.kind === 'object')) return { shape: { kind: 'union', members }, nullable: nullable || shapes.some((s) => s.nullable) };
  // String | Literal('x'), Integer | Number…: the widest scalar
  if (shapes.every((s) => s.shape.kind === 'scalar' || s.shape.kind === 'enum')) {
    const types = new Set(shapes.map((s) => (s.shape.kind === 'enum' ? 'String' : (s.shape as { type: string }).type)));
    if (types.size === 1) return { shape: { kind: 'scalar', type: [...types][0] as ScalarName }, nullable };
    if ([...types].every((t) => t === 'Int' || t === 'SafeInt')) return { shape: { kind: 'scalar', type: 'SafeInt' }, nullable };
    if ([...types].every((t) => t === 'Int' || t === 'SafeInt' || t === 'Float')) return { shape: { kind: 'scalar', type: 'Float' }, nullable };
  }
  // a string or an object, a string or a list, a number or an object: one field per alternative
  if (shapes.every((s) => ['scalar', 'enum', 'list', 'object'].includes(s.shape.kind))) return { shape: { kind: 'alternatives', members }, nullable };
  return { shape: JSON_SHAPE, nullable };
}

/** `Type.Intersect` of objects: one object with every member's properties. */
function intersect(allOf: Schema[], direction: Direction): Shape {
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  for (const member of allOf) {
    const s = seen(member, direction).shape;
    if (s.kind !== 'object') return JSON_SHAPE;
    Object.assign(properties, s.properties);
    s.required.forEach((r) => required.add(r));
  }
  return { kind: 'object', properties, required };
}

function object(s: Schema, direction: Direction): Shape {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  // Type.Record with typed values: a map keyed by data (card ids, player ids, sides)
  const patterns = Object.values((s.patternProperties ?? {}) as Record<string, Schema>);
  if (names.length === 0 && patterns.length === 1 && seen(patterns[0]!, direction).shape.kind !== 'json') return { kind: 'map', values: patterns[0]! };
  // Type.Record of anything, Type.Object({}, {additionalProperties: true}): an open map
  if (s.patternProperties || names.length === 0) return JSON_SHAPE;
  if (!names.every(isGraphqlName)) return JSON_SHAPE;
  // an input whose other members carry meaning (a match command) cannot be a closed input type
  const open = s.additionalProperties === true || (typeof s.additionalProperties === 'object' && s.additionalProperties !== null);
  if (open && direction === 'input') return JSON_SHAPE;
  return { kind: 'object', properties, required: new Set(s.required ?? []) };
}

function array(s: Schema): Shape {
  if (Array.isArray(s.items)) {
    const items = s.items as Schema[];
    const first = items[0];
    return first && items.every((i) => structure(i) === structure(first)) ? { kind: 'list', items: first } : JSON_SHAPE;
  }
  return s.items && typeof s.items === 'object' ? { kind: 'list', items: s.items } : JSON_SHAPE;
}

/** The GraphQL view of `s`. */
export function seen(s: Schema, direction: Direction): Seen {
  if (Array.isArray(s.anyOf)) return union(s.anyOf, direction);
  if (Array.isArray(s.allOf)) return { shape: intersect(s.allOf, direction), nullable: false };
  const consts = constants(s);
  if (consts) {
    const kept = consts.filter((v) => v !== null);
    const nullable = kept.length < consts.length;
    if (kept.length > 1 && kept.every((v) => typeof v === 'string')) return { shape: { kind: 'enum', values: kept as string[] }, nullable };
    if (kept.every((v) => typeof v === 'string')) return { shape: { kind: 'scalar', type: 'String' }, nullable };
    if (kept.every((v) => typeof v === 'number')) return { shape: numbers(kept), nullable };
    if (kept.every((v) => typeof v === 'boolean')) return { shape: { kind: 'scalar', type: 'Boolean' }, nullable };
    return { shape: JSON_SHAPE, nullable };
  }
  if (Array.isArray(s.type)) {
    const types = (s.type as string[]).filter((t) => t !== 'null');
    const nullable = types.length < s.type.length;
    const one = types.length === 1 ? seen({ ...s, type: types[0] }, direction) : { shape: JSON_SHAPE, nullable: true };
    return { shape: one.shape, nullable: nullable || one.nullable };
  }
  switch (s.type) {
    case 'object':
      return { shape: object(s, direction), nullable: false };
    case 'array':
      return { shape: array(s), nullable: false };
    case 'string':
      return { shape: { kind: 'scalar', type: 'String' }, nullable: false };
    case 'integer':
      return { shape: integer(s), nullable: false };
    case 'number':
      return { shape: { kind: 'scalar', type: 'Float' }, nullable: false };
    case 'boolean':
      return { shape: { kind: 'scalar', type: 'Boolean' }, nullable: false };
    default:
      return { shape: JSON_SHAPE, nullable: true };
  }
}
