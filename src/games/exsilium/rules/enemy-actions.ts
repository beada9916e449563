/** Newaru enemy action cards: the level chosen by Baralytas points and the reveal chain (EXS-COMBAT-NEWARU-1/2). */
import { RuleViolation } from '../../../kernel/errors.js';
import type { Pile } from './decks.js';
import type { OutcomeCard } from './outcome.js';

export type Tier = 'basic' | 'intermediate' | 'advanced';
export const TIERS: readonly Tier[] = ['basic', 'intermediate', 'advanced'];

/** An enemy action card as the caller describes it (the rulebook prints only two of them). */
export interface EnemyCard {
  name: string;
  kind: 'attack' | 'effect';
  /** Attack cards: the damage printed on the card. */
  damage?: number;
  /** Attack cards: "can be evaded with Favourable Zone" (EXS-AMB-23). */
  evadable?: boolean;
  /** Effect cards: reveal another card of the same level afterwards. */
  chain?: boolean;
  /** Effect cards: draw an Outcome card and add it to the next attack (Implacable). */
  drawOutcome?: boolean;
  /** Effect cards: a fixed bonus added to the next attack. */
  bonus?: number;
  [extra: string]: unknown;
}

/**
 * EXS-COMBAT-NEWARU-1 (EXS-EX-10): 0–3 Baralytas points → Basic, 4–7 → Intermediate,
 * 8 or more → Advanced.
 */
export function tierFor(baralytas: number): Tier {
  // EXS-COMBAT-NEWARU-1: 8 or more → Advanced.
  if (baralytas >= 8) return 'advanced';
  // EXS-COMBAT-NEWARU-1: 4 to 7 → Intermediate.
  if (baralytas >= 4) return 'intermediate';
  // EXS-COMBAT-NEWARU-1: 3 or less → Basic.
  return 'basic';
}

/** "Implacable" is printed in the rulebook (EXS-EX-9): it chains and draws an Outcome bonus unless the card says otherwise. */
function isImplacable(card: EnemyCard): boolean {
  return (
    card.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase() === 'implacable'
  );
}

export function chains(card: EnemyCard): boolean {
  return card.chain ?? isImplacable(card);
}

export function drawsOutcome(card: EnemyCard): boolean {
  return card.drawOutcome ?? isImplacable(card);
}

/** A card as revealed, with the Outcome bonus an effect drew. */
export type RevealedCard = EnemyCard & { outcomeBonus?: number };

export interface EnemyAction {
  revealed: RevealedCard[];
  /** The attack card the player must face, or null when an effect card ended the action (EXS-AMB-22). */
  attack: EnemyCard | null;
  /** Attack damage plus every bonus carried from earlier effect cards. */
  damage: number;
}

/**
 * Reveal enemy actions from the level's pile: effect cards are carried out and, when they chain,
 * another card of the SAME level is revealed (EXS-COMBAT-NEWARU-2, EXS-EX-9), until an attack card
 * or a non-chaining effect. Revealed cards go to the level's discard pile (EXS-DECK-3).
 */
export function revealEnemyAction(pile: Pile<EnemyCard>, outcome: Pile<OutcomeCard>): EnemyAction {
  const revealed: RevealedCard[] = [];
  // Bound: after the first reshuffle every card of the level is in the pile, so one more full
  // pass without an attack or a chain end means the chain never ends.
  const limit = 2 * pile.size;
  let bonus = 0;
  while (revealed.length <= limit) {
    const card = pile.draw();
    pile.discard(card);
    // EXS-COMBAT-NEWARU-3: an attack card shows its damage plus any carried bonus.
    if (card.kind === 'attack') {
      revealed.push({ ...card });
      return { revealed, attack: card, damage: (card.damage ?? 0) + bonus };
    }
    // EXS-COMBAT-NEWARU-2 (Implacable, EXS-EX-9): take an Outcome card, add it to the next attack.
    const shown: RevealedCard = { ...card };
    if (drawsOutcome(card)) {
      const drawn = outcome.draw(`effect:${card.name}`);
      outcome.discard(drawn);
      shown.outcomeBonus = drawn;
      bonus += drawn;
    }
    bonus += card.bonus ?? 0;
    revealed.push(shown);
    // EXS-AMB-22: an effect card that does not chain ends the combat with no winner.
    if (!chains(card)) return { revealed, attack: null, damage: 0 };
  }
  throw new RuleViolation('endless_chain', `Every card of the ${pile.name} deck is a chaining effect: the enemy action never reaches an attack.`, {
    path: `/decks/${pile.name}`,
  });
}
