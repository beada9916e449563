/**
 * The single validator of the service: Fastify routes (as their validatorCompiler) and GraphQL
 * resolvers both use it, so the same input gets the same answer on every transport.
 * All problems are reported at once, each with a JSON-pointer path.
 */
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { InvalidInput, type InputProblem } from './errors.js';
import { MAX_LISTED_ARRAYS, overLongArrays } from './body-limits.js';
import { forgetUnknownMembers } from './unknown-members.js';
import { cyrb128 } from './dice/seeded.js';

/** Most problems one 400 lists (README "Budgets"); `errorsOmitted` counts the others. */
export const MAX_LISTED_PROBLEMS = 100;

const Ajv = AjvModule.default ?? AjvModule;
type AjvInstance = InstanceType<typeof Ajv>;

/** The formats the schemas name; `true`: any string (the members that use them check themselves). */
export const FORMATS = { uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'date-time': true, uri: true } as const;

/**
 * A validator of a request's body (`body`: defaults filled, resolvers run, `this` handed to them)
 * or of its path, query or headers (`other`: strings coerced). `codegen`: the options Ajv needs to
 * write the validators out as a module's source (src/kernel/validator-source.ts), else none.
 */
export function newAjv(
  part: 'body' | 'other',
  codegen?: { source: true; esm: true; formats: NonNullable<NonNullable<ConstructorParameters<typeof Ajv>[0]>['code']>['formats'] },
): AjvInstance {
  // passContext: `validate(schema, input, context)` hands `context` to the resolvers (below).
  // `code.optimize: false`: Ajv's code-optimisation passes were two thirds of compiling the body
  // schemas at start-up, for no measurable gain when validating.
  const code = { optimize: false, ...codegen };
  const ajv =
    part === 'body'
      ? new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: false, passContext: true, code })
      : new Ajv({ allErrors: true, useDefaults: true, coerceTypes: true, strict: false, code });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  // before `required`, so a completed object passes the checks of a full one
  if (part === 'body') ajv.addKeyword({ keyword: 'x-resolve', type: 'object', modifying: true, errors: true, before: 'required', validate: resolveKeyword as never });
  return ajv;
}

/**
 * Resolvers (`"x-resolve": "<name>"` on an object schema): before the schema's own checks, a
 * resolver may complete the object in place (a fighter sent as `{"ref"}`, CONTRACT §7.5) or report
 * a problem at a member of it. `root` is the whole body (for `edition` and the like); `context`
 * what the caller of `validate` knew beside the body (a match's options), else undefined.
 */
export type Resolver = (
  data: Record<string, unknown>,
  root: unknown,
  context: Record<string, unknown> | undefined,
) => { replace: Record<string, unknown> } | { member: string; code: string; message: string } | undefined;
const resolvers = new Map<string, Resolver>();
export function defineResolver(name: string, resolver: Resolver): void {
  resolvers.set(name, resolver);
}

/**
 * How a published document says what a resolver allows: an object sent as `{"ref"}` (it has a
 * `ref` member and `x-resolve`) needs its required members only when it is not sent by reference,
 * so the published schema requires `ref` or them (generated clients then accept `{ref}` alone).
 * Any other schema keeps its `required` as it is (CatalogRef resolves too, but has no `ref`).
 */
export function requiredUnlessByRef(schema: { 'x-resolve'?: unknown; properties?: unknown; required?: unknown; anyOf?: unknown }, resolved = 'x-resolve' in schema): void {
  const props = schema.properties as Record<string, unknown> | undefined;
  if (!resolved || !props?.ref || !Array.isArray(schema.required) || !schema.required.length) return;
  schema.anyOf = [{ required: ['ref'] }, { required: schema.required }];
  delete schema.required;
}

const RESOLVE_CODES = new Set<string>();
const CONTEXT = Symbol('validation context');
interface ValidationContext {
  [CONTEXT]: true;
  values: Record<string, unknown>;
}
type ResolveKeyword = ((this: unknown, name: string, data: Record<string, unknown>, parent: unknown, cxt?: { instancePath: string; rootData: unknown }) => boolean) & {
  errors?: ErrorObject[];
};
export const resolveKeyword: ResolveKeyword = function resolve(this: unknown, name, data, _parent, cxt) {
  const context = this !== null && typeof this === 'object' && (this as ValidationContext)[CONTEXT] ? (this as ValidationContext).values : undefined;
  const outcome = resolvers.get(name)?.(data, cxt?.rootData, context);
  if (!outcome) return true;
  if ('replace' in outcome) {
    Object.assign(data, outcome.replace);
    // the body's members changed since its pass on arrival: its unknown members are walked again
    forgetUnknownMembers();
    return true;
  }
  RESOLVE_CODES.add(outcome.code);
  resolveKeyword.errors = [{ keyword: outcome.code, instancePath: `${cxt?.instancePath ?? ''}/${outcome.member}`, schemaPath: '', params: {}, message: outcome.message }];
  return false;
};
/** Members whose values are data, not schemas: never searched for shapes. */
const DATA_MEMBERS = new Set(['default', 'examples', 'example', 'const', 'enum']);

/**
 * The content of a schema, as the validators know it: a copy of a schema that differs only in its
 * top-level OpenAPI `examples` (a REST route's body schema carries them) is the same schema.
 */
export const contentKey = (schema: object) =>
  JSON.stringify(schema, function (this: unknown, key, value: unknown) {
    return this === schema && key === 'examples' ? undefined : value;
  });

