/**
 * The single validator of the service: Fastify routes (as their validatorCompiler) and GraphQL
 * resolvers both use it, so the same input gets the same answer on every transport.
 * All problems are reported at once, each with a JSON-pointer path.
 */
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { InvalidInput, type InputProblem } from '../games/errors.js';

const Ajv = AjvModule.default ?? AjvModule;
// `code.optimize: false`: Ajv's code-optimisation passes were two thirds of compiling the body
// schemas at start-up, for no measurable gain when validating.
const bodyAjv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: false, code: { optimize: false } });
const paramAjv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: true, strict: false, code: { optimize: false } });
for (const ajv of [bodyAjv, paramAjv]) {
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date-time', true);
  ajv.addFormat('uri', true);
}

/**
 * Each schema is compiled once per validator: by object (WeakMap), and by content, so a copy (a
 * REST route's body schema carries its OpenAPI `examples`, a top-level annotation) shares the validator of
 * the original that GraphQL uses.
 */
const byObject = { body: new WeakMap<object, ValidateFunction>(), other: new WeakMap<object, ValidateFunction>() };
const byContent = { body: new Map<string, ValidateFunction>(), other: new Map<string, ValidateFunction>() };
const contentKey = (schema: object) =>
  JSON.stringify(schema, function (this: unknown, key, value: unknown) {
    return this === schema && key === 'examples' ? undefined : value;
  });

export function compile(schema: object, part: 'body' | 'other' = 'body'): ValidateFunction {
  const hit = byObject[part].get(schema);
  if (hit) return hit;
  const key = contentKey(schema);
  let fn = byContent[part].get(key);
  if (!fn) {
    fn = (part === 'body' ? bodyAjv : paramAjv).compile(schema);
    byContent[part].set(key, fn);
  }
  byObject[part].set(schema, fn);
  return fn;
}

/** Turn Ajv errors into contract problems (path = JSON pointer of the offending member). */
export function toProblems(errors: readonly ErrorObject[]): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
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

/** Validate (and fill defaults into) `input`; throws InvalidInput listing every problem. */
export function validate<T>(schema: TSchema, input: unknown): T {
  const fn = compile(schema);
  if (!fn(input)) throw new InvalidInput(toProblems(fn.errors ?? []), 'The request does not match the schema.');
  return input as T;
}
