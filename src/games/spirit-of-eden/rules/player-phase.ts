/** The Spirit of Eden player phase: dice placement, re-rolls and Noa's power (SOE-DICE, SOE-PLACE, SOE-REROLL, SOE-NOA-1). */
import { InvalidInput, RuleViolation, pointer, prefixProblems, type InputProblem } from '../../../kernel/errors.js';
import { type Action, type ActionFace, applyAction, faceOf } from './actions.js';
import { type Board, type Mode, boardProblems } from './board.js';

export type PlayerStep =
  | { type: 'place'; die: number; card: number; action?: Action }
  | { type: 'reroll'; die: number; discard: number; value: number }
  | { type: 'bonus'; die: number; value: number }
  | { type: 'noa'; die: number; value: number };

/** The raw step as sent: which members are needed depends on `type`. */
export interface RawStep {
  type: PlayerStep['type'];
  die: number;
  card?: number;
  discard?: number;
  value?: number;
  /** place: the action taken with the die (SOE-PLACE-2/3). */
  action?: Action;
}

export interface PlayerPhaseInput {
  /** The 4 dice as first rolled (SOE-DICE-1). */
  roll: number[];
  steps: RawStep[];
  modes?: Mode[];
  /** Scarcity: the Action card turned face down this turn (SOE-MODE-6). */
  disabledCard?: number;
  /** Noa's power was used earlier in the game (SOE-NOA-1). */
  noaPowerUsed?: boolean;
  /** Unused die bonuses on owned Objective cards (SOE-OBJ-4). */
  bonusesAvailable?: number;
  /** The board before the phase: place steps' actions are applied to it in order (SOE-PLACE-3). */
  board?: Board;
  /** Card data: the 4 Action cards, each face 1..6 → action (SOE-PLACE-2, SOE-AMB-12). */
  actionCards?: ActionFace[][];
}

export type DieState = 'unused' | 'placed' | 'discarded';

export interface PlayerPhaseResult {
  valid: boolean;
  errors: InputProblem[];
  dice: { index: number; value: number; state: DieState; card?: number }[];
  actions: { step: number; die: number; card: number; value: number }[];
  discards: number;
  bonusesUsed: number;
  noaPowerUsed: boolean;
  /** The board after the valid actions (when `board` was sent). */
  board?: Board;
}

/** SOE-REROLL-1: at most 2 dice set aside per turn. */
export const MAX_DISCARDS = 2;

const NEEDS: Record<PlayerStep['type'], ('card' | 'discard' | 'value')[]> = {
  place: ['card'],
  reroll: ['discard', 'value'],
  bonus: ['value'],
  noa: ['value'],
};

/** Members a step type needs (400 when missing). */
export function stepShapeProblems(steps: readonly RawStep[]): InputProblem[] {
  const problems: InputProblem[] = [];
  steps.forEach((s, i) => {
    for (const m of NEEDS[s.type]) {
      if (s[m] === undefined) problems.push({ path: pointer('steps', i, m), code: 'required', message: `A ${s.type} step needs \`${m}\`.` });
    }
  });
  return problems;
}

