/**
 * Unknown members (extra members are accepted, but reported): the members of a body that its schema
 * declares nowhere, so a typo such as `points` for `budget` is visible in the answer's `warnings`.
 *
 * Each schema is compiled once into a shape (the members it declares, what its arrays hold), and the
 * shape into a walker (`walkerOf`); the walk over a body is then one pass. Unions and intersections merge their branches: a member is
 * unknown only when no branch declares it. A schema that admits any member (`additionalProperties`,
 * `patternProperties`, an unconstrained value) stops the walk there.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { pointer, type InputProblem } from './errors.js';

export interface Shape {
  /** Declared members of an object, or undefined when objects here are not checked. */
  props?: Map<string, Shape>;
  /** Objects here admit any member. */
  open?: boolean;
  /** What an array here holds. */
  items?: Shape;
}

type Json = Record<string, unknown>;
const EMPTY: Shape = {};
const shapes = new WeakMap<object, Shape>();

function merge(a: Shape, b: Shape): Shape {
  const out: Shape = { open: Boolean(a.open || b.open) };
  if (a.props || b.props) {
    const props = new Map(a.props);
    for (const [key, shape] of b.props ?? []) props.set(key, props.has(key) ? merge(props.get(key)!, shape) : shape);
    out.props = props;
  }
  if (a.items || b.items) out.items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
  return out;
}

function shapeOf(schema: unknown, visiting: Set<object>): Shape {
  if (!schema || typeof schema !== 'object') return EMPTY;
  const hit = shapes.get(schema);
  if (hit) return hit;
  // a recursive schema (or a $ref we do not follow) is not checked below this point
  if (visiting.has(schema) || '$ref' in schema) return EMPTY;
  visiting.add(schema);
  const s = schema as Json;
  let shape: Shape = {};
  if (s.properties || s.type === 'object' || s.additionalProperties !== undefined || s.patternProperties) {
    const props = new Map<string, Shape>();
    for (const [key, sub] of Object.entries((s.properties ?? {}) as Json)) props.set(key, shapeOf(sub, visiting));
    const extra = s.additionalProperties;
    shape = { props, open: (extra !== undefined && extra !== false) || s.patternProperties !== undefined };
  }
  if (s.items !== undefined || s.prefixItems !== undefined) {
    const list = [...(Array.isArray(s.items) ? s.items : s.items ? [s.items] : []), ...((s.prefixItems as unknown[]) ?? [])];
    shape.items = list.map((item) => shapeOf(item, visiting)).reduce(merge, {});
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) for (const branch of branches) shape = merge(shape, shapeOf(branch, visiting));
  }
  visiting.delete(schema);
  shapes.set(schema, shape);
  return shape;
}

/** The shape of `schema`: the members it declares, what its arrays hold (compiled once per schema). */
export const shapeFor = (schema: object): Shape => shapes.get(schema) ?? shapeOf(schema, new Set());

/** Whether a shape checks anything below it (objects with declared members, or arrays of such). */
export const checks = (shape: Shape) => shape.props !== undefined || shape.items !== undefined;

/** One pass over `data`, the path kept as segments (written out only for a warning). */
type Walker = (data: unknown, at: (string | number)[], out: InputProblem[]) => void;
const walkers = new WeakMap<Shape, Walker>();
const NOTHING: Walker = () => undefined;

/**
 * A shape compiled into a walker, one function per shape it reaches (as the validator and the
 * serializers are compiled): each object's members are told apart by a `switch` on the declared
 * names and read by name, so a body is walked without a map lookup or a generic keyed read per
 * member (the walk runs on every request with a body). Names come from the schemas, written as
 * JSON string literals. Same order, paths and warnings as walking the shape itself.
 */
