/**
 * Stable JSON (keys sorted, `undefined` members dropped, `undefined` / non-JSON values as `null`):
 * two bodies that mean the same give the same text. Used for fingerprints that are persisted
 * (match idempotency hashes, simulation deduplication) and for cache keys, so its output is frozen.
 *
 * Iterative (an explicit stack), so a deeply nested body cannot overflow the call stack; nesting
 * deeper than MAX_DEPTH is refused with InvalidInput pointing at the first member too deep.
 */
import { createHash } from 'node:crypto';
import { InvalidInput, pointerSegment } from './errors.js';

/** Deepest nesting of arrays/objects accepted (the root is depth 0). */
export const MAX_DEPTH = 1000;

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

export function canonicalJson(value: unknown): string {
  let out = '';
  // Work items, popped from the end: text to emit as is, or a value still to write.
  const stack: (string | Pending)[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out += item;
      continue;
    }
    const { value: v, path, depth } = item;
    if (v === null || typeof v !== 'object') {
      out += JSON.stringify(v) ?? 'null';
      continue;
    }
    if (depth >= MAX_DEPTH) {
      throw new InvalidInput([{ path, code: 'max_depth', message: `must not be nested more than ${MAX_DEPTH} levels deep` }]);
    }
    if (Array.isArray(v)) {
      stack.push(']');
      for (let i = v.length - 1; i >= 0; i--) {
        // a hole writes nothing between its commas (as Array.prototype.map + join always did)
        if (i in v) stack.push({ value: v[i], path: `${path}/${i}`, depth: depth + 1 });
        if (i > 0) stack.push(',');
      }
      stack.push('[');
      continue;
    }
    const record = v as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    stack.push('}');
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      stack.push({ value: record[k], path: `${path}/${pointerSegment(k)}`, depth: depth + 1 });
      stack.push((i > 0 ? ',' : '') + JSON.stringify(k) + ':');
    }
    stack.push('{');
  }
  return out;
}

/** SHA-256 (hex) of `text` as UTF-8. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** SHA-256 (hex) of `value`'s canonical JSON: the fingerprint of what a body means (receipts, idempotency, catalogs, logs). */
export const canonicalSha256 = (value: unknown): string => sha256Hex(canonicalJson(value));
