/**
 * A command's answer as its caller reads it: the stored answer (events, state, dice) with the
 * state's texts in the caller's language, and — for a seat — its events and state in the seat's
 * view (CONTRACT §8.1), without the rolls that shuffled a deck (a shuffle's draws give the deck's
 * new order). A replayed answer (Idempotency-Key) is rendered from the match folded at the version
 * it answered.
 */
import type { DiceTranscript } from '../../kernel/dice/index.js';
import type { Lang } from '../../kernel/i18n.js';
import type { MatchFold } from '../../kernel/match-game.js';
import type { Reader } from '../../kernel/table.js';
import type { MatchFolds, PublicEvent } from './folds.js';
import type { MatchRecord, StoredAnswer } from './ports.js';
import type { MatchViewer } from './seat-tokens.js';
import { readerOf } from './views.js';

/** Rolls that shuffle a deck (their `purpose`, e.g. Ánima's "characters shuffle"): never in a seat's answer. */
const SHUFFLE = /\bshuffle\b/i;

/** What the command pipeline knows of an answer it has just appended (absent for a replayed one). */
export interface FreshAnswer {
  match: MatchRecord;
  /** The states the command's events led through, the first the one it was decided on. */
  trail: MatchFold[];
}

export class MatchAnswers {
  constructor(private readonly folds: MatchFolds) {}

  /** The body of a command's `answer` as `viewer` reads it, in `lang`. */
  async commandAnswer(ownerId: string, id: string, answer: StoredAnswer, viewer: MatchViewer, lang: Lang, fresh?: FreshAnswer): Promise<unknown> {
    const reader = readerOf(viewer);
    if (reader === undefined && lang === 'en') return answer.body;
    const m = fresh?.match ?? (await this.folds.record(ownerId, id));
    const body = answer.body as { version: number };
    if (reader === undefined) {
      // the state's texts in the caller's language (the stored answer keeps the fold's English)
      const after = fresh ? fresh.trail.at(-1)! : (await this.folds.at(m, body.version)).fold;
      return { ...body, state: this.folds.game(m).stateIn(after, lang) };
    }
    return this.forSeat(m, reader, answer, fresh?.trail, lang);
  }

  /** A command's answer as a seat reads it: its events and state in the seat's view. */
  private async forSeat(m: MatchRecord, reader: Reader, answer: StoredAnswer, trail: MatchFold[] | undefined, lang: Lang) {
    const body = answer.body as { version: number; events: PublicEvent[]; state: unknown; dice?: DiceTranscript; warnings?: unknown[] };
    const g = this.folds.game(m);
    const first = body.events[0]?.version ?? body.version + 1;
    const known = trail && trail.length === body.events.length + 1 ? trail : undefined;
    const events = known
      ? body.events.map((e, i) => ({ ...e, data: g.viewEvent({ type: e.type, data: e.data }, reader, { before: known[i]!, after: known[i + 1]! }).data }))
      : await this.folds.redacted(m, reader, first, body.events.length);
    // a replayed answer: the match folded at the version it answered
    const after = known ? known.at(-1)! : (await this.folds.at(m, body.version)).fold;
    // the command's seed also seeds its shuffles, and a shuffle's draws give the new order of a deck: the owner's only
    const dice = body.dice ? { dice: { seed: null, rolls: body.dice.rolls.filter((roll) => !SHUFFLE.test(roll.purpose)) } } : {};
    return { ...body, events, state: g.viewState(after, reader, lang), ...dice };
  }
}
