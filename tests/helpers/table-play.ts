/**
 * Tables with several people (CONTRACT §8.1) in unit tests: a match played through its game's own
 * decide / evolve (commands validated as the service validates them, fixed dice or a seed per
 * command), keeping every event with the states before and after it, and what a reader can read of
 * it through the game's TableRules (the state, the options, every event).
 */
import { gameMatch } from '../../src/app/matches/games.js';
import { diceFor } from '../../src/kernel/dice/index.js';
import type { Reader, TableRules } from '../../src/kernel/table.js';
import type { GameEvent as TableEvent } from '../../src/kernel/decider.js';

export interface Logged<S> {
  event: TableEvent;
  before: S;
  after: S;
  /** The index of the command that appended it. */
  step: number;
}

export interface Played<S> {
  initial: S;
  state: S;
  log: Logged<S>[];
  options: Record<string, unknown>;
}

export function play<S = any>(
  game: string,
  players: { id: string; name: string }[],
  options: Record<string, unknown>,
  commands: Record<string, unknown>[],
  seed = 'table-test',
): Played<S> {
  const g = gameMatch(game)!;
  g.validateOptions?.({ players, options });
  // the states the game's own rules see: each fold's state (src/app/matches/match-game.ts)
  let fold = g.initialState({ players, options: structuredClone(options) });
  const initial = fold.state as S;
  let state = initial;
  const log: Logged<S>[] = [];
  commands.forEach((raw, step) => {
    const command = g.validate(structuredClone(raw) as never, options);
    const events = g.decide(
      command,
      fold,
      diceFor(command.dice, () => `${seed}-${step}`),
    );
    for (const event of events) {
      fold = g.evolve(fold, event);
      const after = fold.state as S;
      log.push({ event, before: state, after, step });
      state = after;
    }
  });
  return { initial, state, log, options };
}

/** Everything `reader` can read of a played match, as JSON: the initial and final state, the options, every event. */
export function readable<S>(rules: TableRules<S>, p: Played<S>, reader: Reader): string {
  return JSON.stringify({
    initial: rules.viewState(p.initial, reader),
    state: rules.viewState(p.state, reader),
    options: rules.viewOptions(p.options, reader),
    events: p.log.map((e) => rules.viewEvent(e.event, reader, { before: e.before, after: e.after })),
  });
}

/** The readers of a match: each player, then the spectator (null). */
export const readers = (players: { id: string }[]): Reader[] => [...players.map((p) => p.id), null];