/** Replays the player phase and lists every rule problem (the phase is valid when there are none). */
export function validatePlayerPhase(input: PlayerPhaseInput): PlayerPhaseResult {
  const shape = stepShapeProblems(input.steps);
  // The board, when sent, must be well formed (its problems are reported under /board).
  if (input.board) shape.push(...prefixProblems('/board', boardProblems(input.board, input.modes ?? [])));
  if (shape.length > 0) throw new InvalidInput(shape);
  const modes = input.modes ?? [];
  const errors: InputProblem[] = [];
  const err = (path: string, code: string, message: string) => errors.push({ path, code, message });
  const values = [...input.roll];
  const state: DieState[] = values.map(() => 'unused');
  const cardOf: (number | undefined)[] = values.map(() => undefined);
  const usedCards = new Set<number>();
  const actions: PlayerPhaseResult['actions'] = [];
  let discards = 0;
  let bonusesUsed = 0;
  let noaUsed = input.noaPowerUsed ?? false;
  let afterRoll = true;
  let board = input.board;

  // SOE-MODE-6: in Scarcity one Action card is turned face down before rolling.
  if (modes.includes('scarcity') && input.disabledCard === undefined) {
    err('/disabledCard', 'missing_disabled_card', 'Scarcity mode: name the Action card turned face down this turn (SOE-MODE-6).');
  }
  const unused = (die: number, path: string, rule: string): boolean => {
    if (state[die] === 'unused') return true;
    err(path, 'die_not_unused', `Die ${die} is already ${state[die]}; only unused dice may be ${rule}.`);
    return false;
  };

  input.steps.forEach((raw, i) => {
    const at = (m?: string) => (m ? pointer('steps', i, m) : pointer('steps', i));
    const before = errors.length;
    const s = raw as PlayerStep;
    switch (s.type) {
      case 'place': {
        // SOE-PLACE-1: each die once; at most one die per Action card.
        unused(s.die, at('die'), 'placed (SOE-PLACE-1)');
        if (usedCards.has(s.card)) err(at('card'), 'card_occupied', `Action card ${s.card} already holds a die this turn (SOE-PLACE-1).`);
        // SOE-MODE-6: the face-down card cannot be used.
        if (modes.includes('scarcity') && s.card === input.disabledCard) err(at('card'), 'card_disabled', `Action card ${s.card} is face down this turn (SOE-MODE-6).`);
        // SOE-PLACE-2: the die's value selects the action printed on that card for that value (card data).
        const face = input.actionCards?.[s.card]?.[values[s.die]! - 1];
        if (s.action && face !== undefined && faceOf(s.action) !== face) {
          err(at('action'), 'wrong_action', `Action card ${s.card} shows ${face} for ${values[s.die]}, not ${faceOf(s.action)} (SOE-PLACE-2).`);
        }
        // SOE-PLACE-3: the action is resolved at once, on the board as it is now (SOE-ACT-0: an illegal one cannot be taken).
        if (s.action && board && errors.length === before) {
          try {
            const { action: _a, moved: _m, ...next } = applyAction(board, s.action, modes);
            board = next;
          } catch (e) {
            if (!(e instanceof RuleViolation)) throw e;
            err(at('action'), e.code, e.message);
          }
        }
        if (errors.length === before) {
          state[s.die] = 'placed';
          cardOf[s.die] = s.card;
          usedCards.add(s.card);
          actions.push({ step: i, die: s.die, card: s.card, value: values[s.die]! });
        }
        afterRoll = false;
        return;
      }
      case 'reroll': {
        // SOE-REROLL-1: set aside one unused die to re-roll another unused one; at most 2 per turn.
        if (discards >= MAX_DISCARDS) err(at(), 'too_many_discards', `At most ${MAX_DISCARDS} dice may be set aside per turn (SOE-REROLL-1).`);
        if (s.discard === s.die) err(at('discard'), 'same_die', 'The die set aside must differ from the die re-rolled (SOE-REROLL-1).');
        unused(s.discard, at('discard'), 'set aside (SOE-REROLL-1)');
        unused(s.die, at('die'), 're-rolled (SOE-REROLL-1)');
        if (errors.length === before) {
          state[s.discard] = 'discarded';
          values[s.die] = s.value;
          discards++;
          afterRoll = true;
        }
        return;
      }
      case 'bonus': {
        // SOE-MODE-3: Fearless forbids the die bonuses.
        if (modes.includes('fearless')) err(at(), 'bonus_forbidden', 'Fearless mode: Objective die bonuses cannot be used (SOE-MODE-3).');
        // SOE-OBJ-4: each owned bonus once.
        else if (bonusesUsed >= (input.bonusesAvailable ?? 0)) err(at(), 'no_bonus', 'No unused Objective die bonus is left (SOE-OBJ-4).');
        // SOE-REROLL-2 / SOE-AMB-11: only an unused die.
        unused(s.die, at('die'), 're-rolled (SOE-AMB-11)');
        if (errors.length === before) {
          values[s.die] = s.value;
          bonusesUsed++;
          afterRoll = true;
        }
        return;
      }
      case 'noa': {
        // SOE-NOA-1: once per game, right after a roll, set one unused die to any face.
        if (noaUsed) err(at(), 'noa_power_used', "Noa's power has already been used this game (SOE-NOA-1).");
        else if (!afterRoll) err(at(), 'noa_not_after_roll', "Noa's power is used right after a roll or re-roll (SOE-NOA-1).");
        unused(s.die, at('die'), "set by Noa's power (SOE-AMB-11)");
        if (errors.length === before) {
          values[s.die] = s.value;
          noaUsed = true;
        }
        return;
      }
    }
  });

  return {
    valid: errors.length === 0,
    errors,
    dice: values.map((value, index) => ({ index, value, state: state[index]!, ...(cardOf[index] !== undefined ? { card: cardOf[index] } : {}) })),
    actions,
    discards,
    bonusesUsed,
    noaPowerUsed: noaUsed,
    ...(board ? { board } : {}),
  };
}
