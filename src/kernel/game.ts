/**
 * A game as the service meets it, once (after boardgame.io's `core/game.ts`): each game's folder
 * exports one `Game` from its `index.ts` — its id and names, its match (decider, table rules,
 * commands, option checks), its stateless operations, its event types and its guide — and
 * src/games/index.ts lists the games. Every registry of the service (game ids, the create-match
 * schema, the command catalogue, the event types, the operations, GET /v1/games) is derived from
 * that list, so adding a game touches its own folder and that list only.
 */
import type { TSchema } from '@sinclair/typebox';
import type { EventDefinition } from './event-definition.js';
import type { GameCommand, GameEvent } from './decider.js';
import type { MatchRules } from './match-game.js';
import type { Operation } from './operation.js';

/** A player as a match names it. */
export interface SeatedPlayer {
  id: string;
  name: string;
}

/** A command as a guide lists it: its type and members, sent as written. */
export type GuideCommand = { type: string; [member: string]: unknown };

/**
 * What GET /v1/games/{game}/commands teaches (CONTRACT §8.2): a match body (`players`, `options`)
 * and the commands that take it into play, after which the game's first listed command (its
 * example, or `first.example`) is accepted.
 */
export interface GameGuide {
  setup: { players: SeatedPlayer[]; options: Record<string, unknown>; commands: GuideCommand[] };
  /** The command listed first: accepted right after the setup, with `example` when its documented one is not. */
  first: { type: string; example?: Record<string, unknown> };
}

/** GET /v1/games: a game's id, name and printings. */
export interface GameInfo {
  id: string;
  name: string;
  /** The printings a match may follow (`options.edition`), where the game has several. */
  editions?: string[];
}

/** Everything the service needs of one game (its folder's `index.ts`). */
export interface Game<Id extends string = string> extends GameInfo {
  id: Id;
  /** The description of the game's tag in the API documentation (its operations are tagged with its `id`). */
  tag: string;
  /** The prefix of its command and event types (`eden`, `soe`…): `<prefix>.<snake_case>`; those types are written by the rules engine only. */
  prefix: string;
  /** Its matches: typed rules, a schema per command type, option checks (erased by `loadGame`, match-game.ts). */
  match: MatchRules<any, any, any>;
  /** Its stateless operations, in documentation order (each also a match command through the resolution log where the game keeps one). */
  operations: readonly Operation<any>[];
  /** Every event type its matches write: current schema version, schema, upcasters. */
  events: readonly EventDefinition[];
  guide: GameGuide;
  /** The schema of `state` as GET /v1/matches/{id} answers it to any viewer, redacted views included (CONTRACT §8.1, §9.3): `<Game>MatchState`. */
  stateSchema: TSchema;
}

/** A game's entry, its id kept as a literal type (GameId is the union of the listed games' ids). */
export function defineGame<const Id extends string, S extends object, C extends GameCommand, E extends GameEvent>(game: Game<Id> & { match: MatchRules<S, C, E> }): Game<Id> {
  return game;
}
