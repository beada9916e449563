/** Ánima combat: Combat value + one d10 per side (ANIMA-COMBAT-1..4, ANIMA-DICE-1). */
import type { Dice } from '../../../kernel/dice/index.js';
import { type Group, groupCombat } from './group.js';

export interface Creature {
  name: string;
  combat: number;
}

export interface CombatSide {
  combat: number;
  roll: number;
  total: number;
}

export interface CreatureCombat {
  group: CombatSide;
  creature: CombatSide;
  /** Group total minus creature total. */
  margin: number;
  winner: 'group' | 'creature';
  /** ANIMA-COMBAT-4: the Group lost by 5 or more; one Character (owner's choice) dies. */
  characterDies: boolean;
}

export interface GroupCombat {
  group: CombatSide;
  opponent: CombatSide;
  /** Group total minus opponent total. */
  margin: number;
  winner: 'group' | 'opponent' | 'draw';
  /** ANIMA-COMBAT-4: which side loses a Character, if any. */
  characterDies: 'group' | 'opponent' | null;
}

/** ANIMA-COMBAT-4: the heavy-defeat margin. */
export const HEAVY_DEFEAT = 5;

/** ANIMA-DICE-1: one d10 valued 1..10. */
export function d10(dice: Dice, purpose: string): number {
  return dice.roll(purpose, 1, 10)[0]!;
}

function side(combat: number, roll: number): CombatSide {
  return { combat, roll, total: combat + roll };
}

/** Group vs Creature. Dice order: the group's d10, then the creature's d10 (CONTRACT §1). */
export function fightCreature(group: Group, creature: Creature, dice: Dice): CreatureCombat {
  const g = side(groupCombat(group), d10(dice, `group combat vs ${creature.name}`));
  // ANIMA-COMBAT-1: the Creature's printed Combat plus a die another player rolls.
  const c = side(creature.combat, d10(dice, `creature combat (${creature.name})`));
  const margin = g.total - c.total;
  // ANIMA-COMBAT-2 / ANIMA-COMBAT-3: higher total wins; a tie goes to the Group.
  const winner = margin >= 0 ? 'group' : 'creature';
  // ANIMA-COMBAT-4: a Group losing by 5 or more loses a Character (a Creature has none).
  const characterDies = winner === 'creature' && -margin >= HEAVY_DEFEAT;
  return { group: g, creature: c, margin, winner, characterDies };
}

/** Group vs Group. Dice order: the first group's d10, then the opponent's d10. */
export function fightGroup(group: Group, opponent: Group, dice: Dice): GroupCombat {
  const g = side(groupCombat(group), d10(dice, 'group combat'));
  const o = side(groupCombat(opponent), d10(dice, 'opponent combat'));
  const margin = g.total - o.total;
  // ANIMA-COMBAT-3: between Groups a tie is a draw (no rematch this turn, ANIMA-INTERACT-5).
  if (margin === 0) return { group: g, opponent: o, margin, winner: 'draw', characterDies: null };
  const winner = margin > 0 ? 'group' : 'opponent';
  // ANIMA-COMBAT-4: the loser by 5 or more loses a Character, in any Group defeat.
  const characterDies = Math.abs(margin) >= HEAVY_DEFEAT ? (winner === 'group' ? 'opponent' : 'group') : null;
  return { group: g, opponent: o, margin, winner, characterDies };
}
