import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, MAX_DEPTH } from '../../../src/kernel/canonical-json.js';
import { InvalidInput } from '../../../src/kernel/errors.js';

/** The two recursive versions this one replaces (matches idempotency hashes; simulation fingerprints and odds cache keys). */
function matchesVersion(value: unknown): string {
  if (Array.isArray(value)) return '[' + value.map(matchesVersion).join(',') + ']';
  if (value && typeof value === 'object') {
    return (
      '{' +
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => JSON.stringify(k) + ':' + matchesVersion((value as Record<string, unknown>)[k]))
        .join(',') +
      '}'
    );
  }
  return JSON.stringify(value) ?? 'null';
}
function simulationsVersion(value: unknown): string {
  if (Array.isArray(value)) return '[' + value.map(simulationsVersion).join(',') + ']';
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort();
    return '{' + keys.map((k) => JSON.stringify(k) + ':' + simulationsVersion((value as Record<string, unknown>)[k])).join(',') + '}';
  }
  return JSON.stringify(value ?? null);
}

describe('canonicalJson', () => {
  it('sorts keys, drops undefined members and writes undefined elements as null', () => {
    expect(canonicalJson({ b: 1, a: [undefined, null, 'x', { d: undefined, c: 2 }] })).toBe('{"a":[null,null,"x",{"c":2}],"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson(NaN)).toBe('null');
    expect(canonicalJson('é"\n')).toBe(JSON.stringify('é"\n'));
  });

  it('gives exactly the text of both former implementations for any JSON-like value (persisted hashes stay valid)', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(undefined),
        fc.constant(null),
        fc.boolean(),
        fc.double(),
        fc.integer(),
        fc.string(),
        fc.array(tie('value')),
        fc.dictionary(fc.string(), tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(json, (v) => {
        const text = canonicalJson(v);
        expect(text).toBe(matchesVersion(v));
        expect(text).toBe(simulationsVersion(v));
      }),
      { numRuns: 500 },
    );
    // sparse arrays, as Array.prototype.map + join wrote them
    const sparse = [1, , 3];
    expect(canonicalJson(sparse)).toBe(matchesVersion(sparse));
  });

  it('refuses nesting deeper than MAX_DEPTH with InvalidInput and a JSON pointer, without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = i % 2 ? [deep] : { 'a/b': deep };
    let error: unknown;
    try {
      canonicalJson(deep);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidInput);
    const problem = (error as InvalidInput).errors[0]!;
    expect(problem.code).toBe('max_depth');
    expect(problem.path.split('/').length - 1).toBe(MAX_DEPTH);
    expect(problem.path.startsWith('/0/a~1b/0/')).toBe(true);
    // just under the limit is fine
    let ok: unknown = 1;
    for (let i = 0; i < MAX_DEPTH; i++) ok = [ok];
    expect(canonicalJson(ok)).toBe('['.repeat(MAX_DEPTH) + '1' + ']'.repeat(MAX_DEPTH));
  });
});
