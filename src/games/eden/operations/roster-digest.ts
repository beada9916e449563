import { canonicalSha256 } from '../../../kernel/canonical-json.js';

/** Hex SHA-256 of the canonical JSON (keys sorted recursively, no spaces) of `body` without `receipt`. */
export function rosterSha256(body: unknown): string {
  const copy = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : body;
  if (copy !== null && typeof copy === 'object' && !Array.isArray(copy)) delete (copy as Record<string, unknown>).receipt;
  return canonicalSha256(copy);
}
