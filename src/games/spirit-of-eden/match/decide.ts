/**
 * The Spirit of Eden match commands (SOE-TURN-1): setup, turn start and roll, the player phase one
 * step at a time, the Goomz phase, and the end of the game. Each command is checked against the
 * match state and resolved by the stateless cores (setup.ts, noa.ts, player-phase.ts, actions.ts,
 * goomz-phase.ts, end.ts); the result is one event the fold (evolve.ts) stores.
 */
import { diceFact } from '../../../kernel/dice/facts.js';
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import type { Action } from '../rules/actions.js';
import { type Board, type Color, inPlay } from '../rules/board.js';
import { destroyedPairs } from '../rules/end.js';
import { goomzPhase } from '../rules/goomz-phase.js';
import { returnAllies } from '../rules/noa.js';
import { type RawStep, validatePlayerPhase } from '../rules/player-phase.js';
import { setupProblems } from '../rules/setup.js';
import type { SpiritGame } from './state.js';
import type { SpiritCommandOf } from '../commands/schemas.js';

export type SpiritState = SpiritGame & { board: Board | null };
export type SpiritEvent = { type: string; data: Record<string, unknown> };

const fail = (code: string, message: string, extra: Record<string, unknown> = {}): never => {
  throw new RuleViolation(code, message, extra);
};

function expectPhase(state: SpiritState, phase: SpiritState['phase'], doing: string): void {
  if (state.phase === phase) return;
  if (state.phase === 'ended') fail('game_over', `The game is over (${state.result?.won ? 'won' : 'lost'}, SOE-END-1/2).`);
  // SOE-SETUP-1..5: nothing is played before the layout is dealt
  if (state.phase === 'setup') fail('not_set_up', `${doing} waits for the set-up: send \`soe.set_up\` (the dealt layout, SOE-SETUP-1..5) first.`, { next: 'soe.set_up' });
  const next = ({ setup: '`soe.set_up`', turn_start: '`soe.roll`', player: 'player-phase steps or `soe.goomz`', ended: 'nothing' } as const)[state.phase];
  fail('wrong_phase', `${doing} is not possible now: the match expects ${next} (SOE-TURN-1).`, { phase: state.phase, expected: next });
}

/** SOE-SETUP-1..5 / SOE-MODE-4: the dealt layout, with the 3 Objective piles (their card faces are not printed). */
export function setUp(cmd: SpiritCommandOf<'soe.set_up'>, state: SpiritState): SpiritEvent[] {
  expectPhase(state, 'setup', 'Setting up');
  const modes = state.options.modes;
  if (!cmd.board.objectives)
    fail('objectives_missing', 'Send `board.objectives`: the 3 piles of 3 Objective cards (Ally and Terrain of each), dealt under the Goomz cards (SOE-SETUP-5).');
  const problems = setupProblems(cmd.board, modes);
  if (problems.length > 0) fail('illegal_setup', `The layout breaks the setup rules: ${problems.map((p) => p.message).join(' ')}`, { problems });
  const board: Board = { ring: cmd.board.ring, cards: cmd.board.cards, goomz: cmd.board.goomz, allies: cmd.board.allies, objectives: cmd.board.objectives };
  return [{ type: 'soe.game_set_up', data: { board, modes } }];
}

/** SOE-TURN-2: Allies due back from Noa return to a Forest (SOE-NOA-RET-2), Scarcity disables a card (SOE-MODE-6), then 4 dice are rolled (SOE-DICE-1). */
export function roll(cmd: SpiritCommandOf<'soe.roll'>, state: SpiritState, dice: Dice): SpiritEvent[] {
  expectPhase(state, 'turn_start', 'Rolling');
  const scarcity = state.options.modes.includes('scarcity');
  if (scarcity && cmd.disabledCard === undefined) fail('disabled_card_missing', 'Scarcity mode: name the Action card turned face down this turn in `disabledCard` (SOE-MODE-6).');
  if (!scarcity && cmd.disabledCard !== undefined) fail('not_scarcity', 'Only in Scarcity mode is an Action card turned face down (SOE-MODE-6).');
  const { allies, returned } = returnAllies(state.board!, state.turn, cmd.returns ?? {});
  const values = dice.roll('SOE-DICE-1 player phase', 4, 6);
  return [{ type: 'soe.dice_rolled', data: { turn: state.turn, returned, allies, disabledCard: cmd.disabledCard ?? null, roll: values, dice: diceFact(dice.transcript()) } }];
}

