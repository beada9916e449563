/**
 * Plays a match through its game's own pipeline without the service (validate each command against
 * its schema, decide with the command's dice, evolve): the states before and after every event, for
 * the table-rules tests (CONTRACT §8.1 views, moves and actors).
 */
import { diceFor } from '../../src/kernel/dice/index.js';
import { gameMatch } from '../../src/app/matches/games.js';
import type { Command } from '../../src/kernel/match-game.js';

export interface Folded<S> {
  event: { type: string; data: unknown };
  before: S;
  after: S;
}

export interface Replay<S> {
  /** The state after each command, the initial state first. */
  states: S[];
  /** Every event with the states around it. */
  log: Folded<S>[];
  state: S;
}

/** Create the match and run `commands` in order; each must be accepted (else the test fails with its refusal). */
export function replay<S>(game: string, setup: { players: { id: string; name: string }[]; options: Record<string, unknown> }, commands: Record<string, unknown>[]): Replay<S> {
  const match = gameMatch(game)!;
  match.validateOptions?.(setup);
  let fold = match.initialState(setup);
  let state = fold.state as S;
  const states = [state];
  const log: Folded<S>[] = [];
  commands.forEach((raw, i) => {
    try {
      const command = match.validate(structuredClone(raw) as Command, setup.options);
      const events = match.decide(
        command,
        fold,
        diceFor(command.dice, () => 'table-replay'),
      );
      for (const event of events) {
        const before = state;
        fold = match.evolve(fold, event);
        state = fold.state as S;
        log.push({ event, before, after: state });
      }
      states.push(state);
    } catch (error) {
      throw new Error(`command ${i} (${String(raw.type)}) was refused: ${(error as Error).message}`);
    }
  });
  return { states, log, state };
}
