/**
 * Stored EDEN army lists (port: src/app/league/ports.ts) in the `eden_rosters` table (migration
 * 20261201000000_league), on PostgreSQL or PGlite.
 */
import type { Database } from '../app/ports.js';
import type { RosterStore, StoredRoster } from '../app/league/ports.js';
import { InvalidInput } from '../games/errors.js';
import { unstorableProblems } from './event-store/storable.js';

interface Row {
  id: string;
  owner_id: string;
  roster: unknown;
  validation: unknown;
  created_at: Date | string;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const toStored = (r: Row): StoredRoster => ({
  id: r.id,
  ownerId: r.owner_id,
  roster: json(r.roster),
  validation: json(r.validation),
  createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
});

export function sqlRosterStore(db: Database): RosterStore {
  return {
    async save(r) {
      // the same 400 on every backend for text PostgreSQL cannot hold
      const problems = unstorableProblems(r.roster, '/roster');
      if (problems.length) throw new InvalidInput(problems);
      const { rows } = await db.query<Row>(
        'INSERT INTO eden_rosters (id, owner_id, roster, validation) VALUES ($1, $2, $3, $4) RETURNING id, owner_id, roster, validation, created_at',
        [r.id, r.ownerId, JSON.stringify(r.roster), JSON.stringify(r.validation)],
      );
      return toStored(rows[0]!);
    },
    async find(id) {
      // ids are ours (uuid-like); anything longer cannot be one
      if (id.length > 100) return undefined;
      const { rows } = await db.query<Row>('SELECT id, owner_id, roster, validation, created_at FROM eden_rosters WHERE id = $1', [id]);
      return rows[0] ? toStored(rows[0]) : undefined;
    },
  };
}
