/**
 * Arrays longer than the `maxItems` a schema gives them, found before any item is validated: the
 * validator reports every problem at once, so it would check every item of a 20,000-item array
 * first (30 s of errors nobody reads). The JSON body parser (src/http/plugins/json-body.ts) applies
 * it to every REST body, and `validate` (./validate.ts) to every input it checks (GraphQL inputs,
 * match commands), so the bound holds on every transport.
 */

import { pointerSegment } from './errors.js';

/** Most arrays a `too_many_items` problem names; `errorsOmitted` counts the others. */
export const MAX_LISTED_ARRAYS = 100;

/** An array longer than its schema allows: where, the schema's `maxItems` and the length sent. */
export interface OverLong {
  path: string;
  code: 'maxItems';
  message: string;
  limit: number;
  count: number;
}

type Schema = Record<string, unknown>;
const isSchema = (s: unknown): s is Schema => s !== null && typeof s === 'object' && !Array.isArray(s);
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const BRANCHES = ['anyOf', 'oneOf'] as const;

/**
 * The smallest `maxItems` in a schema and the subschemas the walk visits (items, prefixItems,
 * properties, allOf, anyOf, oneOf), cached by schema object; Infinity without one. A subschema
 * without any (not `bounded`) is skipped by the walk, and a body with no array longer than the
 * smallest is not walked at all.
 */
const smallestCache = new WeakMap<object, number>();
export function smallestMaxItems(schema: unknown): number {
  if (!isSchema(schema)) return Infinity;
  const hit = smallestCache.get(schema);
  if (hit !== undefined) return hit;
  smallestCache.set(schema, Infinity); // a schema that refers to itself adds nothing
  const subs: unknown[] = [schema.items, ...Object.values(isSchema(schema.properties) ? schema.properties : {})];
  for (const key of [...BRANCHES, 'allOf', 'prefixItems'] as const) if (Array.isArray(schema[key])) subs.push(...(schema[key] as unknown[]));
  if (Array.isArray(schema.items)) subs.push(...schema.items);
  const least = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : Infinity, ...subs.map(smallestMaxItems));
  smallestCache.set(schema, least);
  return least;
}

/** Whether `maxItems` appears anywhere in a schema: the walk skips the rest. */
const bounded = (schema: unknown): boolean => smallestMaxItems(schema) < Infinity;

const TYPE_OF: Record<string, (v: unknown) => boolean> = {
  object: isPlainObject,
  array: Array.isArray,
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

/**
 * Whether a branch of a union could accept `value` as far as its `type` and `required` members tell
 * (a schema with a resolver, `x-resolve`, may complete the object first: its members are not required here).
 */
function plausible(schema: Schema, value: unknown): boolean {
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : undefined;
  if (types && !types.some((t) => TYPE_OF[t]?.(value) ?? true)) return false;
  if (Array.isArray(schema.required) && isPlainObject(value) && !('x-resolve' in schema)) return schema.required.every((k) => Object.hasOwn(value, k as string));
  return true;
}

/**
 * Arrays of `value` longer than the `maxItems` `schema` gives them, without looking into those
 * arrays; into the others, item by item. Sound: each is a problem the validator reports too, and a
 * union is refused only when each of its branches is (one with such an array, or of another type,
 * or missing a required member), so a body refused here is one the validator refuses. (A resolver
 * may add members to an object, never shorten an array sent.) Recursive: only after the depth check.
 */
function walk(schema: unknown, value: unknown, path: Path, out: OverLong[]): void {
  if (!isSchema(schema) || !bounded(schema)) return;
  if (Array.isArray(value)) {
    const limit = schema.maxItems;
    if (typeof limit === 'number' && value.length > limit) {
      out.push({
        path: pointerOf(path),
        code: 'maxItems',
        message: `must NOT have more than ${limit} items (${value.length} sent; none was validated)`,
        limit,
        count: value.length,
      });
      return;
    }
    const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
    tuple.forEach((item, i) => i < value.length && walk(item, value[i], { up: path, segment: i }, out));
    if (isSchema(schema.items) && bounded(schema.items)) for (let i = tuple.length; i < value.length; i++) walk(schema.items, value[i], { up: path, segment: i }, out);
  } else if (isPlainObject(value) && isSchema(schema.properties)) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (Object.hasOwn(value, key) && bounded(sub)) walk(sub, value[key], { up: path, segment: key }, out);
    }
  }
  if (Array.isArray(schema.allOf)) for (const sub of schema.allOf) walk(sub, value, path, out);
  for (const key of BRANCHES) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const failing: OverLong[] = [];
    for (const branch of branches) {
      const found: OverLong[] = [];
      walk(branch, value, path, found);
      // a branch that may accept the value: the validator decides
      if (found.length === 0 && isSchema(branch) && plausible(branch, value)) return;
      failing.push(...found);
    }
    // every branch fails: those with an over-long array say where (once per path)
    const paths = new Set<string>();
    for (const p of failing) {
      if (paths.has(p.path)) continue;
      paths.add(p.path);
      out.push(p);
    }
  }
}

