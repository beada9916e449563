/**
 * The service's own migrator: applies `prisma/migrations/<timestamp>_<name>/migration.sql` in name
 * order and records each in Prisma's `_prisma_migrations` table with the columns and checksum
 * `prisma migrate deploy` writes, so either tool can take over a database the other migrated.
 *
 * - Each migration runs in its own transaction together with its bookkeeping row: it is applied
 *   and recorded completely, or not at all (a failed migration leaves nothing behind to repair).
 * - Every transaction first takes `pg_advisory_xact_lock(72707369)`, the key Prisma Migrate locks,
 *   and re-reads the table: concurrent instances (and `prisma migrate deploy`) apply each
 *   migration exactly once.
 * - An applied migration whose file changed since (checksum mismatch), a migration Prisma left
 *   failed (finished_at NULL), and an applied migration missing from the folder are reported as a
 *   `MigrationError` instead of being re-run or ignored.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, SqlClient } from '../app/ports.js';

/** Advisory lock key used by Prisma Migrate on PostgreSQL. */
const MIGRATION_LOCK_KEY = 72707369;

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

/** Prisma's own DDL for the bookkeeping table (PostgreSQL connector). */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  script: string;
  checksum: string;
}

export interface MigrateResult {
  /** Migrations applied by this run, in order. */
  applied: string[];
  /** Migrations that were already applied. */
  skipped: string[];
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    readonly reason: 'checksum_mismatch' | 'failed' | 'previously_failed' | 'missing_locally',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The checksum Prisma records: SHA-256 (hex) of the migration.sql bytes. */
function migrationChecksum(script: string): string {
  return sha256(script);
}

/** Prisma accepts a checksum computed with either line-ending convention (git autocrlf). */
function scriptMatchesChecksum(script: string, checksum: string): boolean {
  const candidates = [script, script.replace(/\r\n/g, '\n'), script.replace(/\r?\n/g, '\r\n')];
  return candidates.some((s) => sha256(s) === checksum);
}

export async function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const script = await readFile(join(dir, name, 'migration.sql'), 'utf8');
    files.push({ name, script, checksum: migrationChecksum(script) });
  }
  return files;
}

interface Row {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

async function lockAndRead(tx: SqlClient): Promise<Row[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.query(CREATE_TABLE);
  const { rows } = await tx.query<Row>('SELECT id, checksum, migration_name, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at, migration_name');
  return rows.filter((r) => r.rolled_back_at === null);
}

function check(files: MigrationFile[], rows: Row[]): void {
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const row of rows) {
    const file = byName.get(row.migration_name);
    if (row.finished_at === null) {
      throw new MigrationError(
        row.migration_name,
        'previously_failed',
        `Migration ${row.migration_name} started but did not finish (a failed \`prisma migrate deploy\`?). Resolve it with \`prisma migrate resolve\` before starting the service.`,
      );
    }
    if (!file) {
      throw new MigrationError(row.migration_name, 'missing_locally', `Migration ${row.migration_name} is applied to the database but missing from the migrations folder.`);
    }
    if (!scriptMatchesChecksum(file.script, row.checksum)) {
      throw new MigrationError(
        row.migration_name,
        'checksum_mismatch',
        `Migration ${row.migration_name} was modified after it was applied (checksum ${row.checksum} in the database, ${file.checksum} on disk). Add a new migration instead of editing an applied one.`,
      );
    }
  }
}

export interface MigrateOptions {
  dir?: string;
  log?: (message: string) => void;
}

/** Applies every pending migration. Idempotent; safe to run from several instances at once. */
export async function migrate(database: Database, options: MigrateOptions = {}): Promise<MigrateResult> {
  const files = await readMigrations(options.dir);
  const result: MigrateResult = { applied: [], skipped: [] };
  // Validate what is already there even when nothing is pending.
  const pending = await database.transaction(async (tx) => {
    const rows = await lockAndRead(tx);
    check(files, rows);
    const done = new Set(rows.map((r) => r.migration_name));
    result.skipped = files.filter((f) => done.has(f.name)).map((f) => f.name);
    return files.filter((f) => !done.has(f.name));
  });
  for (const file of pending) {
    const applied = await database.transaction(async (tx) => {
      const rows = await lockAndRead(tx);
      check(files, rows);
      if (rows.some((r) => r.migration_name === file.name)) return false; // another instance did it
      const id = randomUUID();
      await tx.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, clock_timestamp(), 0)', [
        id,
        file.checksum,
        file.name,
      ]);
      try {
        await tx.query(file.script);
      } catch (error) {
        throw new MigrationError(file.name, 'failed', `Migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1', [id]);
      return true;
    });
    if (applied) {
      result.applied.push(file.name);
      options.log?.(`applied migration ${file.name}`);
    } else {
      result.skipped.push(file.name);
    }
  }
  return result;
}
