/**
 * CONTRACT §8.1 / §9.1: `moves` is exact. Over every scripted table (tests/fixtures/tables), at every
 * version, for every seat: each move it lists passes the seat check (never 403 `not_your_seat`, the
 * type given to that player now), and the step a seat sends next is among its moves (the flow never
 * leaves out what the rules give that player). A seat's steps are decided as that seat (`as`).
 */
import { describe, expect, it } from 'vitest';
import { diceFor } from '../../../src/kernel/dice/index.js';
import { gameMatch } from '../../../src/app/matches/games.js';
import { assertSeatMayAct } from '../../../src/app/matches/views.js';
import type { Command } from '../../../src/kernel/match-game.js';
import { script as eden } from '../../fixtures/tables/eden.js';
import { script as anima } from '../../fixtures/tables/anima.js';
import { script as exsilium } from '../../fixtures/tables/exsilium.js';
import { script as spirit } from '../../fixtures/tables/spirit-of-eden.js';

describe('moves are exact at every version of every scripted table (CONTRACT §9.1)', () => {
  for (const script of [eden, anima, exsilium, spirit]) {
    it(`${script.game}: a listed move is the seat's; the seat's next step is listed`, () => {
      const match = gameMatch(script.game)!;
      const setup = { players: script.players, options: script.options };
      let fold = match.initialState(setup);
      let checked = 0;
      script.steps.forEach((step, i) => {
        const moves = match.flow(fold).moves;
        for (const p of script.players) {
          const viewer = { kind: 'seat' as const, playerId: p.id };
          for (const move of moves.filter((m) => m.player === p.id)) {
            expect(() => assertSeatMayAct(match, viewer, { type: move.type, player: p.id }, fold), `step ${i}: ${move.type} listed for ${p.id}`).not.toThrow();
            checked++;
          }
        }
        if (step.by !== 'owner') {
          expect(
            moves.some((m) => m.player === step.by && m.type === step.command.type),
            `step ${i}: ${String(step.command.type)} by ${step.by} not among its moves ${JSON.stringify(moves)}`,
          ).toBe(true);
        }
        const command = match.validate(structuredClone(step.command) as Command, setup.options);
        const as = step.by === 'owner' ? undefined : step.by;
        for (const event of match.decide(
          command,
          fold,
          diceFor(command.dice, () => 'moves-exact'),
          as,
        ))
          fold = match.evolve(fold, event);
      });
      expect(checked).toBeGreaterThan(0);
    });
  }
});