/** Every array of `body` longer than its `maxItems` in the route's body `schema` (none without one). */
export function overLongArrays(schema: unknown, body: unknown): OverLong[] {
  // the common body has no array longer than the smallest `maxItems` anywhere in its schema: then
  // no array can be too long, and one pass over the values (no schema lookups) tells
  const longest = smallestMaxItems(schema);
  if (longest === Infinity || scanBody(body, Infinity, longest) !== LONG_ARRAY) return [];
  return overLongArraysWalked(schema, body);
}

/** `overLongArrays` for a body known to have an array longer than `smallestMaxItems(schema)`. */
export function overLongArraysWalked(schema: unknown, body: unknown): OverLong[] {
  const out: OverLong[] = [];
  walk(schema, body, null, out);
  return out;
}

/** What `scanBody` found: a container nested too deep, an array longer than asked. */
export const TOO_DEEP = 1;
export const LONG_ARRAY = 2;

/**
 * One pass over the containers of a body (no paths built, no schema looked up: the common case):
 * TOO_DEEP as soon as a container sits at depth `depthLimit` (the root is at 0), else LONG_ARRAY
 * when some array has more than `longest` items, else 0. The JSON body parser makes it with its
 * depth limit (src/http/plugins/json-body.ts), `overLongArrays` without one, after that check.
 * Recursive, but never deeper than `depthLimit`: it returns before it would go further.
 */
export function scanBody(value: unknown, depthLimit: number, longest: number): number {
  return value !== null && typeof value === 'object' ? scan(value, 0, depthLimit, longest) : 0;
}

function scan(value: object, depth: number, limit: number, longest: number): number {
  if (depth >= limit) return TOO_DEEP;
  let found = Array.isArray(value) && value.length > longest ? LONG_ARRAY : 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && !settled(found, limit); i++) found = step(value[i], found, depth, limit, longest);
    return found;
  }
  for (const key in value) {
    if (settled(found, limit)) break;
    if (Object.hasOwn(value, key)) found = step((value as Record<string, unknown>)[key], found, depth, limit, longest);
  }
  return found;
}

/** Nothing left to look for: too deep, or a long array found with no depth limit (no item of it is read). */
const settled = (found: number, limit: number): boolean => found === TOO_DEEP || (found === LONG_ARRAY && limit === Infinity);

/** One member of a container: TOO_DEEP below it ends the scan; once a long array is found, only the depth is still looked for. */
function step(item: unknown, found: number, depth: number, limit: number, longest: number): number {
  if (item === null || typeof item !== 'object') return found;
  const below = scan(item, depth + 1, limit, found === LONG_ARRAY ? Infinity : longest);
  return below === TOO_DEEP ? TOO_DEEP : below || found;
}

/**
 * Where the walk is, as a chain of segments up to the root (null): the JSON pointer is written
 * only for an array that is reported, not for every member visited (the walk runs on every body).
 */
type Path = { up: Path; segment: string | number } | null;

function pointerOf(path: Path): string {
  const segments: string[] = [];
  for (let at = path; at; at = at.up) segments.push(pointerSegment(at.segment));
  return segments.length ? `/${segments.reverse().join('/')}` : '';
}