/** SOE-OBJ-4: die-bonus Objective cards the player owns. */
const ownedBonuses = (board: Board) => (board.objectives ?? []).flatMap((p) => p.claimed ?? []).filter((c) => c.dieBonus).length;

/** One player-phase step, replayed with the turn so far by validatePlayerPhase (SOE-PLACE-*, SOE-REROLL-*, SOE-OBJ-4, SOE-NOA-1). */
function playerStep(state: SpiritState, step: RawStep, dice: Dice): SpiritEvent[] {
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

/** `soe.place` with its action read into the rules' Action (by the command adapter, src/games/spirit-of-eden/commands). */
export type PlaceCommand = Omit<SpiritCommandOf<'soe.place'>, 'action'> & { action: Action };

/** SOE-PLACE-1..3: a die on an Action card; the action the card shows for its value is resolved at once. */
export function place(cmd: PlaceCommand, state: SpiritState, dice: Dice): SpiritEvent[] {
  // SOE-PLACE-2: the face → action mapping is card data, from the creation options
  if (!state.options.actionCards)
    fail('action_cards_missing', 'Create the match with `options.actionCards` (the 4 Action cards, faces 1..6): the rulebook does not print them (SOE-PLACE-2, SOE-AMB-12).');
  return playerStep(state, { type: 'place', die: cmd.die, card: cmd.card, action: cmd.action }, dice);
}

/** SOE-REROLL-1: set one unused die aside to re-roll another (at most 2 per turn). */
export function reroll(cmd: SpiritCommandOf<'soe.reroll'>, state: SpiritState, dice: Dice): SpiritEvent[] {
  expectPhase(state, 'player', 'A re-roll');
  const value = dice.roll('SOE-REROLL-1 re-roll', 1, 6)[0]!;
  return playerStep(state, { type: 'reroll', die: cmd.die, discard: cmd.discard, value }, dice);
}

/** SOE-OBJ-4 / SOE-REROLL-2: a die bonus of an owned Objective card re-rolls one unused die. */
export function bonus(cmd: SpiritCommandOf<'soe.bonus'>, state: SpiritState, dice: Dice): SpiritEvent[] {
  expectPhase(state, 'player', 'A bonus re-roll');
  const value = dice.roll('SOE-OBJ-4 bonus re-roll', 1, 6)[0]!;
  return playerStep(state, { type: 'bonus', die: cmd.die, value }, dice);
}

/** SOE-NOA-1: once per game, right after a roll, one unused die is set to any face. */
export function noa(cmd: SpiritCommandOf<'soe.noa'>, state: SpiritState, dice: Dice): SpiritEvent[] {
  return playerStep(state, { type: 'noa', die: cmd.die, value: cmd.value }, dice);
}

/** SOE-GOOMZ-ORDER-1: the Goomz in play in ring order (clockwise from the top-left slot), the default order. */
export function ringOrder(board: Board): Color[] {
  return board.goomz
    .filter(inPlay)
    .sort((a, b) => board.ring.indexOf(a.at) - board.ring.indexOf(b.at))
    .map((g) => g.color);
}

/** SOE-TURN-1 / SOE-GOOMZ: the player phase ends; each Goomz in play applies F, C, E, D, A or B once; SOE-END-3 after each. */
export function goomz(cmd: SpiritCommandOf<'soe.goomz'>, state: SpiritState): SpiritEvent[] {
  expectPhase(state, 'player', 'The Goomz phase');
  const board = state.board!;
  const order = cmd.order ?? ringOrder(board);
  const { modes, dSendsAll, protectionEndsWithPhase } = state.options;
  const r = goomzPhase(board, order, { modes, picks: cmd.picks ?? {}, dSendsAll, protectionEndsWithPhase, turn: state.turn });
  const { steps, won, lost, skipped, ...after } = r;
  const events: SpiritEvent[] = [{ type: 'soe.goomz_phase_resolved', data: { turn: state.turn, order, steps, skipped, won, lost, board: after } }];
  // SOE-END-1/2/3: the game ends at once on victory or defeat
  if (won || lost) events.push({ type: 'soe.game_ended', data: { turn: state.turn, won, lost, destroyedPairs: destroyedPairs(after) } });
  return events;
}
