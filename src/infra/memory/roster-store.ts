/**
 * Stored EDEN army lists in memory: the same contract as the SQL store (src/infra/roster-store.ts;
 * tests/contract/roster-store.test.ts runs one suite against both), for fast API tests and tools that
 * need no database. Nothing survives the process. Port: `RosterStore` in src/app/league/ports.ts.
 *
 * - The same 400 for text PostgreSQL cannot store in the list (`InvalidInput` from
 *   ../event-store/storable.ts), checked first, as the SQL store does.
 * - What the table itself would refuse throws an Error with PostgreSQL's message and stores nothing:
 *   a duplicate id, NUL in the id or owner, an unstorable validation, a value JSON cannot hold.
 * - `find` of an id longer than 100 characters is undefined without a lookup (ids are ours).
 * - The per-owner quota (`limits.maxPerOwner`) as the SQL store: counted and inserted in one step
 *   (nothing awaits between them); at the limit RosterQuotaExceeded and nothing stored, checked
 *   where the SQL store checks it (after the 400 and the owner, before the row's own refusals).
 * - Answers are fresh copies, JSON values as `jsonb` gives them back and `createdAt` an ISO string
 *   from the injected clock, so a caller cannot change what is stored; `sealedUntil` and
 *   `revealedAt` ISO strings (milliseconds) or null, as `timestamptz` reads back.
 * - `reveal` sets `revealedAt` once (a second reveal keeps the first time), only for the owner.
 * - `salt` (a sealed list's, CONTRACT §9.4) is kept as `text`, null when absent.
 */
import type { Clock } from '../../app/ports.js';
import { RosterQuotaExceeded, type RosterStore, type StoredRoster } from '../../app/league/ports.js';
import { InvalidInput } from '../../kernel/errors.js';
import { jsonbCopy } from '../event-store/memory.js';
import { unstorableProblems } from '../event-store/storable.js';

/** What a `text` parameter becomes: NUL refused, an unpaired surrogate turned into U+FFFD (as UTF-8 encoding does). */
function text(value: string): string {
  if (value.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
  return Buffer.from(value, 'utf8').toString('utf8');
}

/** What a NOT NULL `jsonb` parameter becomes (`JSON.stringify`, as the SQL store sends it), or PostgreSQL's refusal. */
function jsonb(value: unknown, column: string): unknown {
  if (JSON.stringify(value) === undefined) throw new Error(`null value in column "${column}" of relation "eden_rosters" violates not-null constraint`);
  if (unstorableProblems(value, '').length) throw new Error('unsupported Unicode escape sequence');
  return jsonbCopy(value);
}

interface Row {
  id: string;
  ownerId: string;
  roster: unknown;
  validation: unknown;
  createdAt: number;
  sealedUntil: string | null;
  revealedAt: string | null;
  salt: string | null;
}

const toStored = (r: Row): StoredRoster => ({
  id: r.id,
  ownerId: r.ownerId,
  roster: jsonbCopy(r.roster),
  validation: jsonbCopy(r.validation),
  createdAt: new Date(r.createdAt).toISOString(),
  sealedUntil: r.sealedUntil,
  revealedAt: r.revealedAt,
  salt: r.salt,
});

/** What a `timestamptz` parameter becomes: an ISO string (milliseconds, as the SQL store reads it back), or PostgreSQL's refusal. */
function timestamp(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const at = Date.parse(value);
  if (!Number.isFinite(at)) throw new Error(`invalid input syntax for type timestamp with time zone: "${value}"`);
  return new Date(at).toISOString();
}

export function memoryRosterStore(clock: Clock = { now: () => Date.now() }): RosterStore {
  const rows = new Map<string, Row>();
  const owned = new Map<string, number>();
  return {
    async save(r, limits = {}) {
      // the same 400 on every backend for text PostgreSQL cannot hold
      const problems = unstorableProblems(r.roster, '/roster');
      if (problems.length) throw new InvalidInput(problems);
      // in the SQL store's order: the owner (its lock), the quota, then the row itself
      const ownerId = text(r.ownerId);
      const max = limits.maxPerOwner;
      const count = owned.get(ownerId) ?? 0;
      if (max !== undefined && count >= max) throw new RosterQuotaExceeded(max);
      const row: Row = {
        id: text(r.id),
        ownerId,
        roster: jsonb(r.roster, 'roster'),
        validation: jsonb(r.validation, 'validation'),
        createdAt: clock.now(),
        sealedUntil: timestamp(r.sealedUntil),
        revealedAt: timestamp(r.revealedAt),
        salt: r.salt === undefined || r.salt === null ? null : text(r.salt),
      };
      if (rows.has(row.id)) throw new Error('duplicate key value violates unique constraint "eden_rosters_pkey"');
      rows.set(row.id, row);
      owned.set(row.ownerId, count + 1);
      return toStored(row);
    },
    async countByOwner(ownerId) {
      return owned.get(text(ownerId)) ?? 0;
    },
    async find(id) {
      // ids are ours (uuid-like); anything longer cannot be one
      if (id.length > 100) return undefined;
      const row = rows.get(text(id));
      return row ? toStored(row) : undefined;
    },
    async reveal(id, ownerId, at) {
      if (id.length > 100) return undefined;
      const row = rows.get(text(id));
      const when = timestamp(at);
      if (!row || row.ownerId !== text(ownerId)) return undefined;
      row.revealedAt ??= when;
      return toStored(row);
    },
  };
}
