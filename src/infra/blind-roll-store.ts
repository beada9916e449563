/**
 * Blind rolls (port: src/app/dice/blind-ports.ts) in the `blind_rolls` table (migration
 * 20261220000000_blind_rolls), on PostgreSQL or PGlite. The first reveal wins atomically: one
 * `UPDATE … WHERE revealed_at IS NULL` fixes the client seed, and whoever finds it already set
 * reads the row as that reveal left it.
 */
import type { Database } from '../app/ports.js';
import type { BlindRoll, BlindRollStore } from '../app/dice/blind-ports.js';

interface Row {
  id: string;
  notation: string;
  repeat: number | null;
  server_seed: string;
  commitment: string;
  client_seed: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  revealed_at: Date | string | null;
}

const COLUMNS = 'id, notation, repeat, server_seed, commitment, client_seed, created_at, expires_at, revealed_at';
const ms = (t: Date | string): number => (t instanceof Date ? t : new Date(t)).getTime();
const iso = (t: number): string => new Date(t).toISOString();

const toRoll = (r: Row): BlindRoll => ({
  id: r.id,
  notation: r.notation,
  repeat: r.repeat === null ? null : Number(r.repeat),
  serverSeed: r.server_seed,
  commitment: r.commitment,
  clientSeed: r.client_seed,
  createdAt: ms(r.created_at),
  expiresAt: ms(r.expires_at),
  revealedAt: r.revealed_at === null ? null : ms(r.revealed_at),
});

export function sqlBlindRollStore(db: Database): BlindRollStore {
  const find = async (id: string, now: number) => {
    if (id.length > 100) return undefined; // ids are ours (uuid)
    const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM blind_rolls WHERE id = $1 AND expires_at > $2`, [id, iso(now)]);
    return rows[0] ? toRoll(rows[0]) : undefined;
  };
  return {
    async create(r) {
      await db.query('INSERT INTO blind_rolls (id, notation, repeat, server_seed, commitment, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        r.id,
        r.notation,
        r.repeat,
        r.serverSeed,
        r.commitment,
        iso(r.createdAt),
        iso(r.expiresAt),
      ]);
    },
    find,
    async reveal(id, clientSeed, now) {
      if (id.length > 100) return undefined;
      const { rows } = await db.query<Row>(
        `UPDATE blind_rolls SET client_seed = $2, revealed_at = $3 WHERE id = $1 AND revealed_at IS NULL AND expires_at > $3 RETURNING ${COLUMNS}`,
        [id, clientSeed, iso(now)],
      );
      return rows[0] ? toRoll(rows[0]) : find(id, now);
    },
    async purgeExpired(now) {
      const { rowCount } = await db.query('DELETE FROM blind_rolls WHERE expires_at <= $1', [iso(now)]);
      return rowCount;
    },
  };
}
