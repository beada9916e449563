/** Ánima groups: Combat and Speed sums, Rest bonus, size (ANIMA-GROUP, ANIMA-MOVE-12, ANIMA-INCAP). */

export interface Character {
  name: string;
  combat: number;
  speed: number;
  /** Face down for this round (ANIMA-INCAP-1). */
  incapacitated?: boolean;
}

export interface Group {
  characters: Character[];
  /** The Group chose Rest last turn: +2 Combat and +2 Speed this turn only (ANIMA-MOVE-12). */
  rested?: boolean;
  /** Card modifiers played before any roll (ANIMA-COMBAT-1, ANIMA-TIMING-3). */
  modifiers?: { combat?: number; speed?: number };
  /** Gift cards in hand, 0..5 (ANIMA-HAND-1). */
  handSize?: number;
  /**
   * Combat cards committed for the first Creature combat of the resolution, if one happens
   * (ANIMA-TIMING-3): their Combat total and how many cards leave the hand.
   */
  combatCards?: { combat: number; count: number };
}

/** ANIMA-TIMING-3: the Group as it fights with its committed Combat cards (none left committed afterwards). */
export function withCombatCards(group: Group): Group {
  const { combatCards, ...rest } = group;
  if (!combatCards) return rest;
  const modifiers = { ...group.modifiers, combat: (group.modifiers?.combat ?? 0) + combatCards.combat };
  return { ...rest, modifiers, ...(group.handSize !== undefined ? { handSize: Math.max(0, group.handSize - combatCards.count) } : {}) };
}

/** ANIMA-MOVE-12: the Rest bonus to both Combat and Speed. */
export const REST_BONUS = 2;
/** ANIMA-GROUP-1: at most 4 Characters. */
export const MAX_CHARACTERS = 4;
/** ANIMA-HAND-1: at most 5 Gifts in hand. */
export const HAND_LIMIT = 5;

/** ANIMA-GROUP-2 / ANIMA-COMBAT-6: Combat sums the non-incapacitated Characters, plus Rest and cards. */
export function groupCombat(group: Group): number {
  let total = 0;
  for (const c of group.characters) {
    // ANIMA-INCAP-2: an incapacitated Character adds nothing to Combat (tapped ones still do, ANIMA-CARD-6).
    if (!c.incapacitated) total += c.combat;
  }
  // ANIMA-MOVE-12: Rest bonus.
  if (group.rested) total += REST_BONUS;
  return total + (group.modifiers?.combat ?? 0);
}

/** ANIMA-GROUP-2: Speed sums every Character (incapacitated ones too, ANIMA-AMB-11), plus Rest and cards. */
export function groupSpeed(group: Group): number {
  let total = 0;
  for (const c of group.characters) total += c.speed;
  // ANIMA-MOVE-12: Rest bonus counts for that turn's order (ANIMA-ORDER-3).
  if (group.rested) total += REST_BONUS;
  return total + (group.modifiers?.speed ?? 0);
}

/** ANIMA-GROUP-3: size counts every Character, incapacitated ones included. */
export function groupSize(group: Group): number {
  return group.characters.length;
}

/** ANIMA-HAND-1: a draw of k Gifts yields min(k, 5 − handSize), never below zero. */
export function giftDraw(k: number, handSize: number): number {
  return Math.max(0, Math.min(k, HAND_LIMIT - handSize));
}
