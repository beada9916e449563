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
 */
import { NotFound } from '../../games/errors.js';
import { canonicalJson } from '../canonical-json.js';
import type { Lang } from '../i18n.js';
import type { IdSource } from '../ports.js';
import { rosterValidation, type RosterBody } from '../eden/roster.operation.js';
import type { RosterStore } from './ports.js';

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
  readonly code = 'roster_too_large';
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

/** A validation without its narrative (`summary` follows the reader's language, not the rules). */
const rulesOf = (validation: unknown) => {
  const { summary: _summary, ...rest } = validation as Record<string, unknown>;
  return canonicalJson(rest);
};

export class RosterService {
  private limits: RosterLimits;

  constructor(
    private readonly store: RosterStore,
    private readonly ids: IdSource,
    limits: Partial<RosterLimits> = {},
  ) {
    this.limits = { ...DEFAULT_ROSTER_LIMITS, ...limits };
  }

  /** Set the budgets from the configuration (the REST plugin does, from the app's Config). */
  configure(limits: Partial<RosterLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  /** Throws RosterTooLarge when `roster` is over the stored-size budget (cheap: one JSON serialisation). */
  checkSize(roster: unknown): void {
    const max = this.limits.maxRosterBytes;
    if (max <= 0) return;
    const size = storedSize(roster);
    if (size > max) throw new RosterTooLarge(max, size);
  }

  async save(ownerId: string, roster: RosterBody, lang: Lang) {
    const { receipt: _receipt, ...body } = roster;
    // the size before any work; the quota where the list is stored (counted with the insert)
    this.checkSize(body);
    const validation = rosterValidation(body, lang);
    const max = this.limits.maxStoredPerKey;
    const stored = await this.store.save({ id: this.ids.newId(), ownerId, roster: body, validation }, max > 0 ? { maxPerOwner: max } : {});
    return { id: stored.id, validation, createdAt: stored.createdAt };
  }

  async get(id: string, lang: Lang) {
    const stored = await this.store.find(id);
    if (!stored) throw new NotFound(`No stored list ${id}.`);
    const current = rosterValidation(stored.roster as RosterBody, lang);
    const rulesChanged = rulesOf(current) !== rulesOf(stored.validation);
    return { id: stored.id, roster: stored.roster, validation: stored.validation, createdAt: stored.createdAt, rulesChanged, ...(rulesChanged ? { current } : {}) };
  }
}
