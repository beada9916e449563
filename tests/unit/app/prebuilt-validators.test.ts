/**
 * The request bodies' validators written out at build time (src/kernel/validator-source.ts, loaded
 * by a built service instead of compiling them at start-up) answer every body as the validators
 * compiled at run time do: the same verdict, the same problems at the same paths, the same
 * defaults filled in. Checked on every operation's examples and on copies of them with one member
 * of the wrong type, missing or unknown.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { operations } from '../../../src/app/registry.js';
import { compile, contentId, contentKey, newAjv, Validators } from '../../../src/kernel/validate.js';
import { bodyValidatorSource } from '../../../src/kernel/validator-source.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const bodies = operations.filter((op) => op.body);
/** A body with a checked format (no operation's body has one today). */
const withFormat = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, at: { type: 'string', format: 'date-time' } } };

// inside the repository (not node_modules: the test runner compiles what it imports from there),
// so that the module's `require` finds Ajv's runtime helpers and its import of validate.js is the
// same module the test imports (one set of resolvers); in .scratch/, which git, ESLint and Prettier
// ignore, so that a run cut short leaves nothing they check
const scratch = join(ROOT, '.scratch');
let dir: string;
let prebuilt: ReadonlyMap<string, ValidateFunction>;

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  dir = mkdtempSync(join(scratch, 'prebuilt-validators-'));
  const file = join(dir, 'validators.prebuilt.mjs');
  const validateModule = relative(dir, join(ROOT, 'src/kernel/validate.js'));
  writeFileSync(file, bodyValidatorSource([...bodies.map((op) => op.body!), withFormat], validateModule));
  prebuilt = ((await import(pathToFileURL(file).href)) as { validators: ReadonlyMap<string, ValidateFunction> }).validators;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `value` with the member at `path` replaced (`undefined`: removed). */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (!path.length) return by;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, by) : item));
  const out = { ...(value as Record<string, unknown>) };
  if (rest.length || by !== undefined) out[head!] = replaced(out[head!], rest, by);
  else delete out[head!];
  return out;
}

/** Paths of every member of `value` (objects' members and arrays' first items), at most `limit`. */
function paths(value: unknown, limit = 40, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (out.length >= limit) return out;
  if (Array.isArray(value)) {
    if (value.length) {
      out.push([...at, 0]);
      paths(value[0], limit, [...at, 0], out);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      out.push([...at, key]);
      paths(member, limit, [...at, key], out);
    }
  }
  return out;
}

/** A value of another JSON type than `value`'s. */
const wrongType = (value: unknown) =>
  typeof value === 'string' ? 7 : typeof value === 'number' ? 'seven' : typeof value === 'boolean' ? 'yes' : Array.isArray(value) ? { not: 'a list' } : 'not an object';

/** What a validator made of a body: its verdict, its problems and the body after defaults. */
function outcome(fn: ValidateFunction, body: unknown) {
  const input = structuredClone(body);
  const ok = fn(input);
  return { ok, errors: (fn.errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message })), input };
}

describe('request body validators written at build time', () => {
  it('one for every operation body, found by its schema’s content', () => {
    for (const op of bodies) expect(prebuilt.get(contentId(contentKey(op.body!))), op.id).toBeTypeOf('function');
  });

  it.each(bodies.map((op) => [op.id, op] as const))('%s: the same verdicts, problems and defaults as the validator compiled at run time', (_id, op) => {
    const built = prebuilt.get(contentId(contentKey(op.body!)))!;
    const compiled = compile(op.body!);
    const cases: unknown[] = [{}, null, [], 'text'];
    for (const { value } of op.examples ?? []) {
      cases.push(value, replaced(value, ['unknownMemberOfTheTest'], 1));
      for (const path of paths(value)) {
        const member = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
        cases.push(replaced(value, path, wrongType(member)), replaced(value, path, undefined));
      }
    }
    let rejected = 0;
    for (const body of cases) {
      const expected = outcome(compiled, body);
      expect(outcome(built, body), JSON.stringify(body)).toEqual(expected);
      if (!expected.ok) rejected++;
    }
    // the cases reach the validators' problems, not only their successes
    expect(rejected).toBeGreaterThan(0);
  });

  it('formats are checked as at run time', () => {
    const built = prebuilt.get(contentId(contentKey(withFormat)))!;
    const compiled = compile(withFormat);
    for (const body of [{ id: '6f1c2a9e-0b7d-4c3e-9a41-2d5e8f7b1c03', at: 'any text' }, { id: 'not-a-uuid' }, { id: 7 }])
      expect(outcome(built, body)).toEqual(outcome(compiled, body));
    expect(outcome(built, { id: 'not-a-uuid' }).errors).toMatchObject([{ instancePath: '/id', keyword: 'format' }]);
  });

  it('a service takes them by content; a schema changed since the build is compiled', () => {
    const validators = new Validators(newAjv('body'));
    validators.usePrebuilt(prebuilt);
    const op = bodies[0]!;
    expect(validators.compile({ ...op.body!, examples: [] })).toBe(prebuilt.get(contentId(contentKey(op.body!))));
    const changed = { ...op.body!, description: 'changed since the build' };
    const fn = validators.compile(changed);
    expect([...prebuilt.values()]).not.toContain(fn);
    expect(outcome(fn, {}).ok).toBe(outcome(compile(op.body!), {}).ok);
  });

  it('a shared shape is named by its content: the same problems whatever was compiled before (files share modules)', () => {
    const dice = { title: 'DiceSpec', type: 'object', properties: { seed: { type: 'string' } } };
    const other = { title: 'Other', type: 'object', properties: { n: { type: 'integer' } } };
    const body = { type: 'object', properties: { dice } };
    const fresh = new Validators(newAjv('body')).compile(body);
    const after = new Validators(newAjv('body'));
    after.compile({ type: 'object', properties: { other, more: { ...other, title: 'More' } } });
    const late = after.compile(body);
    const bad = { dice: 'not an object' };
    expect(outcome(late, bad)).toEqual(outcome(fresh, bad));
    expect(outcome(fresh, bad).errors[0]!.schemaPath).toMatch(/^shape:[^:]+:DiceSpec\/type$/);
  });

  it('the content id tells schemas apart and ignores the top-level examples', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(contentId(contentKey({ ...schema, examples: [{ a: 'x' }] }))).toBe(contentId(contentKey(schema)));
    expect(contentId(contentKey({ ...schema, properties: { b: { type: 'string' } } }))).not.toBe(contentId(contentKey(schema)));
    expect(new Set(bodies.map((op) => contentId(contentKey(op.body!)))).size).toBe(new Set(bodies.map((op) => contentKey(op.body!))).size);
  });
});
