/**
 * A small LRU of exact-odds answers by request (odds are a pure function of the body): repeated
 * profiles — a VTT hovering over the same two fighters — answer without recomputing. Errors are
 * not cached.
 */
import { canonicalJson } from '../../../../kernel/canonical-json.js';

const MAX = 2000;
const entries = new Map<string, unknown>();

export function cached<T>(kind: string, input: unknown, compute: () => T): T {
  const key = kind + ':' + canonicalJson(input);
  if (entries.has(key)) {
    const hit = entries.get(key) as T;
    entries.delete(key);
    entries.set(key, hit);
    return structuredClone(hit);
  }
  const value = compute();
  entries.set(key, value);
  if (entries.size > MAX) entries.delete(entries.keys().next().value!);
  return structuredClone(value);
}
