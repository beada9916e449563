/**
 * Stored, shareable army lists (CONTRACT §7.4): POST /v1/eden/rosters stores a validate body with
 * its validation under a random id; GET /v1/eden/rosters/{id} is public and answers the stored
 * validation, plus the current one when the rules (or their reading) changed since.
 *
 * What one API key may store is bounded (README "Roster budgets"): each list at most
 * `maxRosterBytes` of JSON (MAX_STORED_ROSTER_BYTES; larger → RosterTooLarge, before it is
 * validated) and at most `maxStoredPerKey` lists (MAX_STORED_ROSTERS_PER_KEY; the store counts and
 * inserts atomically → RosterQuotaExceeded). A list is stored as sent (a receipt hashes it so), so
 * members no schema declares count towards its size rather than being dropped.
 *
 * Sealed lists (CONTRACT §8.4, §9.4): `sealedUntil` must be after the service's clock (else 400 at
 * `/sealedUntil`). A sealed list gets a random salt (SEAL_SALT_BYTES from crypto.randomBytes, hex),
 * kept with it; its public `rosterSha256` is then SHA-256 of `salt + ":" + canonical list`, so the
 * hash alone cannot be matched against the lists a public catalog allows. The salt is shown with
 * the list once it opens (its time passed, or its owner revealed it): anyone can then recompute the
 * hash shown before. A list stored open keeps the plain hash (as receipts name it).
 */
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { InvalidInput, NotFound, RuleViolation, prefixProblems, type InputProblem } from '../../kernel/errors.js';
import { diffRosters } from '../../games/eden/rules/roster-diff.js';
import type { RosterEntry } from '../../games/eden/rules/roster.js';
import { canonicalJson } from '../../kernel/canonical-json.js';
import type { Lang } from '../../kernel/i18n.js';
import type { Clock, IdSource } from '../ports.js';
import { validate } from '../../kernel/validate.js';
import { RosterBodySchema, rosterClaims, rosterValidation, type RosterBody } from '../../games/eden/operations/roster.operation.js';
import { STORED_ID, attachCatalogRef, catalogOf, type CatalogLookup } from '../../games/eden/operations/catalog-ref.js';
import type { ReceiptService } from './receipts.js';
import { rosterSha256, saltedRosterSha256 } from '../../games/eden/operations/roster-digest.js';
import type { RosterStore, StoredRoster } from './ports.js';

export interface RosterLimits {
  /** Lists one API key may store (MAX_STORED_ROSTERS_PER_KEY); 0: no cap. */
  maxStoredPerKey: number;
  /** Largest list stored, in bytes of its JSON (UTF-8, without `receipt`) (MAX_STORED_ROSTER_BYTES); 0: no cap. */
  maxRosterBytes: number;
}

export const DEFAULT_ROSTER_LIMITS: Readonly<RosterLimits> = { maxStoredPerKey: 1000, maxRosterBytes: 65_536 };

/**
 * A list larger than the stored-size budget: REST answers 413 `roster_too_large` with `limit` and
 * `size`; other transports see status 413 and the code through `statusCode` and `code`.
 */
export class RosterTooLarge extends Error {
  readonly statusCode = 413;
  readonly code: string = 'roster_too_large';
  constructor(
    readonly limit: number,
    readonly size: number,
  ) {
    super(`A stored list is at most ${limit} bytes of JSON (MAX_STORED_ROSTER_BYTES); this one is ${size}, and nothing was stored. Leave out members no schema declares.`);
    this.name = 'RosterTooLarge';
  }
}

/** Bytes of a list as stored: its JSON, UTF-8, without `receipt` (not stored). */
export function storedSize(roster: unknown): number {
  let body = roster;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'receipt' in body) {
    const { receipt: _receipt, ...rest } = body as Record<string, unknown>;
    body = rest;
  }
  return Buffer.byteLength(JSON.stringify(body) ?? '', 'utf8');
}

/**
 * A validation without what does not come from the rules: its narrative (`summary` follows the
 * reader's language) and the text positions of a list sent as text (a stored list is kept as JSON).
 */
