/**
 * The SQL of the event store (index.ts): the rows it reads, the statements it sends (an append's
 * INSERT built once per batch size, the listings' page keys) and the rows' mapping to the port's
 * records.
 */
import type { MatchRecord, Player, StoredEvent } from '../../app/matches/ports.js';

export interface EventRow {
  match_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown> | null;
  recorded_at: Date | string;
  position: string;
  transaction_id: string;
}

/** What an append needs back from the database: the rest it already has. */
export interface AppendedRow {
  version: number;
  recorded_at: Date | string;
  position: string;
  transaction_id: string;
}

export interface MatchRow {
  id: string;
  owner_id: string;
  game: string;
  players: Player[];
  options: Record<string, unknown>;
  version: number;
  created_at: Date | string;
}

export const E_COLUMNS = `e.match_id::text AS match_id, e.version, e.type, e.schema_version, e.data, e.metadata, e.recorded_at,
  e.position::text AS position, e.transaction_id::text AS transaction_id`;

/** Batches up to this size are sent as parameters (5 per event), larger ones as one JSON array. */
const INLINE_EVENTS = 100;
/** Batches up to this size (every command's) get a named statement per size; larger ones are parsed each time. */
const PREPARED_EVENTS = 16;

interface AppendStatement {
  name?: string;
  text: string;
  inline: boolean;
}

const appendStatements = new Map<number, AppendStatement>();

/**
 * The append of `count` events, built once per size: one INSERT, so one implicit transaction, one
 * round trip and one row write per event. Parameters: $1 match id, $2 owner, $3 expected version,
 * then the events (5 each, or one JSON array).
 * - tenancy: the rows come from the match only if it belongs to the owner;
 * - the optimistic check: version `expected` must exist (or expected = 0) and version expected+1
 *   must not, and versions expected+1 … are refused by the (match_id, version) primary key if
 *   anyone holds them. Writers racing from the same version all insert expected+1: the first to
 *   commit wins, the others wait on its index entry and get a unique violation (or proceed if it
 *   rolls back). A writer behind the stream finds version expected+1 and one ahead of it finds no
 *   version `expected`: both insert no row, without an error (where no writer races — PGlite —
 *   an append inside a transaction is then refused without aborting it). Either way nothing is
 *   written, so the log stays 1..n.
 * No NOTIFY here: src/infra/notify announces appends after they commit (see there why).
 */
export function appendStatement(count: number): AppendStatement {
  const cached = appendStatements.get(count);
  if (cached) return cached;
  const inline = count <= INLINE_EVENTS;
  // Small batches go as plain parameters: a VALUES list is parsed and planned much faster than
  // jsonb_to_recordset. Large ones stay one parameter (the protocol caps the parameter count).
  const source = inline
    ? `(VALUES ${Array.from({ length: count }, (_, i) => {
        const at = 4 + i * 5;
        return `($${at}::int, $${at + 1}::text, $${at + 2}::int, $${at + 3}::jsonb, $${at + 4}::jsonb)`;
      }).join(', ')}) AS t(version, type, schema_version, data, metadata)`
    : `jsonb_to_recordset($4::jsonb) AS t(version int, type text, schema_version int, data jsonb, metadata jsonb)`;
  const text = `INSERT INTO match_events (match_id, version, type, schema_version, data, metadata)
  SELECT m.id, t.version, t.type, t.schema_version, COALESCE(t.data, 'null'::jsonb), COALESCE(t.metadata, '{}'::jsonb)
    FROM matches m, ${source}
   WHERE m.id = $1 AND m.owner_id = $2
     AND ($3::int = 0 OR EXISTS (SELECT 1 FROM match_events p WHERE p.match_id = $1 AND p.version = $3::int))
     AND NOT EXISTS (SELECT 1 FROM match_events n WHERE n.match_id = $1 AND n.version = $3::int + 1)${count > 1 ? '\n   ORDER BY t.version' : ''}
  RETURNING version, recorded_at, position::text AS position, transaction_id::text AS transaction_id`;
  const statement: AppendStatement = { name: count <= PREPARED_EVENTS ? `arbiter_append_${count}` : undefined, text, inline };
  appendStatements.set(count, statement);
  return statement;
}

export const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

export function toEvent(row: EventRow): StoredEvent {
  return {
    matchId: row.match_id,
    version: Number(row.version),
    type: row.type,
    schemaVersion: Number(row.schema_version),
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: iso(row.recorded_at),
    position: String(row.position),
    transactionId: String(row.transaction_id),
  };
}

export function toMatch(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    game: row.game,
    players: row.players,
    options: row.options,
    version: Number(row.version),
    createdAt: iso(row.created_at),
  };
}

export interface MatchListRow extends MatchRow {
  updated_at: Date | string;
  created_key: string;
}

/** created_at at full precision (microseconds, UTC): a listing's key (ListKey.createdAt). */
const CREATED_KEY = `to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page of an owner's matches, newest first. The index on (owner_id, created_at) is read
 * backwards from the key (the row comparison is spelled out so that its first half bounds the
 * scan); ties on created_at are ordered by id. Then, for the page's matches only, the version and
 * last change from each one's last event, through the primary key.
 */
const listMatchesText = (after: boolean) => `SELECT m.id::text AS id, m.owner_id, m.game, m.players, m.options, m.created_at, ${CREATED_KEY} AS created_key,
       COALESCE(l.version, 0) AS version, COALESCE(l.recorded_at, m.created_at) AS updated_at
  FROM (SELECT * FROM matches
         WHERE owner_id = $1 AND ($2::text IS NULL OR game = $2::text)${
           after ? '\n           AND created_at <= $4::timestamptz AND (created_at < $4::timestamptz OR id < $5::uuid)' : ''
         }
         ORDER BY created_at DESC, id DESC
         LIMIT $3) m
  LEFT JOIN LATERAL (SELECT e.version, e.recorded_at FROM match_events e WHERE e.match_id = m.id ORDER BY e.version DESC LIMIT 1) l ON true
 ORDER BY m.created_at DESC, m.id DESC`;
export const LIST_MATCHES = listMatchesText(false);
export const LIST_MATCHES_AFTER = listMatchesText(true);
