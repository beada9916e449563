/**
 * A league's stored EDEN catalogs in memory: the same contract as the SQL store
 * (src/infra/catalog-store.ts; tests/contract/catalog-store.test.ts runs one suite against both),
 * for fast API tests and tools that need no database. Nothing survives the process. Port:
 * `CatalogStore` in src/app/league/ports.ts.
 *
 * - The same 400 for text PostgreSQL cannot store in the body (`InvalidInput`), checked first.
 * - What the table would refuse throws an Error with PostgreSQL's message and stores nothing: a
 *   duplicate id, NUL in the id or owner.
 * - Quota and version number in one step (nothing awaits between the count and the insert), as the
 *   SQL store does under its lock; an update by another key is undefined, nothing stored.
 * - Answers are fresh copies (JSON as `jsonb` gives it back), `createdAt` from the injected clock.
 */
import type { Clock } from '../../app/ports.js';
import { CatalogQuotaExceeded, type CatalogStore, type StoredCatalog } from '../../app/league/ports.js';
import { InvalidInput } from '../../kernel/errors.js';
import { jsonbCopy } from '../event-store/memory.js';
import { unstorableProblems } from '../event-store/storable.js';

function text(value: string): string {
  if (value.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
  return Buffer.from(value, 'utf8').toString('utf8');
}

interface Row extends Omit<StoredCatalog, 'createdAt'> {
  createdAt: number;
}

const toStored = (r: Row): StoredCatalog => ({ ...r, body: jsonbCopy(r.body), createdAt: new Date(r.createdAt).toISOString() });

export function memoryCatalogStore(clock: Clock = { now: () => Date.now() }): CatalogStore {
  /** Versions of each catalog, oldest first. */
  const catalogs = new Map<string, Row[]>();
  const owned = new Map<string, number>();
  const write = (c: Omit<StoredCatalog, 'createdAt' | 'version'>, max: number | undefined, next: (versions: Row[] | undefined, ownerId: string) => number | undefined) => {
    const problems = unstorableProblems(c.body, '');
    if (problems.length) throw new InvalidInput(problems);
    const ownerId = text(c.ownerId);
    const id = text(c.id);
    const versions = catalogs.get(id);
    const version = next(versions, ownerId);
    if (version === undefined) return undefined;
    const count = owned.get(ownerId) ?? 0;
    if (max !== undefined && count >= max) throw new CatalogQuotaExceeded(max);
    if (JSON.stringify(c.body) === undefined) throw new Error('null value in column "body" of relation "eden_catalogs" violates not-null constraint');
    const row: Row = { id, ownerId, version, body: jsonbCopy(c.body), sha256: text(c.sha256), createdAt: clock.now() };
    catalogs.set(id, [...(versions ?? []), row]);
    owned.set(ownerId, count + 1);
    return toStored(row);
  };
  return {
    async create(c, limits = {}) {
      return write(c, limits.maxPerOwner, (versions) => {
        if (versions) throw new Error('duplicate key value violates unique constraint "eden_catalogs_pkey"');
        return 1;
      })!;
    },
    async update(c, limits = {}) {
      if (c.id.length > 100) return undefined;
      return write(c, limits.maxPerOwner, (versions, ownerId) => (versions && versions[0]!.ownerId === ownerId ? versions.length + 1 : undefined));
    },
    async find(id, version) {
      if (id.length > 100) return undefined;
      const versions = catalogs.get(text(id));
      const row = version === undefined ? versions?.at(-1) : versions?.[version - 1];
      return row && (version === undefined || row.version === version) ? toStored(row) : undefined;
    },
    async latestVersion(id) {
      if (id.length > 100) return 0;
      return catalogs.get(text(id))?.length ?? 0;
    },
    async countByOwner(ownerId) {
      return owned.get(text(ownerId)) ?? 0;
    },
  };
}
