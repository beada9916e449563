/**
 * The match service keeps the latest fold of a match between commands (src/app/matches/fold-cache.ts)
 * and hands the same state to the next command's decide and evolve. That is only safe when no
 * game's initialState, evolve or decide writes into a state it was given: here every state is deeply
 * frozen before it is handed on (a write to a frozen object throws in a module), through the
 * recorded match log of every game and the commands recorded after it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diceFor } from '../../../src/kernel/dice/index.js';
import { gameMatch } from '../../../src/app/matches/games.js';
import type { Command, MatchFold } from '../../../src/kernel/match-game.js';
import { withdrawnVersions, CORRECTION_EVENT } from '../../../src/app/matches/events.js';

interface MatchLog {
  game: string;
  players: { id: string; name: string }[];
  options: Record<string, unknown>;
  events: { version: number; type: string; data: unknown }[];
  lastCommand: { fromVersion: number; command: Command; seed: string };
  next: { command: Command; status: number };
}

const DIR = fileURLToPath(new URL('../../fixtures/match-logs/', import.meta.url));
const LOGS: MatchLog[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as MatchLog);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

describe('match states are never written in place (the cached fold is shared between commands)', () => {
  for (const log of LOGS) {
    it(`${log.game}: initialState, evolve and decide leave the states they are given unchanged`, () => {
      const g = gameMatch(log.game)!;
      const withdrawn = withdrawnVersions(log.events);
      const setup = deepFreeze({ players: structuredClone(log.players), options: structuredClone(log.options) });
      let state = deepFreeze(g.initialState(setup));
      const states = [state];
      for (const e of log.events) {
        if (e.type === CORRECTION_EVENT || withdrawn.has(e.version)) continue;
        state = deepFreeze(g.evolve(state, deepFreeze(structuredClone(e))));
        states.push(state);
      }
      // the recorded commands, decided on frozen states (a refusal is fine, a write is not)
      const tries: [Command, MatchFold][] = [
        [log.next.command, state],
        [log.lastCommand.command, states[log.lastCommand.fromVersion] ?? state],
      ];
      for (const [command, at] of tries) {
        try {
          const checked = g.validate(structuredClone(command), log.options);
          const events = g.decide(
            checked,
            at,
            diceFor(checked.dice, () => log.lastCommand.seed),
          );
          let next = at;
          for (const e of events) next = deepFreeze(g.evolve(next, deepFreeze(e)));
        } catch (error) {
          expect(error).not.toBeInstanceOf(TypeError);
        }
      }
      expect(states.length).toBeGreaterThan(1);
    });
  }
});
