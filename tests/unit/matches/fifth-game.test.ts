/**
 * A game is its folder and one line of src/games/index.ts: every registry of the service is derived
 * from the list of games (src/app/game-registry.ts). Here a fifth game — a coin flip, declared the
 * way a game's `index.ts` declares one — is added to the list, and every registry picks it up: its
 * id, GET /v1/games, the create-match schema, the loaded match (commands validated, decided,
 * folded, its flow), its event types and reserved prefix, its operations and its documentation tag.
 */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { GAMES } from '../../../src/games/index.js';
import { registriesOf } from '../../../src/app/game-registry.js';
import { defineGame } from '../../../src/kernel/game.js';
import { defineCommand, commandDocs, decideWith } from '../../../src/kernel/commands.js';
import { foldsOf } from '../../../src/kernel/folds.js';
import { openTable } from '../../../src/kernel/table.js';
import { defineOperation } from '../../../src/kernel/operation.js';
import { compile } from '../../../src/kernel/validate.js';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import type { MatchSetup } from '../../../src/kernel/decider.js';

interface CoinState {
  players: string[];
  flips: number;
  heads: number;
}
type CoinEvent = { type: 'coin.flipped'; data: { player: string; face: number } };

const folds = foldsOf<CoinState, CoinEvent>({ 'coin.flipped': (state, data) => ({ ...state, flips: state.flips + 1, heads: state.heads + (data.face === 1 ? 1 : 0) }) });
const FlipSchema = Type.Object({ type: Type.Literal('coin.flip'), player: Type.String({ minLength: 1 }) });
const commands = {
  'coin.flip': defineCommand({
    schema: FlipSchema,
    description: 'Flip the coin (COIN-1: heads on a 1).',
    example: { player: 'p1' },
    decide: (command, _state: CoinState, dice): CoinEvent[] => [{ type: 'coin.flipped', data: { player: command.player, face: dice.roll('coin', 1, 2)[0]! } }],
  }),
};
const coinOperation = defineOperation({
  id: 'coin.odds',
  method: 'POST',
  path: '/coin/odds',
  graphql: { name: 'coinOdds' },
  tags: ['coin'],
  summary: 'The chance of heads.',
  description: 'COIN-1.',
  body: Type.Object({}),
  response: Type.Object({ heads: Type.Number() }),
  handle: () => ({ heads: 0.5 }),
});

const coin = defineGame({
  id: 'coin',
  name: 'Coin',
  tag: 'Coin — a fifth game',
  prefix: 'coin',
  match: {
    game: 'coin',
    initialState: (setup: MatchSetup) => ({ players: setup.players.map((p) => p.id), flips: 0, heads: 0 }),
    decide: decideWith(commands, 'Coin'),
    evolve: folds.evolve,
    isEvent: folds.isEvent,
    other: (state) => state,
    table: openTable(
      (state: CoinState) => state.players,
      () => ['coin.flip'],
    ),
    outcome: (state) => ({ ended: state.heads >= 2, winners: [] }),
    progress: (state) => ({ phase: 'flipping', turn: state.flips }),
    commands: commandDocs(commands),
  },
  operations: [coinOperation],
  events: folds.types.map((type) => ({ type, schemaVersion: 1, upcasters: {}, description: 'A flip.' })),
  guide: { setup: { players: [{ id: 'p1', name: 'Ana' }], options: {}, commands: [] }, first: { type: 'coin.flip' } },
  stateSchema: Type.Object({ players: Type.Array(Type.String()), flips: Type.Integer(), heads: Type.Integer() }, { title: 'CoinMatchState' }),
});

describe('a fifth game added to the list of games', () => {
  const registries = registriesOf([...GAMES, coin]);

  it('is in every registry: ids, GET /v1/games, the create-match schema, events, prefixes, operations, tags', () => {
    expect(registries.ids).toEqual(['eden', 'anima', 'exsilium', 'spirit-of-eden', 'coin']);
    expect(registries.info.at(-1)).toEqual({ id: 'coin', name: 'Coin' });
    expect(compile(registries.gameSchema)('coin')).toBe(true);
    expect(compile(registries.gameSchema)('checkers')).toBe(false);
    expect(registries.events.filter((e) => e.type.startsWith('coin.')).map((e) => e.type)).toEqual(['coin.flipped']);
    expect(registries.reservedPrefixes).toContain('coin.');
    expect(registries.operations.at(-1)).toBe(coinOperation);
    expect(registries.tags.at(-1)).toEqual({ name: 'coin', description: 'Coin — a fifth game' });
    expect(registries.game('coin')).toBe(coin);
  });

  it('is played through the kernel like the others: validated, decided with the dice, folded, its flow and outcome (COIN-1)', () => {
    const match = registries.loaded('coin')!;
    expect(match.game).toBe('coin');
    let fold = match.initialState({ players: [{ id: 'p1', name: 'Ana' }], options: {} });
    expect(() => match.validate({ type: 'coin.flip' })).toThrow();
    for (const face of [1, 2, 1]) {
      const events = match.decide(match.validate({ type: 'coin.flip', player: 'p1' }), fold, new FixedDice([face]));
      expect(events).toEqual([{ type: 'coin.flipped', data: { player: 'p1', face } }]);
      for (const e of events) fold = match.evolve(fold, e);
    }
    expect(fold.state).toMatchObject({ flips: 3, heads: 2, outcome: { ended: true, winners: [] } });
    expect(match.flow(fold)).toMatchObject({ phase: 'ended', turn: 3, moves: [] });
    // the game's command, and the table's own that every game has (a takeback by consent, CONTRACT §9.2)
    expect(Object.keys(match.commands)).toEqual(['coin.flip', 'match.request_takeback', 'match.accept_takeback']);
  });

  it('leaves the service’s own registries as they are (the list has four games)', () => {
    expect(registriesOf(GAMES).ids).toEqual(['eden', 'anima', 'exsilium', 'spirit-of-eden']);
  });
});
