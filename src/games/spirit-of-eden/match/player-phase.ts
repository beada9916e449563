/**
 * The Spirit of Eden player phase, one step at a time (SOE-PLACE-*, SOE-REROLL-*, SOE-OBJ-4,
 * SOE-NOA-1): the `soe.place`, `soe.reroll`, `soe.bonus` and `soe.noa` commands declared beside
 * their decide, and the `soe.player_step_taken` event each records beside its fold. Every step is
 * replayed with the turn so far by the stateless core (rules/player-phase.ts).
 */
import { Type } from '@sinclair/typebox';
import { diceFact, type DiceFact } from '../../../kernel/dice/facts.js';
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput } from '../../../kernel/errors.js';
import type { FoldTable } from '../../../kernel/folds.js';
import type { Board } from '../rules/board.js';
import { type PlayerPhaseResult, type RawStep, validatePlayerPhase } from '../rules/player-phase.js';
import { ActionSchema, actionProblems, toAction } from '../operations/action.operation.js';
import { expectPhase, fail, spiritCommand } from './command.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { SpiritMatchState, SpiritState } from './state.js';

const Die = Type.Integer({ minimum: 0, maximum: 3, description: 'Die index 0..3.' });

/** One player-phase step (v2, event-versions.ts): the step, the dice and the board after it, and the faces it drew (`roll`). */
export type PlayerPhaseEvent = {
  type: 'soe.player_step_taken';
  data: { roll?: DiceFact; turn: number; step: RawStep; dice: PlayerPhaseResult['dice']; board: Board; bonusesUsed: number; noaPowerUsed: boolean };
};

export const PLAYER_PHASE_FOLDS: FoldTable<SpiritMatchState, PlayerPhaseEvent> = {
  'soe.player_step_taken': (state, d) => ({
    ...state,
    board: d.board,
    steps: [...state.steps, d.step],
    dice: d.dice,
    bonusesUsed: d.bonusesUsed,
    noaPowerUsed: d.noaPowerUsed,
  }),
};

/** SOE-OBJ-4: die-bonus Objective cards the player owns. */
const ownedBonuses = (board: Board) => (board.objectives ?? []).flatMap((p) => p.claimed ?? []).filter((c) => c.dieBonus).length;

/** One player-phase step, replayed with the turn so far by validatePlayerPhase (SOE-PLACE-*, SOE-REROLL-*, SOE-OBJ-4, SOE-NOA-1). */
function playerStep(state: SpiritState, step: RawStep, dice: Dice): PlayerPhaseEvent[] {
  expectPhase(state, 'player', `A ${step.type} step`);
  const earlier = state.steps;
  const usedBefore = state.bonusesUsed - earlier.filter((s) => s.type === 'bonus').length;
  const noaBefore = state.noaPowerUsed && !earlier.some((s) => s.type === 'noa');
  const r = validatePlayerPhase({
    roll: state.roll!,
    steps: [...earlier, step],
    modes: state.options.modes,
    ...(state.disabledCard !== null ? { disabledCard: state.disabledCard } : {}),
    noaPowerUsed: noaBefore,
    bonusesAvailable: Math.max(0, ownedBonuses(state.turnStartBoard!) - usedBefore),
    board: state.turnStartBoard!,
    ...(state.options.actionCards ? { actionCards: state.options.actionCards } : {}),
  });
  const problem = r.errors[0];
  if (problem) fail(problem.code, problem.message, { path: problem.path.replace(/^\/steps\/\d+/, '/command') });
  return [
    {
      type: 'soe.player_step_taken',
      data: {
        turn: state.turn,
        step,
        dice: r.dice,
        board: r.board!,
        bonusesUsed: usedBefore + r.bonusesUsed,
        noaPowerUsed: r.noaPowerUsed,
        // the faces a step drew (a reroll, a bonus die): the fact, not the answer's labels
        ...(dice.transcript().rolls.length ? { roll: diceFact(dice.transcript()) } : {}),
      },
    },
  ];
}

export const PLAYER_PHASE_COMMANDS = {
  'soe.place': spiritCommand({
    schema: commandSchema('soe.place', { die: Die, card: Type.Integer({ minimum: 0, maximum: 3, description: 'Action card 0..3.' }), action: ActionSchema }),
    description: 'SOE-PLACE-1..5: an unused die on a free Action card; the action the card shows for the die (options.actionCards) is resolved at once on the board (SOE-ACT-*).',
    example: { die: 1, card: 0, action: { type: 'move', ally: 'water', to: 'm1', steps: 1 } },
    /**
     * SOE-PLACE-1..3: a die on an Action card; the action the card shows for its value is resolved at
     * once. The action's members per type are checked as POST /v1/spirit-of-eden/actions does (400 under /command/action).
     */
    decide(cmd, state, dice) {
      const problems = actionProblems(cmd.action, ['command', 'action']);
      if (problems.length > 0) throw new InvalidInput(problems);
      const action = toAction(cmd.action);
      // SOE-PLACE-2: the face → action mapping is card data, from the creation options
      if (!state.options.actionCards)
        fail('action_cards_missing', 'Create the match with `options.actionCards` (the 4 Action cards, faces 1..6): the rulebook does not print them (SOE-PLACE-2, SOE-AMB-12).');
      return playerStep(state, { type: 'place', die: cmd.die, card: cmd.card, action }, dice);
    },
  }),
  'soe.reroll': spiritCommand({
    schema: commandSchema('soe.reroll', { die: Die, discard: Die }),
    description: 'SOE-REROLL-1: set unused die `discard` aside to re-roll unused die `die` (at most 2 per turn). Dice: one d6, the new value of `die`.',
    example: { die: 0, discard: 2, dice: { values: [5] } },
    /** SOE-REROLL-1: set one unused die aside to re-roll another (at most 2 per turn). */
    decide(cmd, state, dice) {
      expectPhase(state, 'player', 'A re-roll');
      const value = dice.roll('SOE-REROLL-1 re-roll', 1, 6)[0]!;
      return playerStep(state, { type: 'reroll', die: cmd.die, discard: cmd.discard, value }, dice);
    },
  }),
  'soe.bonus': spiritCommand({
    schema: commandSchema('soe.bonus', { die: Die }),
    description: "SOE-OBJ-4 / SOE-REROLL-2: an owned Objective card's die bonus re-rolls one unused die (not in Fearless, SOE-MODE-3). Dice: one d6, the new value of `die`.",
    example: { die: 0, dice: { values: [6] } },
    /** SOE-OBJ-4 / SOE-REROLL-2: a die bonus of an owned Objective card re-rolls one unused die. */
    decide(cmd, state, dice) {
      expectPhase(state, 'player', 'A bonus re-roll');
      const value = dice.roll('SOE-OBJ-4 bonus re-roll', 1, 6)[0]!;
      return playerStep(state, { type: 'bonus', die: cmd.die, value }, dice);
    },
  }),
  'soe.noa': spiritCommand({
    schema: commandSchema('soe.noa', { die: Die, value: Type.Integer({ minimum: 1, maximum: 6 }) }),
    description: 'SOE-NOA-1: once per game, right after a roll, one unused die is set to any face.',
    example: { die: 3, value: 6 },
    /** SOE-NOA-1: once per game, right after a roll, one unused die is set to any face. */
    decide(cmd, state, dice) {
      return playerStep(state, { type: 'noa', die: cmd.die, value: cmd.value }, dice);
    },
  }),
};
