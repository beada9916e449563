/**
 * Ánima decisions sent from the players' own seats (CONTRACT §9.1, src/kernel/decisions.ts):
 * - a combat between two Groups (ANIMA-TIMING-3: «Combat cards may be played by either combatant
 *   once a combat starts, but only before any die has been rolled»): declared from a seat, it waits
 *   for the defender, who plays a Combat card (`anima.play_gift`) or passes; then the attacker may
 *   add one, and so on, until both have passed in a row; the dice roll in the answer to
 *   the last pass, with every card played;
 * - the choices the rules wait for (a casualty to choose, a reward to claim: ANIMA-COMBAT-4,
 *   ANIMA-REWARD-1) are the game's own (`choosing`) and appear in `state.pending`.
 */
import type { GameCommand } from '../../../kernel/decider.js';
import type { Answer, DecisionRules } from '../../../kernel/decisions.js';
import type { AnimaTableState } from './table.js';

/** A Combat card as `anima.declare_combat` lists it, from an `anima.play_gift` answer. */
const asCombatGift = (c: GameCommand) => ({ gift: c.gift, ...(c.character !== undefined ? { character: c.character } : {}) });

/** The other combatant of a declared combat, relative to `player`. */
const otherCombatant = (declared: { player: string; command: GameCommand }, player: string): string =>
  player === declared.player ? String(declared.command.target) : declared.player;

const gifts = (command: GameCommand, member: 'gifts' | 'targetGifts'): unknown[] => (Array.isArray(command[member]) ? (command[member] as unknown[]) : []);

export function animaDecisions(choices: DecisionRules<AnimaTableState>['choices']): DecisionRules<AnimaTableState> {
  return {
    choices,
    responses: {
      'anima.declare_combat': {
        rule: 'ANIMA-TIMING-3',
        responders: (command, player) => (typeof command.target === 'string' && command.target !== player ? [{ player: command.target, types: ['anima.play_gift'] }] : []),
        // the combatants answer in turn until both have passed in a row
        next: (declared, answers: Answer[]) => {
          const last = answers.at(-1);
          const before = answers.at(-2);
          if (!last || (!last.command && before && !before.command)) return [];
          return [{ player: otherCombatant(declared, last.player), types: ['anima.play_gift'] }];
        },
        resolve: (declared, answers) => {
          const played = (player: string) => answers.filter((a) => a.player === player && a.command).map((a) => asCombatGift(a.command!));
          const mine = [...gifts(declared.command, 'gifts'), ...played(declared.player)];
          const theirs = [...gifts(declared.command, 'targetGifts'), ...played(String(declared.command.target))];
          return { ...declared.command, ...(mine.length ? { gifts: mine } : {}), ...(theirs.length ? { targetGifts: theirs } : {}) };
        },
      },
    },
  };
}
