import { canonicalJson, canonicalSha256, sha256Hex } from '../../../kernel/canonical-json.js';

/** `body` without `receipt` (a member that asks for a receipt is not part of the list). */
function withoutReceipt(body: unknown): unknown {
  const copy = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : body;
  if (copy !== null && typeof copy === 'object' && !Array.isArray(copy)) delete (copy as Record<string, unknown>).receipt;
  return copy;
}

/** Hex SHA-256 of the canonical JSON (keys sorted recursively, no spaces) of `body` without `receipt`. */
export function rosterSha256(body: unknown): string {
  return canonicalSha256(withoutReceipt(body));
}

/**
 * The public hash of a sealed list (CONTRACT §9.4): hex SHA-256 of `salt + ":" + ` the canonical
 * JSON that rosterSha256 hashes. The random salt (secret until the list opens, then published
 * beside it) keeps the hash from being matched against every list the public catalog allows.
 */
export function saltedRosterSha256(salt: string, body: unknown): string {
  return sha256Hex(salt + ':' + canonicalJson(withoutReceipt(body)));
}