const rulesOf = (validation: unknown) => {
  const { summary: _summary, errors, warnings, ...rest } = validation as Record<string, unknown>;
  const unplaced = (problems: unknown) => (Array.isArray(problems) ? problems.map(({ line: _l, column: _c, ...p }) => p) : problems);
  return canonicalJson({ ...rest, errors: unplaced(errors), warnings: unplaced(warnings) });
};

/** RFC 3339 date-time (CONTRACT §8.4 `sealedUntil`): date, `T`, time, optional fraction, `Z` or an offset. */
export const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})$';

/** Bytes of a sealed list's salt (CONTRACT §9.4: random, at least 16), written as hex. */
const SEAL_SALT_BYTES = 16;

/** A new salt for a sealed list: SEAL_SALT_BYTES random bytes, hex. */
const newSealSalt = (): string => randomBytes(SEAL_SALT_BYTES).toString('hex');

/**
 * The public hash of a stored list: salted when it was sealed with a salt (CONTRACT §9.4), else the
 * plain canonical SHA-256 (a list stored open; a list sealed before salts were kept).
 */
const publicSha256 = (stored: Pick<StoredRoster, 'roster' | 'salt'>) => (stored.salt ? saltedRosterSha256(stored.salt, stored.roster) : rosterSha256(stored.roster));

/** A stored list the public may not see yet: 422 `roster_sealed` (nothing of the list in it). */
export class RosterSealed extends RuleViolation {
  constructor(id: string, sealedUntil: string) {
    super('roster_sealed', `The stored list ${id} is sealed until ${sealedUntil}; only its hash and verdict are public before then (GET /v1/eden/rosters/${id}).`, {
      sealedUntil,
    });
    this.name = 'RosterSealed';
  }
}

/** How to store a list: sealed until a time, with a receipt. */
export interface SaveOptions {
  /** RFC 3339, after the service's clock; until then the public link shows only the (salted) hash and the verdict (CONTRACT §8.4, §9.4). */
  sealedUntil?: string;
  /** Sign a receipt of the stored list (its claims plus `rosterId`). */
  receipt?: boolean;
}

/** The public verdict of a sealed list: valid or not, and the codes (no path or message: they would show the list). */
const verdict = (validation: unknown) => {
  const v = validation as { valid: boolean; errors: { code: string }[] };
  return { valid: v.valid, codes: v.errors.map((e) => e.code) };
};

/** A side of a diff: a roster body, or `{"id"}` of a stored list. */
const isStoredRef = (side: unknown) => side !== null && typeof side === 'object' && !Array.isArray(side) && 'id' in side && !('fighters' in side) && !('bandType' in side);

export class RosterService {
  private limits: RosterLimits;

  constructor(
    private readonly store: RosterStore,
    private readonly ids: IdSource,
    limits: Partial<RosterLimits> = {},
    private readonly deps: { clock?: Clock; catalogs?: CatalogLookup; receipts?: ReceiptService } = {},
  ) {
    this.limits = { ...DEFAULT_ROSTER_LIMITS, ...limits };
  }

