/**
 * A response schema as the compiled serializer (./serializer.ts) is given it. fast-json-stringify
 * tells the alternatives of an `anyOf` apart by running an Ajv validator per alternative: each one
 * compiled on the first answer that meets it (~1.3 s over every route, most of the start-up's
 * warm-up) and called on every answer after. These alternatives need no validator, because
 * what they serialize to does not depend on which one matched:
 * - every alternative a constant of one JSON type (TypeBox's `Union` of `Literal`s: `"passive" |
 *   "dodge" | "response"`): the value is written as a value of that type;
 * - a schema or null (`Union([T, Null])`): T's serializer, with `nullable` (null written as null);
 * - alternatives of different JSON types: one schema listing the types (told apart by `typeof`).
 * Objects that only a member tells apart are written as they are (JSON.stringify), which costs less
 * than a validator per alternative.
 * The schema the serializer gets says exactly that; the validators and the OpenAPI document keep the
 * schema as declared (this makes a copy). An answer's JSON is the same: the test runner compares
 * every answer's compiled form with JSON.stringify (./serializer.ts, CHECKED).
 */

/** Members that describe a schema without constraining what its serializer writes. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
/** Members whose value is a map of name → schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Members whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Members whose value is a schema (or, for `items`, a list of them). */
const SCHEMA_VALUES = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Only annotations (and, when `allowed`, those members) besides `except`. */
function onlyAnnotations(schema: Schema, except: string, allowed: readonly string[] = []): boolean {
  return Object.keys(schema).every((key) => key === except || ANNOTATIONS.has(key) || allowed.includes(key));
}

/** The alternative beside `{type: "null"}`, when it is a schema of one type that needs no validator to be written. */
function besideNull(alternatives: unknown[]): Schema | undefined {
  if (alternatives.length !== 2 || !alternatives.every(isSchema)) return undefined;
  const nulls = alternatives.filter((a) => a.type === 'null' && onlyAnnotations(a, 'type'));
  if (nulls.length !== 1) return undefined;
  const other = alternatives.find((a) => a !== nulls[0])!;
  const plain = typeof other.type === 'string' && other.type !== 'null' && !['anyOf', 'oneOf', 'allOf', '$ref', 'const', 'if', 'nullable'].some((k) => k in other);
  return plain ? other : undefined;
}

/** Members of an alternative that say what it writes; the rest are dropped when alternatives are merged. */
const WRITTEN = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

/**
 * Alternatives of different JSON types, at most one of each (`string[] | "all"`, `"A" | "B" | "npc"`
 * where one is any string, `integer | null`): one schema listing the types, which the serializer
 * tells apart by `typeof` (constants written as values of their type). Undefined when two
 * alternatives share a type they would write differently, or one needs more than its type.
 */
function byType(alternatives: unknown[]): Schema | undefined {
  const merged: Schema = {};
  const types: string[] = [];
  for (const alternative of alternatives) {
    if (!isSchema(alternative)) return undefined;
    let type: string;
    if ('const' in alternative) {
      if (!onlyAnnotations(alternative, 'const', ['type'])) return undefined;
      type = typeof alternative.const;
      if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
    } else {
      if (typeof alternative.type !== 'string' || !Object.keys(alternative).every((k) => WRITTEN.has(k) || ANNOTATIONS.has(k) || k === 'enum')) return undefined;
      type = alternative.type;
      for (const key of Object.keys(alternative)) {
        if (!WRITTEN.has(key) || key === 'type') continue;
        if (key in merged && JSON.stringify(merged[key]) !== JSON.stringify(alternative[key])) return undefined;
        merged[key] = alternative[key];
      }
    }
    if (types.includes(type)) {
      // two of one type write alike only when that type is a primitive one with nothing else said
      if (type === 'object' || type === 'array') return undefined;
      continue;
    }
    types.push(type);
  }
  if (types.includes('integer') && types.includes('number')) return undefined;
  return { ...merged, type: types.length === 1 ? types[0] : types };
}

/** `schema` with its alternatives simplified as the module comment says (a `anyOf` or `oneOf` node). */
function simplified(schema: Schema): Schema {
  const key = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : undefined;
  if (!key) return schema;
  const alternatives = schema[key] as unknown[];
  // its own members but the alternatives (not TypeBox's symbol naming it a union)
  const rest: Schema = Object.fromEntries(Object.keys(schema).flatMap((k) => (k === key ? [] : [[k, schema[k]]])));
  // only annotations beside the alternatives (and at most the type they all write)
  if (!onlyAnnotations(schema, key, ['type'])) return schema;
  const other = besideNull(alternatives);
  if (other && rest.type === undefined) return { ...rest, ...other, nullable: true };
  const typed = byType(alternatives);
  if (typed && (rest.type === undefined || rest.type === typed.type)) return { ...rest, ...typed };
  // objects only a member tells apart (EDEN upkeep's log entries): a validator per alternative to
  // pick one would cost more than writing the value as it is (JSON.stringify, a schema of any value)
  if (rest.type === undefined && alternatives.every((a) => isSchema(a) && a.type === 'object')) return rest;
  return schema;
}

const copies = new WeakMap<object, unknown>();

/** The schema as the compiled serializer is given it (a copy where anything changed; memoised per object). */
export function serializerSchema(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  const known = copies.get(schema);
  if (known) return known;
  const out: Schema = {};
  let changed = false;
  const map = (value: unknown): unknown => {
    const mapped = serializerSchema(value);
    if (mapped !== value) changed = true;
    return mapped;
  };
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (SCHEMA_MAPS.has(key) && isSchema(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, map(sub)]));
    else if ((SCHEMA_LISTS.has(key) || (key === 'items' && Array.isArray(value))) && Array.isArray(value)) out[key] = value.map(map);
    else if (SCHEMA_VALUES.has(key) && isSchema(value)) out[key] = map(value);
    else out[key] = value;
  }
  const node = simplified(changed ? out : schema);
  const result = node === schema ? schema : node;
  copies.set(schema, result);
  return result;
}
