/**
 * Every registry the service keeps of its games, derived from one list (src/games/index.ts): the ids
 * and GET /v1/games, the create-match `Game` schema, the games as the match service runs them, the
 * engine's event types and the prefixes reserved for them, the stateless operations, and the API
 * documentation's tags. `registriesOf` is pure, so a test can build them from a list with one game
 * more (tests/unit/matches/fifth-game.test.ts): adding a game touches its folder and the list only.
 */
import { Type, type TLiteral, type TUnion } from '@sinclair/typebox';
import type { EventDefinition } from '../kernel/event-definition.js';
import type { Game, GameInfo } from '../kernel/game.js';
import { loadGame, type LoadedGame } from '../kernel/match-game.js';
import type { Operation } from '../kernel/operation.js';
import { own } from '../kernel/records.js';
import { GAMES, type GameId } from '../games/index.js';

export interface GameRegistries<Id extends string = string> {
  ids: Id[];
  /** GET /v1/games: each game's id, name and printings. */
  info: GameInfo[];
  /** The create-match body's `game`. */
  gameSchema: TUnion<TLiteral<Id>[]>;
  /** A game's entry by id (undefined for an unknown one). */
  game(id: string): Game<Id> | undefined;
  /** A game as the match service runs it, by id (undefined for an unknown one). */
  loaded(id: string): LoadedGame | undefined;
  /** Every event type the games' matches write. */
  events: EventDefinition[];
  /** Event types the rules engine owns (written by commands only): each game's id and command prefix, then a dot. */
  reservedPrefixes: string[];
  /** The games' stateless operations, game by game. */
  operations: Operation<any>[];
  /** The API documentation's tag of each game. */
  tags: { name: Id; description: string }[];
}

export function registriesOf<Id extends string>(games: readonly Game<Id>[]): GameRegistries<Id> {
  const byId = Object.fromEntries(games.map((g) => [g.id, g])) as Record<string, Game<Id>>;
  let loaded: Record<string, LoadedGame> | undefined;
  return {
    ids: games.map((g) => g.id),
    info: games.map(({ id, name, editions }) => ({ id, name, ...(editions ? { editions } : {}) })),
    gameSchema: Type.Union(
      games.map((g) => Type.Literal(g.id)),
      { title: 'Game' },
    ),
    game: (id) => own(byId, id),
    loaded: (id) => {
      loaded ??= Object.fromEntries(games.map((g) => [g.id, loadGame(g.match)]));
      return own(loaded, id);
    },
    events: games.flatMap((g) => g.events),
    reservedPrefixes: [...new Set(games.flatMap((g) => [`${g.id}.`, `${g.prefix}.`]))],
    operations: games.flatMap((g) => g.operations),
    tags: games.map((g) => ({ name: g.id, description: g.tag })),
  };
}

/** The registries of the service's games (src/games/index.ts). */
export const GAME_REGISTRIES: GameRegistries<GameId> = registriesOf<GameId>(GAMES);
