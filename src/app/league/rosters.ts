/**
 * Stored, shareable army lists (CONTRACT §7.4): POST /v1/eden/rosters stores a validate body with
 * its validation under a random id; GET /v1/eden/rosters/{id} is public and answers the stored
 * validation, plus the current one when the rules (or their reading) changed since.
 */
import { NotFound } from '../../games/errors.js';
import { canonicalJson } from '../canonical-json.js';
import type { Lang } from '../i18n.js';
import type { IdSource } from '../ports.js';
import { rosterValidation, type RosterBody } from '../eden/roster.operation.js';
import type { RosterStore } from './ports.js';

/** A validation without its narrative (`summary` follows the reader's language, not the rules). */
const rulesOf = (validation: unknown) => {
  const { summary: _summary, ...rest } = validation as Record<string, unknown>;
  return canonicalJson(rest);
};

export class RosterService {
  constructor(
    private readonly store: RosterStore,
    private readonly ids: IdSource,
  ) {}

  async save(ownerId: string, roster: RosterBody, lang: Lang) {
    const { receipt: _receipt, ...body } = roster;
    const validation = rosterValidation(body, lang);
    const stored = await this.store.save({ id: this.ids.newId(), ownerId, roster: body, validation });
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
