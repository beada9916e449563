/** Helpers of the Ánima match handlers: refusals, the core Group of a player, decks and their reshuffles. */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import type { Group } from '../rules/group.js';
import type { PriorEncounter } from '../rules/prior.js';
import { event, type AnimaEvent } from './events.js';
import { own, type AnimaTable, type GroupState } from './state.js';

export function violation(code: string, message: string, extra: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, extra);
}

/**
 * The Group as the stateless cores take it (ANIMA-GROUP-2, ANIMA-MOVE-12, ANIMA-HAND-1, ANIMA-INCAP-2),
 * with the card modifiers in play and `extra` ones (Combat cards played for one combat, ANIMA-TIMING-3).
 */
export function coreGroup(g: GroupState, extra = 0): Group {
  const combat = g.bonus.combat + g.lasting.combat + extra;
  const speed = g.bonus.speed + g.lasting.speed;
  return {
    characters: g.characters.map(({ name, combat, speed, incapacitated }) => ({ name, combat, speed, ...(incapacitated ? { incapacitated } : {}) })),
    rested: g.rested,
    handSize: g.handSize,
    ...(combat || speed ? { modifiers: { combat, speed } } : {}),
  };
}

export function groupOf(t: AnimaTable, player: unknown, role = 'player'): GroupState {
  const g = own(t.groupsInPlay, player);
  if (!g) violation('unknown_player', `No ${role} "${String(player)}" in this match.`, { players: Object.keys(t.groupsInPlay) });
  return g;
}

/** A Character of the Group by name (or card index). */
export function characterOf(g: GroupState, name: unknown, player: string): number {
  const c = g.characters.find((x) => x.name === name || x.card === name);
  if (!c) violation('unknown_character', `${player}'s Group has no Character "${String(name)}".`, { characters: g.characters.map((x) => x.name) });
  return c.card;
}

/** Fisher–Yates with the match dice (one die of i+1 faces per position). */
export function shuffle(cards: readonly number[], dice: Dice, purpose: string): number[] {
  const out = [...cards];
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(`${purpose} shuffle`, 1, i + 1)[0]! - 1;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The next `n` cards of a deck: when it runs short its discard pile is shuffled beneath it first
 * (ANIMA-DECK-2, at the moment a draw needs it). Answers the cards and the reshuffle event, if any.
 */
export function drawCards(t: AnimaTable, deck: 'characters' | 'encounters' | 'gifts', n: number, dice: Dice): { cards: number[]; events: AnimaEvent[] } {
  const have = t.decks[deck];
  if (have.length >= n || t.discards[deck].length === 0) return { cards: have.slice(0, n), events: [] };
  const order = [...have, ...shuffle(t.discards[deck], dice, deck)];
  return { cards: order.slice(0, n), events: [event('anima.deck_shuffled', { deck, order })] };
}

/** A prior encounter's Event may recruit Characters (ANIMA-GROUP-6): drawn from the Character deck. */
export function recruitsOf(t: AnimaTable, g: GroupState, result: PriorEncounter, dice: Dice): { recruited: number[]; events: AnimaEvent[] } {
  const n = Math.max(0, result.groupSize - g.characters.length);
  const { cards, events } = drawCards(t, 'characters', n, dice);
  return { recruited: cards, events };
}

/** ANIMA-MISSION-5: the Group holds its Resist mission's Location; it stays there and owes this turn's round. */
export const holding = (g: GroupState): boolean => g.resist !== null && g.location === g.resist.location && !g.turnLost;

/** ANIMA-TURN-1: the player declared themselves finished in this phase. */
export function finish(t: AnimaTable, player: string): void {
  if (!t.done.includes(player)) t.done.push(player);
}
