/** Reading plain JSON objects safely: written once for the kernel, the games and the service. */

/** Whether `value` is a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `table[key]` only when `key` is the table's own member. Every lookup by a caller-supplied key
 * (a command `type`, an event type, a game, an id) goes through this: a plain `table[key]` would
 * find Object.prototype's members ("constructor", "toString", "__proto__"…) and answer 500.
 */
export function own<T>(table: Readonly<Record<string, T>> | null | undefined, key: unknown): T | undefined {
  return table != null && typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}