/**
 * The compiled validators of one Ajv instance. Each schema is compiled once: by object (WeakMap),
 * and by content, so a copy (a REST route's body schema with its `examples`) shares the validator
 * of the original that GraphQL uses. Validators written out at build time
 * (src/kernel/validator-source.ts) are taken by content before anything is compiled.
 */
export class Validators {
  private readonly byObject = new WeakMap<object, ValidateFunction>();
  private readonly byContent = new Map<string, ValidateFunction>();
  /** `$id` of each titled shape added to the Ajv instance, by the shape's content. */
  private readonly shapeIds = new Map<string, string>();
  private prebuilt: ReadonlyMap<string, ValidateFunction> = new Map();

  constructor(readonly ajv: AjvInstance) {}

  /** Validators compiled at build time, by `contentId` of their schemas. */
  usePrebuilt(validators: ReadonlyMap<string, ValidateFunction>): void {
    this.prebuilt = validators;
  }

  compile(schema: object): ValidateFunction {
    const hit = this.byObject.get(schema);
    if (hit) return hit;
    const key = contentKey(schema);
    let fn = this.byContent.get(key);
    if (!fn) {
      fn = (this.prebuilt.size ? this.prebuilt.get(contentId(key)) : undefined) ?? this.ajv.compile(this.sharingShapes(schema) as object);
      this.byContent.set(key, fn);
    }
    this.byObject.set(schema, fn);
    return fn;
  }

  /**
   * `schema` with every titled shape inside it (a `Fighter`, a `DiceSpec`… — the titles that name
   * GraphQL and OpenAPI types) replaced by a `$ref` to one copy added to the validator: a shape used
   * by thirty operations is compiled once, not thirty times (most of start-up's compile time).
   * Validation is unchanged: same checks, defaults, resolvers and error paths.
   */
  sharingShapes(schema: unknown, root = true): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.sharingShapes(item, false));
    if (schema === null || typeof schema !== 'object') return schema;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) out[key] = DATA_MEMBERS.has(key) ? value : this.sharingShapes(value, false);
    if (root || typeof out.title !== 'string' || '$id' in out) return out;
    const key = JSON.stringify(out);
    let id = this.shapeIds.get(key);
    if (!id) {
      // named by its content, not by the order shapes were met in: the same id in every process and
      // in the validators written at build time, whatever was compiled before
      id = `shape:${contentId(key)}:${out.title}`;
      this.ajv.addSchema({ ...out, $id: id });
      this.shapeIds.set(key, id);
    }
    return { $ref: id };
  }
}

/**
 * A short name of a schema's content (`contentKey`): its length and its 128-bit cyrb128 hash (the
 * seeds' hash, ./dice/seeded.ts). What a validator written at build time is looked up by.
 */
export function contentId(key: string): string {
  return [key.length, ...cyrb128(key)].map((n) => n.toString(36)).join('-');
}

const validators = { body: new Validators(newAjv('body')), other: new Validators(newAjv('other')) };

export function compile(schema: object, part: 'body' | 'other' = 'body'): ValidateFunction {
  return validators[part].compile(schema);
}

/** Body validators compiled at build time (src/http/precompile.ts loads them when dist/ has them). */
export function usePrebuiltBodyValidators(prebuilt: ReadonlyMap<string, ValidateFunction>): void {
  validators.body.usePrebuilt(prebuilt);
}

/** Turn Ajv errors into contract problems (path = JSON pointer of the offending member). */
export function toProblems(errors: readonly ErrorObject[]): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  // an object a resolver could not complete reports that, not every member it would have had
  const unresolved = new Set(errors.filter((e) => RESOLVE_CODES.has(e.keyword)).map((e) => e.instancePath.slice(0, e.instancePath.lastIndexOf('/'))));
  for (const e of errors) {
    if (e.keyword === 'required' && unresolved.has(e.instancePath)) continue;
    let path = e.instancePath;
    if (e.keyword === 'required') path += '/' + String((e.params as { missingProperty: string }).missingProperty);
    if (e.keyword === 'additionalProperties') path += '/' + String((e.params as { additionalProperty: string }).additionalProperty);
    const code = e.keyword;
    const message = e.message ?? 'is not valid';
    const key = `${path}|${code}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path: path || '', code, message });
  }
  return problems;
}

/**
 * Validate (and fill defaults into) `input`; throws InvalidInput listing every problem. `context`
 * reaches the resolvers (a match command's match options: its EDEN `edition`).
 */
export function validate<T>(schema: TSchema, input: unknown, context?: Record<string, unknown>): T {
  // arrays against their maxItems before a single item is checked (the same 400 as a REST body's)
  const over = overLongArrays(schema, input);
  if (over.length) {
    const omitted = over.length - MAX_LISTED_ARRAYS;
    throw new InvalidInput(
      over.slice(0, MAX_LISTED_ARRAYS),
      `An array of the input is longer than the schema allows (${over[0]!.path || '/'}: at most ${over[0]!.limit} items, ${over[0]!.count} sent); no item of it was validated.`,
      'too_many_items',
      omitted > 0 ? { errorsOmitted: omitted } : {},
    );
  }
  const fn = compile(schema);
  const ok = context ? fn.call({ [CONTEXT]: true, values: context } satisfies ValidationContext, input) : fn(input);
  if (!ok) {
    const problems = toProblems(fn.errors ?? []);
    const omitted = problems.length - MAX_LISTED_PROBLEMS;
    throw new InvalidInput(problems.slice(0, MAX_LISTED_PROBLEMS), 'The request does not match the schema.', 'invalid_request', omitted > 0 ? { errorsOmitted: omitted } : {});
  }
  return input as T;
}