function walkerOf(root: Shape): Walker {
  const hit = walkers.get(root);
  if (hit) return hit;
  if (!checks(root)) return NOTHING;
  const names = new Map<Shape, string>();
  const functions: string[] = [];
  const nameOf = (shape: Shape): string => {
    let name = names.get(shape);
    if (name !== undefined) return name;
    name = `w${names.size}`;
    names.set(shape, name);
    const lines = [`function ${name}(data, at, out) {`, "  if (data === null || typeof data !== 'object') return;", '  if (Array.isArray(data)) {'];
    if (shape.items && checks(shape.items)) {
      lines.push(`    for (let i = 0; i < data.length; i++) { at.push(i); ${nameOf(shape.items)}(data[i], at, out); at.pop(); }`);
    }
    lines.push('    return;', '  }');
    const props = shape.props;
    const below = props ? [...props].filter(([, sub]) => checks(sub)) : [];
    // an open object is walked only for its members that check something below them
    if (props && (!shape.open || below.length > 0)) {
      lines.push('  for (const key in data) {', '    switch (key) {');
      for (const [key, sub] of props) {
        const literal = JSON.stringify(key);
        lines.push(checks(sub) ? `      case ${literal}: at.push(key); ${nameOf(sub)}(data[${literal}], at, out); at.pop(); break;` : `      case ${literal}: break;`);
      }
      lines.push(`      default: ${shape.open ? 'break;' : 'out.push(unknown([...at, key]));'}`, '    }', '  }');
    }
    lines.push('}');
    functions.push(lines.join('\n'));
    return name;
  };
  const rootName = nameOf(root);
  // compiled from the service's own schemas: member names are written as JSON string literals
  const walker = new Function('unknown', `${functions.join('\n')}\nreturn ${rootName};`)(unknown) as Walker;
  walkers.set(root, walker);
  return walker;
}

/** The warning of the unknown member at `at`. */
export function unknown(at: (string | number)[]): InputProblem {
  const key = String(at[at.length - 1]);
  return { path: pointer(...at), code: 'unknown_member', message: `"${key}" is not a member this schema declares; it was ignored (a typo?).` };
}

/**
 * The unknown members a request body's one pass on arrival found (kernel/body-pass.ts), kept for
 * the handler's `unknownMembers` of the same body and schema: the last body only, forgotten once
 * read, or when a resolver completes an object of the body (kernel/validate.ts), after which the
 * body is walked again.
 */
let foundIn: unknown;
let foundFor: object | undefined;
let found: InputProblem[] = [];
export function rememberUnknownMembers(schema: object, data: unknown, warnings: InputProblem[]): void {
  foundIn = data;
  foundFor = schema;
  found = warnings;
}
export function forgetUnknownMembers(): void {
  foundIn = foundFor = undefined;
}

/** The members of `data` that `schema` declares nowhere (empty when every member is known). */
export function unknownMembers(schema: object, data: unknown, prefix = ''): InputProblem[] {
  let out: InputProblem[];
  if (data === foundIn && schema === foundFor && data !== undefined) {
    out = found;
    forgetUnknownMembers();
  } else {
    out = [];
    walkerOf(shapeFor(schema))(data, [], out);
  }
  if (prefix) for (const w of out) w.path = prefix + w.path;
  return out;
}

/**
 * The answer with `warnings` (unknown members) added: appended to the answer's own `warnings` where
 * it has some (the roster validation), absent when there is nothing to say.
 */
export function withWarnings<T>(answer: T, warnings: InputProblem[]): T {
  if (warnings.length === 0 || answer === null || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  const own = (answer as Json).warnings;
  return { ...answer, warnings: Array.isArray(own) ? [...(own as unknown[]), ...warnings] : warnings };
}

/** The `warnings` member `withWarnings` adds to an answer (absent when every member was known). */
export const UnknownMemberWarningsSchema = Type.Array(
  Type.Object({
    path: Type.String({ description: 'JSON pointer of the unknown member in the request' }),
    code: Type.String({ description: '`unknown_member`' }),
    message: Type.String(),
  }),
  { description: 'Members of the request its schema declares nowhere (accepted and ignored: a typo?). Absent when there are none.' },
);

const declaring = new WeakMap<object, TSchema>();

/**
 * `schema` and the optional `warnings` of `withWarnings`, as an `allOf` of the two (the schema
 * itself is left as it is, shared wherever it is used; an answer that already declares `warnings`,
 * or is no object, as it is). Memoised: one per schema.
 */
export function declaringWarnings(schema: TSchema): TSchema {
  const done = declaring.get(schema);
  if (done) return done;
  const declared = schema.type === 'object' ? (schema.properties as Record<string, unknown> | undefined) : undefined;
  const out =
    (schema.type === 'object' || Array.isArray(schema.anyOf)) && !(declared && 'warnings' in declared)
      ? ({ allOf: [schema, Type.Object({ warnings: Type.Optional(UnknownMemberWarningsSchema) })] } as unknown as TSchema)
      : schema;
  declaring.set(schema, out);
  return out;
}
