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
import type { BlindRoll, BlindRollStore } from './blind-ports.js';
import { preparedNotation, rollAnswer, type RollAnswer } from './rolling.js';

/** How long a blind roll stays revealable: 7 days (the contract asks for at least 24 hours). */
export const BLIND_ROLL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

import { sha256Hex } from '../../kernel/canonical-json.js';

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

  /** Commit to a server seed for `notation` (already parsed and within its budgets). */
  async create(notation: string, repeat: number | undefined): Promise<BlindRollCreated> {
    const now = this.deps.clock.now();
    // two random seeds: 244 random bits a caller cannot guess before the reveal
    const serverSeed = `${this.deps.ids.randomSeed()}${this.deps.ids.randomSeed()}`.replace(/-/g, '');
    const roll = { id: this.deps.ids.newId(), notation, repeat: repeat ?? null, serverSeed, commitment: sha256Hex(serverSeed), createdAt: now, expiresAt: now + BLIND_ROLL_TTL_MS };
    // expired rolls go as new ones come: the table holds at most a week of rolls
    await this.store.purgeExpired(now);
    await this.store.create(roll);
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
