/**
 * Ánima decisions sent from the players' own seats (CONTRACT §9.1, src/kernel/decisions.ts):
 * - a combat between two Groups (ANIMA-TIMING-3: «Combat cards may be played by either combatant
 *   once a combat starts, but only before any die has been rolled»): declared from a seat, it waits
 *   for the defender, who plays a Combat card (`anima.play_gift`) or passes; then the attacker may
 *   add one, and so on, until both have passed in a row; the dice roll in the answer to
 *   the last pass, with every card played;
 * - a move (ANIMA-TIMING-2: Interrupt cards «se utilizan en cualquier momento para interrumpir o
 *   modificar un efecto, resultado o acción», e.g. Dirección Equivocada «cuando este declara adónde
 *   se dirige su Grupo»): an `anima.go` declared from a seat, while a Dirección Equivocada may be in
 *   another player's hand, waits for every other player holding a Gift, each playing it
 *   (`anima.play_gift` with `location`) or passing; the first played sends the Group there (the v1.2
 *   `redirect`; a later one has nothing left to change and stays in its player's hand), and the
 *   move resolves, its dice drawn then;
 * - a trade (ANIMA-INTERACT-1: «si ambos están de acuerdo»): proposed from a seat, an agreement the
 *   other player accepts (`anima.accept_trade`) or refuses (`match.pass`: `anima.trade_refused`);
 * - the choices the rules wait for (a casualty to choose, a reward to claim, a Location to remove and
 *   to save: ANIMA-COMBAT-4, ANIMA-REWARD-1, ANIMA-MOVE-7/8) are the game's own (`choosing`) and
 *   appear in `state.pending`.
 */
import type { GameCommand } from '../../../kernel/decider.js';
import type { Answer, Awaited, DecisionRules } from '../../../kernel/decisions.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { redirectOf } from './gifts.js';
import type { Redirect } from './members.js';
import type { AnimaTable } from './state.js';
import type { AnimaTableState } from './table.js';

/** A Combat card as `anima.declare_combat` lists it, from an `anima.play_gift` answer. */
const asCombatGift = (c: GameCommand) => ({ gift: c.gift, ...(c.character !== undefined ? { character: c.character } : {}) });

/** The other combatant of a declared combat, relative to `player`. */
const otherCombatant = (declared: { player: string; command: GameCommand }, player: string): string =>
  player === declared.player ? String(declared.command.target) : declared.player;

const gifts = (command: GameCommand, member: 'gifts' | 'targetGifts'): unknown[] => (Array.isArray(command[member]) ? (command[member] as unknown[]) : []);

/**
 * ANIMA-TIMING-2: the players who may interrupt `mover`'s move, in turn order after the mover. Hands
 * are secret (ANIMA-HAND-1), so the table does not ask only those who hold a Dirección Equivocada:
 * it asks every other player holding a Gift, as long as a copy of the card is not face up in the
 * Gift discard pile (what everyone can see); without a Gift deck there is none to play.
 */
function interrupters(state: AnimaTableState, mover: string): string[] {
  const t = state as AnimaTable;
  const cards = t.cards?.gifts;
  if (!cards || !t.groupsInPlay || !cards.some((g, i) => g.redirect && !t.discards.gifts.includes(i))) return [];
  const at = Math.max(0, t.turnOrder.indexOf(mover));
  const order = [...t.turnOrder.slice(at + 1), ...t.turnOrder.slice(0, at)];
  return order.filter((id) => id !== mover && (t.groupsInPlay[id]?.handSize ?? 0) > 0);
}

const asInterrupt = (player: string): Awaited => ({ player, types: ['anima.play_gift'] });

/** The move with the Interrupt played on it (the v1.2 `redirect`), from an `anima.play_gift` answer. */
function redirected(command: GameCommand, answer: Answer): GameCommand {
  const played = answer.command!;
  if (played.target !== undefined)
    throw new InvalidInput([
      { path: '/command/target', code: 'not_on_a_move', message: 'An Interrupt played on a move sends the Group elsewhere: name `location`, no `target` (ANIMA-TIMING-2).' },
    ]);
  if (typeof played.location !== 'string')
    throw new InvalidInput([
      { path: '/command/location', code: 'location_needed', message: 'Name the Location where the Interrupt sends the Group (`location`, ANIMA-TIMING-2).' },
    ]);
  const redirect = { by: answer.player, gift: played.gift, location: played.location, ...(played.character !== undefined ? { character: played.character } : {}) };
  return { ...command, redirect };
}

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
      // ANIMA-TIMING-2: a move declared from a seat waits for the players who may hold an Interrupt.
      'anima.go': {
        rule: 'ANIMA-TIMING-2',
        // a move that already names its Interrupt (the owner's bundled form) waits for nobody
        responders: (command, player, state) => (command.redirect === undefined ? interrupters(state, player).map(asInterrupt) : []),
        // every Interrupt answered is checked; the first played (in the order the answers came) sends the Group
        resolve: (declared, answers, state) => {
          const played = answers.filter((a) => a.command).map((a) => redirected(declared.command, a));
          for (const command of played) redirectOf(state as AnimaTable, declared.player, command.redirect as Redirect);
          return played[0] ?? declared.command;
        },
      },
      // ANIMA-INTERACT-1: a trade proposed from a seat takes effect only if the other player agrees.
      'anima.trade_with': {
        rule: 'ANIMA-INTERACT-1',
        kind: 'agreement',
        responders: (command, player) =>
          typeof command.with === 'string' && command.with !== player && command.refused === undefined ? [{ player: command.with, types: ['anima.accept_trade'] }] : [],
        // accepted: the trade as proposed; a pass refuses it
        resolve: (declared, answers) => (answers.some((a) => a.command) ? declared.command : { ...declared.command, refused: true }),
      },
    },
  };
}

/** ANIMA-COMBAT-4 / ANIMA-REWARD-1 / ANIMA-MOVE-7/8: the choice the table waits for (state.pending, kind `choice`). */
export const animaChoices: NonNullable<DecisionRules<AnimaTableState>['choices']> = (state) => {
  const p = state.choosing;
  if (!p) return [];
  if (p.kind === 'casualty') return [{ player: p.player, types: ['anima.choose_casualty'], rule: 'ANIMA-COMBAT-4' }];
  if (p.kind === 'reward') return [{ player: p.player, types: ['anima.claim_reward'], rule: 'ANIMA-REWARD-1' }];
  // ANIMA-MOVE-8: each player asked may save the Location chosen; otherwise the seeker chooses one (ANIMA-MOVE-7)
  if (p.deciding.length > 0) return p.deciding.map((player) => ({ player, types: ['anima.save_location'], rule: 'ANIMA-MOVE-8' }));
  return [{ player: p.player, types: ['anima.remove_location'], rule: 'ANIMA-MOVE-7' }];
};
