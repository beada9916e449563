/**
 * CONTRACT §8.1: a result receipt commits to the whole log. The digest is SHA-256 (hex) of the
 * canonical JSON of `[{version, type, schemaVersion, data}]`; anyone holding the published log can
 * recompute it with nothing but a JSON serializer that sorts keys — as this test does, independently
 * of the service's own canonical JSON.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logSha256 } from '../../../src/app/matches/log-digest.js';

/** An independent canonical JSON: keys sorted at every depth, no whitespace. */
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;

describe('the log digest a result receipt signs (CONTRACT §8.1)', () => {
  const log = [
    { version: 1, type: 'exsilium.start_player_bid', schemaVersion: 1, data: { bids: { p2: 1, p1: 2 }, winner: 'p1' }, recordedAt: '2026-11-27T10:00:00.000Z' },
    { version: 2, type: 'match.note', schemaVersion: 2, data: { text: 'ñ “fair” game', author: null }, recordedAt: '2026-11-27T10:01:00.000Z' },
  ];

  it('is SHA-256 of the sorted-key JSON of version, type, schemaVersion and data of every event (recordedAt left out)', () => {
    const expected = createHash('sha256')
      .update(JSON.stringify(sorted(log.map(({ version, type, schemaVersion, data }) => ({ version, type, schemaVersion, data })))))
      .digest('hex');
    expect(logSha256(log)).toBe(expected);
  });

  it('changes when any event of the log changes, is added or is left out', () => {
    const digest = logSha256(log);
    expect(logSha256(log.slice(0, 1))).not.toBe(digest);
    expect(logSha256([log[0]!, { ...log[1]!, data: { text: 'another game', author: null } }])).not.toBe(digest);
    expect(logSha256([{ ...log[0]!, version: 3 }, log[1]!])).not.toBe(digest);
    expect(logSha256(log.map((e) => ({ ...e, recordedAt: 'later' })))).toBe(digest);
  });
});
