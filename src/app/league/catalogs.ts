/**
 * A league's stored catalogs (CONTRACT §8.4): POST /v1/eden/catalogs stores version 1 of a catalog
 * of full profiles under a random id; PUT /v1/eden/catalogs/{id} (its owner) stores the next
 * version; GET /v1/eden/catalogs/{id}?version=n is public. A body with `{"ref"}` fighters names one
 * with `catalogRef` (./catalog-ref.ts), and a receipt then names the version used and its SHA-256.
 *
 * Bounded as stored lists are (README "Roster budgets"): each version at most `maxCatalogBytes` of
 * JSON (MAX_STORED_CATALOG_BYTES; larger → CatalogTooLarge, before it is validated) and at most
 * `maxVersionsPerKey` versions per API key (MAX_STORED_CATALOG_VERSIONS_PER_KEY; counted with the
 * insert → CatalogQuotaExceeded). What a schema cannot check (unique ids and names, faces that
 * partition 1..6) is a 400 listing every problem, and nothing is stored.
 */
import { InvalidInput, NotFound, type InputProblem } from '../../kernel/errors.js';
import { listed } from '../../games/eden/operations/roster.operation.js';
import { leagueCatalogProblems, type LeagueCatalog } from '../../games/eden/rules/catalog/league.js';
import { byPath } from '../../games/eden/rules/roster.js';
import { canonicalSha256 } from '../../kernel/canonical-json.js';
import type { IdSource } from '../ports.js';
import { STORED_ID, type CatalogLookup, type CatalogResolution } from '../../games/eden/operations/catalog-ref.js';
import type { CatalogStore, StoredCatalog } from './ports.js';
import { RosterTooLarge, storedSize } from './rosters.js';

export interface CatalogLimits {
  /** Catalog versions one API key may store, of all its catalogs (MAX_STORED_CATALOG_VERSIONS_PER_KEY); 0: no cap. */
  maxVersionsPerKey: number;
  /** Largest version stored, in bytes of its JSON (MAX_STORED_CATALOG_BYTES); 0: no cap. */
  maxCatalogBytes: number;
}

export const DEFAULT_CATALOG_LIMITS: Readonly<CatalogLimits> = { maxVersionsPerKey: 1000, maxCatalogBytes: 262_144 };

/** A catalog over the stored-size budget: 413 `catalog_too_large` with `limit` and `size`, as a list's. */
class CatalogTooLarge extends RosterTooLarge {
  override readonly code: string = 'catalog_too_large';
  constructor(limit: number, size: number) {
    super(limit, size);
    this.message = `A stored catalog is at most ${limit} bytes of JSON (MAX_STORED_CATALOG_BYTES); this one is ${size}, and nothing was stored.`;
    this.name = 'CatalogTooLarge';
  }
}

/** Hex SHA-256 of the canonical JSON of a catalog body (keys sorted recursively, no spaces). */
const catalogSha256 = (body: unknown) => canonicalSha256(body);

export interface CatalogVersionView {
  id: string;
  version: number;
  latestVersion: number;
  sha256: string;
  createdAt: string;
  catalog: unknown;
}

const saved = (c: StoredCatalog) => ({ id: c.id, version: c.version, sha256: c.sha256, createdAt: c.createdAt });

export class CatalogService implements CatalogLookup {
  private limits: CatalogLimits;

  constructor(
    private readonly store: CatalogStore,
    private readonly ids: IdSource,
    limits: Partial<CatalogLimits> = {},
  ) {
    this.limits = { ...DEFAULT_CATALOG_LIMITS, ...limits };
  }

  configure(limits: Partial<CatalogLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  /** Throws CatalogTooLarge when `body` is over the stored-size budget (one JSON serialisation). */
  checkSize(body: unknown): void {
    const max = this.limits.maxCatalogBytes;
    if (max <= 0) return;
    const size = storedSize(body);
    if (size > max) throw new CatalogTooLarge(max, size);
  }

  /**
   * The schema's problems (`schemaProblems`, from the route's validator) and every problem a schema
   * cannot see, as one 400 listing them all by path; nothing is stored then.
   */
  check(body: unknown, schemaProblems: readonly InputProblem[] = []): asserts body is LeagueCatalog {
    const problems = byPath([...schemaProblems, ...leagueCatalogProblems(body as LeagueCatalog)]);
    if (!problems.length) return;
    const { errors, errorsOmitted } = listed(problems);
    throw new InvalidInput(errors, `The catalog has ${problems.length} problem(s); nothing was stored.`, 'invalid_request', errorsOmitted ? { errorsOmitted } : {});
  }

  private quota() {
    const max = this.limits.maxVersionsPerKey;
    return max > 0 ? { maxPerOwner: max } : {};
  }

  async create(ownerId: string, body: unknown, schemaProblems: readonly InputProblem[] = []) {
    this.checkSize(body);
    this.check(body, schemaProblems);
    return saved(await this.store.create({ id: this.ids.newId(), ownerId, body, sha256: catalogSha256(body) }, this.quota()));
  }

  /** The next version; NotFound (404) when `ownerId` does not own `id` (another key's catalog is not there for it). */
  async update(ownerId: string, id: string, body: unknown, schemaProblems: readonly InputProblem[] = []) {
    this.checkSize(body);
    this.check(body, schemaProblems);
    if (!STORED_ID.test(id)) throw new NotFound(`No catalog ${id} of this API key.`);
    const stored = await this.store.update({ id, ownerId, body, sha256: catalogSha256(body) }, this.quota());
    if (!stored) throw new NotFound(`No catalog ${id} of this API key.`);
    return saved(stored);
  }

  async get(id: string, version?: number): Promise<CatalogVersionView> {
    const found = STORED_ID.test(id) ? await this.store.find(id, version) : undefined;
    if (!found) throw new NotFound(version === undefined ? `No catalog ${id}.` : `No version ${version} of catalog ${id}.`);
    const latestVersion = version === undefined ? found.version : await this.store.latestVersion(id);
    return { id: found.id, version: found.version, latestVersion, sha256: found.sha256, createdAt: found.createdAt, catalog: found.body };
  }

  async resolve(ref: { id: string; version?: number }): Promise<CatalogResolution> {
    const found = STORED_ID.test(ref.id) ? await this.store.find(ref.id, ref.version) : undefined;
    if (!found) {
      const known = ref.version !== undefined && (await this.store.latestVersion(ref.id)) > 0;
      return known
        ? { ok: false, member: 'version', code: 'unknown_catalog', message: `Catalog ${ref.id} has no version ${ref.version}.` }
        : { ok: false, member: 'id', code: 'unknown_catalog', message: `No stored catalog ${ref.id} (POST /v1/eden/catalogs).` };
    }
    return { ok: true, ref: { id: found.id, version: found.version, sha256: found.sha256 }, catalog: found.body as LeagueCatalog };
  }
}
