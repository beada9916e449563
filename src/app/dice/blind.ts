/**
 * Provably fair blind rolls (CONTRACT §8.3). Asking commits the server to a seed it chose before it
 * could know anything else (`commitment` = hex SHA-256 of `serverSeed`); the reveal mixes in the
 * caller's `clientSeed` and rolls the seeded generator with `serverSeed + ":" + clientSeed`, so
 * anyone can recompute the answer with `"dice": {"seed": …}` and check the commitment.
 */
import type { Clock, IdSource } from '../ports.js';
import { NotFound } from '../../kernel/errors.js';
import { SeededDice } from '../../kernel/dice/index.js';
import type { Lang } from '../../kernel/i18n.js';
import type { BlindRoll, BlindRollBudget, BlindRollRefusal, BlindRollStore } from './blind-ports.js';
import { preparedNotation, rollAnswer, type RollAnswer } from './rolling.js';
import { sha256Hex } from '../../kernel/canonical-json.js';

/** How long a blind roll stays revealable: 7 days (the contract asks for at least 24 hours). */
export const BLIND_ROLL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The anonymous storage budget's defaults (src/config.ts): live blind rolls one client address may
 * keep (MAX_BLIND_ROLLS_PER_IP) and all anonymous clients together (MAX_BLIND_ROLLS_ANONYMOUS).
 * About 900 bytes a row: 500 rolls are under 0.5 MB per address, 100,000 under 100 MB in all.
 */
export const DEFAULT_BLIND_ROLL_BUDGET = { perClient: 500, total: 100_000 } as const;

/** The setting that names each budget. */
const BLIND_ROLL_BUDGET_SETTINGS = { client: 'MAX_BLIND_ROLLS_PER_IP', total: 'MAX_BLIND_ROLLS_ANONYMOUS' } as const;

/**
 * An anonymous blind roll was not kept: its budget is full (REST: 429 `quota_exceeded` with
 * `setting`, `limit` and Retry-After = `retryAfter`, the seconds until its oldest roll expires).
 */
export class BlindRollBudgetFull extends Error {
  readonly setting: string;
  constructor(
    readonly scope: BlindRollRefusal['scope'],
    readonly limit: number,
    /** Seconds until a slot frees up (at least 1). */
    readonly retryAfter: number,
  ) {
    const whose = scope === 'client' ? 'This address already keeps' : 'Anonymous clients together already keep';
    super(
      `${whose} ${limit} blind rolls, the most allowed (${BLIND_ROLL_BUDGET_SETTINGS[scope]}); nothing was kept. ` +
        `A roll is kept ${BLIND_ROLL_TTL_MS / 86_400_000} days: the oldest expires in ${retryAfter} s. Blind rolls made with an API key are outside this budget.`,
    );
    this.name = 'BlindRollBudgetFull';
    this.setting = BLIND_ROLL_BUDGET_SETTINGS[scope];
  }
}

/** The seed of the revealed dice. */
const revealSeed = (serverSeed: string, clientSeed: string): string => `${serverSeed}:${clientSeed}`;

export interface BlindRollCreated {
  id: string;
  notation: string;
  repeat?: number;
  commitment: string;
  createdAt: string;
  expiresAt: string;
}

export class BlindRollService {
  constructor(
    private readonly store: BlindRollStore,
    private readonly deps: { clock: Clock; ids: IdSource },
  ) {}

  /**
   * Commit to a server seed for `notation` (already parsed and within its budgets). An anonymous
   * caller's roll is kept under `budget` (BlindRollBudgetFull when it is full, nothing kept); a
   * roll made with an API key is passed none.
   */
  async create(notation: string, repeat: number | undefined, budget?: BlindRollBudget): Promise<BlindRollCreated> {
    const now = this.deps.clock.now();
    // two random seeds: 244 random bits a caller cannot guess before the reveal
    const serverSeed = `${this.deps.ids.randomSeed()}${this.deps.ids.randomSeed()}`.replace(/-/g, '');
    const roll = { id: this.deps.ids.newId(), notation, repeat: repeat ?? null, serverSeed, commitment: sha256Hex(serverSeed), createdAt: now, expiresAt: now + BLIND_ROLL_TTL_MS };
    // expired rolls are deleted as new ones come: the table holds at most a week of rolls
    await this.store.purgeExpired(now);
    const refused = await this.store.create(roll, budget);
    if (refused) throw new BlindRollBudgetFull(refused.scope, refused.limit, Math.max(1, Math.ceil((refused.freesAt - now) / 1000)));
    return {
      id: roll.id,
      notation,
      ...(repeat === undefined ? {} : { repeat }),
      commitment: roll.commitment,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(roll.expiresAt).toISOString(),
    };
  }

  /**
   * The roll answer with both seeds: the first reveal fixes the client seed, a later one answers
   * the same (its own client seed is ignored); 404 when unknown or expired.
   */
  async reveal(id: string, clientSeed: string, lang: Lang): Promise<BlindRollRevealed> {
    const roll = id.length <= 100 ? await this.store.reveal(id, clientSeed, this.deps.clock.now()) : undefined;
    if (!roll) throw new NotFound(`No blind roll ${id} (unknown, or older than ${BLIND_ROLL_TTL_MS / 86_400_000} days).`);
    return revealedAnswer(roll, lang);
  }
}

export type BlindRollRevealed = RollAnswer & { id: string; serverSeed: string; clientSeed: string; commitment: string; revealedAt: string };

/** What a revealed roll answers: the seeded generator's roll with `serverSeed + ":" + clientSeed`. */
export function revealedAnswer(roll: BlindRoll, lang: Lang): BlindRollRevealed {
  const clientSeed = roll.clientSeed ?? '';
  const repeat = roll.repeat ?? undefined;
  const answer = rollAnswer(roll.notation, preparedNotation(roll.notation, repeat), repeat, new SeededDice(revealSeed(roll.serverSeed, clientSeed)), lang);
  return Object.assign(answer, { id: roll.id, serverSeed: roll.serverSeed, clientSeed, commitment: roll.commitment, revealedAt: new Date(roll.revealedAt ?? 0).toISOString() });
}
