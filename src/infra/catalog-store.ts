/**
 * A league's stored EDEN catalogs (port: `CatalogStore` in src/app/league/ports.ts) in the
 * `eden_catalogs` table (migration 20261221000000_catalogs), one row per version, on PostgreSQL or
 * PGlite. Every write takes a transaction-scoped advisory lock on its owner, so the per-owner quota
 * (counted over every version the owner stores) and the next version number are exact across
 * processes: concurrent updates of one catalog get consecutive versions, and never pass the quota.
 */
import type { Database, SqlClient } from '../app/ports.js';
import { CatalogQuotaExceeded, type CatalogStore, type StoredCatalog } from '../app/league/ports.js';
import { InvalidInput } from '../games/errors.js';
import { unstorableProblems } from './event-store/storable.js';

interface Row {
  id: string;
  version: number;
  owner_id: string;
  body: unknown;
  sha256: string;
  created_at: Date | string;
}

const COLUMNS = 'id, version, owner_id, body, sha256, created_at';
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const toStored = (r: Row): StoredCatalog => ({
  id: r.id,
  ownerId: r.owner_id,
  version: Number(r.version),
  body: json(r.body),
  sha256: r.sha256,
  createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
});

/** Versions are stored as INTEGER: a larger one cannot exist. */
const MAX_VERSION = 2_147_483_647;

const count = async (client: SqlClient, ownerId: string) => {
  const { rows } = await client.query<{ n: string | number }>('SELECT count(*) AS n FROM eden_catalogs WHERE owner_id = $1', [ownerId]);
  return Number(rows[0]?.n ?? 0);
};

export function sqlCatalogStore(db: Database): CatalogStore {
  /** In one transaction under the owner's lock: its quota checked, then `write`. */
  const locked = async <T>(c: Omit<StoredCatalog, 'createdAt' | 'version'>, max: number | undefined, write: (tx: SqlClient) => Promise<T>) => {
    // the same 400 on every backend for text PostgreSQL cannot hold
    const problems = unstorableProblems(c.body, '');
    if (problems.length) throw new InvalidInput(problems);
    return db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['eden_catalogs:' + c.ownerId]);
      if (max !== undefined && (await count(tx, c.ownerId)) >= max) throw new CatalogQuotaExceeded(max);
      return write(tx);
    });
  };
  const insert = async (tx: SqlClient, c: Omit<StoredCatalog, 'createdAt'>) => {
    const { rows } = await tx.query<Row>(`INSERT INTO eden_catalogs (id, version, owner_id, body, sha256) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`, [
      c.id,
      c.version,
      c.ownerId,
      JSON.stringify(c.body),
      c.sha256,
    ]);
    return toStored(rows[0]!);
  };
  return {
    create: (c, limits = {}) => locked(c, limits.maxPerOwner, (tx) => insert(tx, { ...c, version: 1 })),
    async update(c, limits = {}) {
      if (c.id.length > 100) return undefined;
      return locked(c, undefined, async (tx) => {
        // the catalog's owner: only it adds versions (and its lock is the one held)
        const { rows } = await tx.query<{ owner_id: string; version: number }>('SELECT owner_id, max(version) AS version FROM eden_catalogs WHERE id = $1 GROUP BY owner_id', [
          c.id,
        ]);
        const latest = rows[0];
        if (!latest || latest.owner_id !== c.ownerId) return undefined;
        const max = limits.maxPerOwner;
        if (max !== undefined && (await count(tx, c.ownerId)) >= max) throw new CatalogQuotaExceeded(max);
        return insert(tx, { ...c, version: Number(latest.version) + 1 });
      });
    },
    async find(id, version) {
      if (id.length > 100 || (version !== undefined && (!Number.isSafeInteger(version) || version < 1 || version > MAX_VERSION))) return undefined;
      const { rows } =
        version === undefined
          ? await db.query<Row>(`SELECT ${COLUMNS} FROM eden_catalogs WHERE id = $1 ORDER BY version DESC LIMIT 1`, [id])
          : await db.query<Row>(`SELECT ${COLUMNS} FROM eden_catalogs WHERE id = $1 AND version = $2`, [id, version]);
      return rows[0] ? toStored(rows[0]) : undefined;
    },
    async latestVersion(id) {
      if (id.length > 100) return 0;
      const { rows } = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM eden_catalogs WHERE id = $1', [id]);
      return Number(rows[0]?.version ?? 0);
    },
    countByOwner: (ownerId) => count(db, ownerId),
  };
}
