/** The Outcome deck (Desenlace) and the tie-break it decides (EXS-COMP-6, EXS-COMBAT-PVP-4, EXS-COMBAT-NEWARU-4). */
import { InvalidInput, type InputProblem, RuleViolation, pointer } from '../../../kernel/errors.js';
import { type DeckLog, Pile } from './decks.js';

export type OutcomeCard = 4 | 8 | 10;

/** EXS-COMP-6: 3 × 4 damage, 2 × 8 damage, 1 × 10 damage. */
export const OUTCOME_COMPOSITION: readonly OutcomeCard[] = [4, 4, 4, 8, 8, 10];

/** Safety bound on tie rounds; a real deck resolves long before (every round ties with p = 1/5). */
export const MAX_TIE_ROUNDS = 1000;

/**
 * Build the Outcome pile. A given order is the top of the deck; the cards of the composition it
 * does not name are shuffled from the seed and placed beneath it (EXS-DECK-2 keeps the deck whole:
 * drawn cards are returned after every combat). No order → the whole deck is shuffled.
 */
export function outcomePile(log: DeckLog, given: readonly OutcomeCard[] | undefined): Pile<OutcomeCard> {
  if (!given) return new Pile('outcome', log.shuffle('outcome', 'initial', OUTCOME_COMPOSITION), [], log, '/outcomeDeck');
  const rest = [...OUTCOME_COMPOSITION];
  const problems: InputProblem[] = [];
  given.forEach((card, i) => {
    const at = rest.indexOf(card);
    // EXS-COMP-6: the deck holds 3 × 4, 2 × 8 and 1 × 10 — an order naming more is not this deck.
    if (at >= 0) rest.splice(at, 1);
    else
      problems.push({ path: pointer('outcomeDeck', i), code: 'not_in_deck', message: `The Outcome deck has no card ${card} left to place here (it holds 3 × 4, 2 × 8, 1 × 10).` });
  });
  if (problems.length) throw new InvalidInput(problems);
  const beneath = rest.length > 0 ? log.shuffle('outcome', 'fill', rest) : [];
  return new Pile('outcome', [...given, ...beneath], [], log, '/outcomeDeck');
}

export interface OutcomeDraw<S extends string> {
  side: S;
  card: number;
}

export interface TieResult<S extends string> {
  draws: OutcomeDraw<S>[];
  winner: S;
  totals: Record<S, number>;
}

/**
 * EXS-COMBAT-PVP-4 / EXS-COMBAT-NEWARU-4: on equal totals the attacker draws an Outcome card and
 * adds it, then the defender does; repeat while the totals stay equal. Drawn cards go to the
 * discard pile, which is reshuffled if the deck runs out mid-combat (EXS-DECK-2).
 */
export function breakTie<S extends string>(pile: Pile<OutcomeCard>, attacker: S, defender: S, total: number): TieResult<S> {
  const totals = { [attacker]: total, [defender]: total } as Record<S, number>;
  const draws: OutcomeDraw<S>[] = [];
  for (let round = 0; round < MAX_TIE_ROUNDS; round++) {
    for (const side of [attacker, defender]) {
      const card = pile.draw(side);
      pile.discard(card);
      totals[side] += card;
      draws.push({ side, card });
    }
    if (totals[attacker] !== totals[defender]) {
      return { draws, winner: totals[attacker] > totals[defender] ? attacker : defender, totals };
    }
  }
  throw new RuleViolation('outcome_unresolvable', `The Outcome deck tied ${MAX_TIE_ROUNDS} rounds in a row; the combat cannot be resolved.`, {
    path: '/outcomeDeck',
    draws,
  });
}
