/**
 * How a stored event type is read (CONTRACT §8.2): its current schema version, its schema where one
 * is declared, and its upcasters. Whatever reads a stored event (GET /events, feeds, GraphQL, the
 * fold) sees it upcast to the current version of its type, and a command stores each event under
 * its type's current version. A game declares its event types in its entry (src/games/<game>/index.ts)
 * with `gameEvents`.
 */
import { Type, type TSchema } from '@sinclair/typebox';

export interface EventDefinition {
  type: string;
  /** Current schema version. */
  schemaVersion: number;
  /** The data's schema at the current version, where its shape is declared as one (else the game's TypeScript type is the shape). */
  schema?: TSchema;
  /** upcasters[v] turns data of version v into data of version v + 1. */
  upcasters: Record<number, (data: any) => unknown>;
  description: string;
}

/**
 * How a game reads one of its event types whose stored data changed (src/games/<game>/match/event-versions.ts):
 * its current schema version and the upcaster of every earlier version (`upcasters[v]`: data of version v → version v + 1).
 */
export type EventVersion = Omit<EventDefinition, 'type' | 'schema'>;

/** The JSON Schemas of a game's full-match event data, generated from its TypeScript event type (`npm run events:schemas`). */
export interface GeneratedEventSchemas {
  events: Readonly<Record<string, unknown>>;
  $defs: Readonly<Record<string, unknown>>;
}

/**
 * A game's full-match event types: version 1 (the decider's event data, its schema generated from
 * the game's TypeScript event type, with the game's named shapes `$defs` beside it), unless the
 * game's `versions` says a type's data changed since (its version, upcasters and description).
 */
export function gameEvents(label: string, types: Iterable<string>, schemas: GeneratedEventSchemas, versions: Readonly<Record<string, EventVersion>> = {}): EventDefinition[] {
  return [...types].map((type) => {
    const generated = Object.hasOwn(schemas.events, type) ? Type.Unsafe({ ...(schemas.events[type] as object), $defs: schemas.$defs }) : undefined;
    const v1: EventDefinition = { type, schemaVersion: 1, schema: generated, upcasters: {}, description: `${label} full-match event (v1: the decider's event data).` };
    return Object.hasOwn(versions, type) ? { ...v1, ...versions[type] } : v1;
  });
}
