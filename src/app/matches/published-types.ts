/**
 * What the service publishes about each game's matches besides its commands (CONTRACT §9.3): the
 * schema of its `state` (`<Game>MatchState`, declared in the game's folder) and, for every event
 * type its matches write, the schema of the event's `data` at its current version — the schema its
 * folder declares or generates (`npm run events:schemas`), with the game's named shapes beside it.
 * Read by the OpenAPI document (http/openapi/match-types.ts); derived from the one list of games.
 */
import type { TSchema } from '@sinclair/typebox';
import { GAME_REGISTRIES } from '../game-registry.js';

export interface PublishedEvent {
  type: string;
  schemaVersion: number;
  /** `<Game><Type>` in PascalCase (`eden.band_registered` → `EdenBandRegistered`; a resolution log's `exsilium.combat.resolved` → `ExsiliumCombatResolution`). */
  name: string;
  description: string;
  /** The data's schema, or undefined where the game declares none (any JSON). */
  schema?: TSchema;
}

export interface PublishedGameTypes {
  game: string;
  /** The game's id in PascalCase (`spirit-of-eden` → `SpiritOfEden`): the prefix of its shapes' names. */
  pascal: string;
  state: TSchema;
  events: PublishedEvent[];
}

/** A type or id in PascalCase, as the published shapes are named: `eden.band_registered` → `EdenBandRegistered`. */
export const pascalCase = (words: string) =>
  words
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** An event type's name: a resolution (`<operation id>.resolved`, the operation's id holding a dot) is named after its operation, apart from the game's own `…_resolved` facts. */
const eventName = (type: string) => (type.split('.').length > 2 && type.endsWith('.resolved') ? `${pascalCase(type.slice(0, -'.resolved'.length))}Resolution` : pascalCase(type));

export function publishedMatchTypes(): PublishedGameTypes[] {
  return GAME_REGISTRIES.ids.map((id) => {
    const game = GAME_REGISTRIES.game(id)!;
    return {
      game: id,
      pascal: pascalCase(id),
      state: game.stateSchema,
      events: game.events.map((e) => ({
        type: e.type,
        schemaVersion: e.schemaVersion,
        name: eventName(e.type),
        description: e.description,
        ...(e.schema ? { schema: e.schema } : {}),
      })),
    };
  });
}
