/**
 * The digest a result receipt commits to (CONTRACT §8.1): once the match has ended, the owner can
 * publish the full log (GET /v1/matches/{id}/events, every page) and anyone can check it against
 * the receipt's `logSha256`: the SHA-256 (hex) of the canonical JSON (keys sorted, no spaces: the
 * JSON Canonicalization Scheme for these values) of the array of every event from version 1 to the
 * receipt's `version`, each `{version, type, schemaVersion, data}` as the owner reads it.
 */
import { canonicalSha256 } from '../../kernel/canonical-json.js';

export interface LoggedEvent {
  version: number;
  type: string;
  schemaVersion: number;
  data: unknown;
}

export function logSha256(events: readonly LoggedEvent[]): string {
  const log = events.map((e) => ({ version: e.version, type: e.type, schemaVersion: e.schemaVersion, data: e.data }));
  return canonicalSha256(log);
}
