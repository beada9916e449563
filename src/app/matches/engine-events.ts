/**
 * The rules engine's event types (`eden.*`, `anima.*`, `exsilium.*`, `soe.*`), each with its own
 * schema version and upcasters (CONTRACT §8.2: stored events are the game's facts and outlive
 * releases). events.ts looks them up beside the generic `match.*` events: whatever reads a stored
 * event (GET /events, feeds, GraphQL, the fold) sees it upcast to the current version of its type,
 * and a command stores each event under its type's current version.
 *
 * - The full-match events of every game are at version 1: their data is the TypeScript event type
 *   of the game's decider (EdenEvent, AnimaEventData, Exsilium's TableEvent, The Spirit of Eden's
 *   evolve), and the lists below are the games' own (each fold is exhaustive over them); a type
 *   whose data changed since has its version and upcasters in the game's match/event-versions.ts
 *   (EDEN's attack events, Exsilium's combat: v2, the facts only).
 * - `<operation id>.resolved` (Ánima, Exsilium, The Spirit of Eden, resolution-log.ts) is at
 *   version 2 `{kind, request, dice}`, with a TypeBox schema (the request is the operation's body);
 *   v1 `{kind, request, result}` is upcast by `upcastResolutionV1`.
 * - Every full-match event type has a JSON Schema of its data, generated from the game's TypeScript
 *   event type (`npm run events:schemas` → src/games/<game>/match/events.schema.ts); it documents
 *   and tests the data (tests/unit/matches/event-schemas.test.ts) and is never checked by the fold.
 * Changing an event's data: bump its `schemaVersion` here and add `upcasters[old]` (data of the old
 * version → the next), as for `match.note`.
 */
import { EDEN_EVENT_TYPES } from '../../games/eden/match/index.js';
import { ANIMA_EVENT_TYPES } from '../../games/anima/match/index.js';
import { TABLE_EVENT_TYPES as EXSILIUM_EVENT_TYPES } from '../../games/exsilium/match/index.js';
import { SPIRIT_EVENT_TYPES } from '../../games/spirit-of-eden/match/evolve.js';
import { EDEN_EVENT_VERSIONS } from '../../games/eden/match/event-versions.js';
import { EXSILIUM_EVENT_VERSIONS } from '../../games/exsilium/match/event-versions.js';
import { SPIRIT_EVENT_VERSIONS } from '../../games/spirit-of-eden/match/event-versions.js';
import { EDEN_EVENT_SCHEMAS } from '../../games/eden/match/events.schema.js';
import { ANIMA_EVENT_SCHEMAS } from '../../games/anima/match/events.schema.js';
import { EXSILIUM_EVENT_SCHEMAS } from '../../games/exsilium/match/events.schema.js';
import { SPIRIT_EVENT_SCHEMAS } from '../../games/spirit-of-eden/match/events.schema.js';
import { Type, type TSchema } from '@sinclair/typebox';
import type { EventDefinition } from '../../kernel/event-definition.js';
import { ANIMA_RESOLVED_EVENTS } from '../../games/anima/commands/index.js';
import { EXSILIUM_RESOLVED_EVENTS } from '../../games/exsilium/commands/index.js';
import { SPIRIT_RESOLVED_EVENTS } from '../../games/spirit-of-eden/commands/index.js';

export type { EventDefinition } from '../../kernel/event-definition.js';

const GENERATED = [EDEN_EVENT_SCHEMAS, ANIMA_EVENT_SCHEMAS, EXSILIUM_EVENT_SCHEMAS, SPIRIT_EVENT_SCHEMAS];

/** The generated schema of a full-match event type's data, with its game's named shapes (`$defs`) beside it. */
function generatedSchema(type: string): TSchema | undefined {
  const game = GENERATED.find((g) => Object.hasOwn(g.events, type));
  return game && Type.Unsafe({ ...game.events[type], $defs: game.$defs });
}

/** A full-match event type of `game` at version 1 (no upcaster yet). */
const fullMatch =
  (game: string) =>
  (type: string): EventDefinition => ({
    type,
    schemaVersion: 1,
    schema: generatedSchema(type),
    upcasters: {},
    description: `${game} full-match event (v1: the decider's event data).`,
  });

/** The game's own version of a type that changed (src/games/<game>/match/event-versions.ts) over its v1 definition. */
const versioned =
  (versions: Readonly<Record<string, Omit<EventDefinition, 'type'>>>) =>
  (d: EventDefinition): EventDefinition =>
    Object.hasOwn(versions, d.type) ? { ...d, ...versions[d.type] } : d;

export const ENGINE_EVENTS: EventDefinition[] = [
  ...EDEN_EVENT_TYPES.map(fullMatch('EDEN')).map(versioned(EDEN_EVENT_VERSIONS)),
  ...[...ANIMA_EVENT_TYPES].map(fullMatch('Ánima')),
  ...[...EXSILIUM_EVENT_TYPES].map(fullMatch('Exsilium')).map(versioned(EXSILIUM_EVENT_VERSIONS)),
  ...SPIRIT_EVENT_TYPES.map(fullMatch('The Spirit of Eden')).map(versioned(SPIRIT_EVENT_VERSIONS)),
  ...ANIMA_RESOLVED_EVENTS,
  ...EXSILIUM_RESOLVED_EVENTS,
  ...SPIRIT_RESOLVED_EVENTS,
];
