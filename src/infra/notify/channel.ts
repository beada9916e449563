/**
 * The PostgreSQL NOTIFY channel of match appends. The event store notifies it in each append's
 * transaction with the payload `<match id>:<new version>` (src/infra/event-store); every API
 * process listens on it once (./postgres.ts).
 */
export const MATCH_APPENDS_CHANNEL = 'arbiter_match_appends';

/** `<match id>:<version>` → its parts, or undefined for anything else. */
export function parseAppendPayload(payload: string | undefined): { matchId: string; version: number } | undefined {
  const at = payload?.lastIndexOf(':') ?? -1;
  if (!payload || at <= 0) return undefined;
  const version = Number(payload.slice(at + 1));
  return Number.isInteger(version) && version > 0 ? { matchId: payload.slice(0, at), version } : undefined;
}
