/**
 * Stored EDEN army lists (port: src/app/league/ports.ts) in the `eden_rosters` table (migration
 * 20261201000000_league; `sealed_until` and `revealed_at` from 20261221000000_catalogs), on PostgreSQL or PGlite. The per-owner quota is exact across processes:
 * a save under a quota takes a transaction-scoped advisory lock on its owner, counts the owner's
 * rows (index `eden_rosters_owner_id_created_at_idx`) and inserts in the same transaction.
 */
import type { Database, SqlClient } from '../app/ports.js';
import { RosterQuotaExceeded, type RosterStore, type StoredRoster } from '../app/league/ports.js';
import { InvalidInput } from '../games/errors.js';
import { unstorableProblems } from './event-store/storable.js';

interface Row {
  id: string;
  owner_id: string;
  roster: unknown;
  validation: unknown;
  created_at: Date | string;
  sealed_until: Date | string | null;
  revealed_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());
const COLUMNS = 'id, owner_id, roster, validation, created_at, sealed_until, revealed_at';

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const toStored = (r: Row): StoredRoster => ({
  id: r.id,
  ownerId: r.owner_id,
  roster: json(r.roster),
  validation: json(r.validation),
  createdAt: iso(r.created_at)!,
  sealedUntil: iso(r.sealed_until),
  revealedAt: iso(r.revealed_at),
});

const count = async (client: SqlClient, ownerId: string) => {
  const { rows } = await client.query<{ n: string | number }>('SELECT count(*) AS n FROM eden_rosters WHERE owner_id = $1', [ownerId]);
  return Number(rows[0]?.n ?? 0);
};

export function sqlRosterStore(db: Database): RosterStore {
  const insert = async (client: SqlClient, r: Omit<StoredRoster, 'createdAt'>) => {
    const { rows } = await client.query<Row>(
      `INSERT INTO eden_rosters (id, owner_id, roster, validation, sealed_until, revealed_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [r.id, r.ownerId, JSON.stringify(r.roster), JSON.stringify(r.validation), r.sealedUntil ?? null, r.revealedAt ?? null],
    );
    return toStored(rows[0]!);
  };
  return {
    async save(r, limits = {}) {
      // the same 400 on every backend for text PostgreSQL cannot hold
      const problems = unstorableProblems(r.roster, '/roster');
      if (problems.length) throw new InvalidInput(problems);
      const max = limits.maxPerOwner;
      if (max === undefined) return insert(db, r);
      return db.transaction(async (tx) => {
        // one save per owner at a time: the count and the insert agree, whatever runs beside them
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['eden_rosters:' + r.ownerId]);
        if ((await count(tx, r.ownerId)) >= max) throw new RosterQuotaExceeded(max);
        return insert(tx, r);
      });
    },
    countByOwner: (ownerId) => count(db, ownerId),
    async find(id) {
      // ids are ours (uuid-like); anything longer cannot be one
      if (id.length > 100) return undefined;
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM eden_rosters WHERE id = $1`, [id]);
      return rows[0] ? toStored(rows[0]) : undefined;
    },
    async reveal(id, ownerId, at) {
      if (id.length > 100) return undefined;
      // the first reveal's time stays
      const { rows } = await db.query<Row>(`UPDATE eden_rosters SET revealed_at = COALESCE(revealed_at, $3::timestamptz) WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`, [
        id,
        ownerId,
        at,
      ]);
      return rows[0] ? toStored(rows[0]) : undefined;
    },
  };
}