  /** Set the budgets from the configuration (the REST plugin does, from the app's Config). */
  configure(limits: Partial<RosterLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  /** The league catalogs lists may name (`catalogRef`). */
  get catalogs(): CatalogLookup | undefined {
    return this.deps.catalogs;
  }

  /** Throws RosterTooLarge when `roster` is over the stored-size budget (cheap: one JSON serialisation). */
  checkSize(roster: unknown): void {
    const max = this.limits.maxRosterBytes;
    if (max <= 0) return;
    const size = storedSize(roster);
    if (size > max) throw new RosterTooLarge(max, size);
  }

  private now(): number {
    return (this.deps.clock ?? { now: () => Date.now() }).now();
  }

  private sealed(stored: StoredRoster): boolean {
    return !!stored.sealedUntil && !stored.revealedAt && this.now() < Date.parse(stored.sealedUntil);
  }

  /**
   * Validate and store a list (its `catalogRef`, if any, looked up by the caller: attachCatalogRef).
   * `sealedUntil` is checked as a time after the service's clock (400 at `/sealedUntil` otherwise:
   * `invalid_time`, `sealed_until_past`) and stored as ISO 8601, with a new salt (CONTRACT §9.4):
   * the answer's `rosterSha256` is then the salted hash the share link shows. A receipt keeps the
   * plain `rosterSha256` (CONTRACT §7.4) and names the public one as `sealedRosterSha256`.
   */
  async save(ownerId: string, roster: RosterBody, lang: Lang, options: SaveOptions = {}) {
    const { receipt: _receipt, ...body } = roster;
    // the size before any work; the quota where the list is stored (counted with the insert)
    this.checkSize(body);
    let sealedUntil: string | undefined;
    if (options.sealedUntil !== undefined) {
      const at = Date.parse(options.sealedUntil);
      if (!new RegExp(RFC3339).test(options.sealedUntil) || !Number.isFinite(at)) {
        throw new InvalidInput([{ path: '/sealedUntil', code: 'invalid_time', message: 'An RFC 3339 date-time, e.g. 2026-03-06T19:00:00Z.' }]);
      }
      // a time already past would publish the list at once, while its owner believes it sealed
      if (at <= this.now()) {
        throw new InvalidInput(
          [
            {
              path: '/sealedUntil',
              code: 'sealed_until_past',
              message: `A sealed list opens at sealedUntil, so it must be later than the service's clock (${new Date(this.now()).toISOString()}); ${new Date(at).toISOString()} is not.`,
            },
          ],
          'sealedUntil is not in the future: the list would be public at once. Nothing was stored.',
        );
      }
      sealedUntil = new Date(at).toISOString();
    }
    const salt = sealedUntil ? newSealSalt() : undefined;
    // the original object: its text positions (a text list) are not members, so not in `body`
    const validation = rosterValidation(roster, lang);
    const max = this.limits.maxStoredPerKey;
    const id = this.ids.newId();
    const stored = await this.store.save({ id, ownerId, roster: body, validation, ...(sealedUntil ? { sealedUntil, salt } : {}) }, max > 0 ? { maxPerOwner: max } : {});
    const hash = publicSha256(stored);
    const receipts = this.deps.receipts;
    const receipt =
      options.receipt && receipts
        ? await receipts.sign({ ...rosterClaims(body, body.edition, validation), rosterId: id, ...(stored.salt ? { sealedRosterSha256: hash } : {}) })
        : undefined;
    return {
      id: stored.id,
      validation,
      createdAt: stored.createdAt,
      rosterSha256: hash,
      sealed: this.sealed(stored),
      ...(sealedUntil ? { sealedUntil } : {}),
      ...(receipt ? { receipt } : {}),
    };
  }

  /** The list as its share link shows it: while sealed, only the hash and the verdict. */
  async get(id: string, lang: Lang) {
    const stored = await this.store.find(id);
    if (!stored) throw new NotFound(`No stored list ${id}.`);
    return this.view(stored, lang);
  }

  /** The public seal of any list (GraphQL `edenRosterSeal`): its hash and verdict, whether it is sealed or not (its salt once it opened). */
  async seal(id: string) {
    const stored = await this.store.find(id);
    if (!stored) throw new NotFound(`No stored list ${id}.`);
    const sealed = this.sealed(stored);
    return { id: stored.id, sealed, rosterSha256: publicSha256(stored), validation: verdict(stored.validation), createdAt: stored.createdAt, ...this.times(stored, sealed) };
  }

  /** `sealedUntil` and `revealedAt` when set, and the salt of the public hash once the list is open (never while sealed). */
  private times(stored: StoredRoster, sealed: boolean) {
    return {
      ...(stored.sealedUntil ? { sealedUntil: stored.sealedUntil } : {}),
      ...(stored.revealedAt ? { revealedAt: stored.revealedAt } : {}),
      ...(stored.salt && !sealed ? { salt: stored.salt } : {}),
    };
  }

  /** The owner reveals a sealed list before its time (a list already open stays as it is); another key's list → 404. */
  async reveal(ownerId: string, id: string, lang: Lang) {
    const stored = STORED_ID.test(id) ? await this.store.reveal(id, ownerId, new Date(this.now()).toISOString()) : undefined;
    if (!stored) throw new NotFound(`No stored list ${id} of this API key.`);
    return this.view(stored, lang);
  }

  private async view(stored: StoredRoster, lang: Lang) {
    const hash = publicSha256(stored);
    if (this.sealed(stored)) {
      return { id: stored.id, sealed: true as const, rosterSha256: hash, validation: verdict(stored.validation), createdAt: stored.createdAt, ...this.times(stored, true) };
    }
    const times = this.times(stored, false);
    const current = rosterValidation(await this.withCatalog(stored.roster, stored.validation), lang);
    const rulesChanged = rulesOf(current) !== rulesOf(stored.validation);
    return {
      id: stored.id,
      sealed: false as const,
      rosterSha256: hash,
      roster: stored.roster,
      validation: stored.validation,
      createdAt: stored.createdAt,
      rulesChanged,
      ...(rulesChanged ? { current } : {}),
      ...times,
    };
  }

  /** A stored list with its `catalogRef` looked up again, at the version it was validated against. */
  private async withCatalog(roster: unknown, validation: unknown): Promise<RosterBody> {
    const body = roster as RosterBody;
    const pinned = (validation as { catalog?: { version?: number } } | null)?.catalog?.version;
    const catalogs = this.deps.catalogs;
    await attachCatalogRef(body, catalogs && { resolve: (ref) => catalogs.resolve({ id: ref.id, version: pinned ?? ref.version }) });
    return body;
  }

  /**
   * CONTRACT §8.4: what changed from one list to another, each a roster body or `{"id"}` of a stored
   * list (a sealed one → 422 `roster_sealed`). Every problem of both sides is one 400, under `/from`
   * and `/to`.
   */
  async diff(input: { from: unknown; to: unknown }, lang: Lang) {
    const problems: InputProblem[] = [];
    const sides: Record<'from' | 'to', RosterBody | undefined> = { from: undefined, to: undefined };
    for (const side of ['from', 'to'] as const) {
      const given = input[side];
      try {
        if (isStoredRef(given)) {
          const { id } = validate<{ id: string }>(StoredRosterRef, given);
          const stored = STORED_ID.test(id) ? await this.store.find(id) : undefined;
          if (!stored) throw new InvalidInput([{ path: '/id', code: 'unknown_roster', message: `No stored list ${id}.` }]);
          if (this.sealed(stored)) throw new RosterSealed(id, stored.sealedUntil!);
          sides[side] = await this.withCatalog(stored.roster, stored.validation);
        } else {
          await attachCatalogRef(given, this.deps.catalogs);
          sides[side] = validate<RosterBody>(RosterBodySchema, given);
        }
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error;
        problems.push(...prefixProblems(`/${side}`, error.errors));
      }
    }
    if (problems.length) throw new InvalidInput(problems, 'A side of the diff is not a list (a roster body) or {"id"} of a stored list.');
    const [from, to] = [sides.from!, sides.to!];
    const vFrom = rosterValidation(from, lang);
    const vTo = rosterValidation(to, lang);
    const side = (body: RosterBody) => {
      const { fighters, catalog, receipt: _r, ...band } = body;
      return { edition: body.edition, catalog: catalog as { id: string }[] | undefined, league: catalogOf(body)?.catalog, fighters: fighters as RosterEntry[], band };
    };
    const diff = diffRosters(side(from), side(to));
    const changed = diff.changed.map((c) => ({ name: c.name, fromIndex: c.from, toIndex: c.to, changes: c.changes }));
    return { ...diff, changed, totals: { from: vFrom.totals, to: vTo.totals }, valid: { from: vFrom.valid, to: vTo.valid } };
  }
}

/** `{"id"}` of a stored list, as a side of a diff. */
const StoredRosterRef = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'The id of a stored list (not sealed).' }) }, { title: 'StoredRosterRef' });
