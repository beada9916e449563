/**
 * Event schemas (TypeBox) with a `schemaVersion` per event type, and upcasters: an event stored
 * under an older schema version of its type is upgraded step by step (v1 → v2 → …) whenever it is
 * read, so projections and clients only ever see the current shape. The generic events are here,
 * the rules engine's in engine-events.ts.
 *
 * Generic events (`match.*`) may be appended by clients through POST /v1/matches/{id}/events; the
 * rules engine's own events (`eden.*`, `anima.*`, …) are written only by commands, so a match log
 * always folds. Other event types are free-form: stored as sent and ignored by the projection.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { InvalidInput, prefixProblems } from '../../kernel/errors.js';
import { compile, toProblems } from '../../kernel/validate.js';
import type { EventDefinition } from '../../kernel/event-definition.js';
import { DECISION_EVENTS, DECLARED, PART_SEALED, PASSED, RESPONDED } from '../../kernel/decisions.js';
import { TAKEBACK, TAKEBACK_REFUSED, takenBack } from '../../kernel/takeback.js';
import { ENGINE_EVENTS, RESERVED_PREFIXES } from './engine-events.js';

const GENERIC_EVENTS: (EventDefinition & { schema: TSchema })[] = [
  {
    type: 'match.note',
    schemaVersion: 2,
    // v1 was {text}; v2 added the author (null for notes written before).
    schema: Type.Object({ text: Type.String({ maxLength: 10_000 }), author: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]) }),
    upcasters: { 1: (d: { text: string }) => ({ ...d, author: null }) },
    description: 'A free-text note in the match log (v2: `{text, author}`; v1 `{text}` is read as author null).',
  },
  {
    type: 'match.score_adjusted',
    schemaVersion: 1,
    schema: Type.Object({
      player: Type.String({ maxLength: 200 }),
      delta: Type.Integer({ minimum: -1000, maximum: 1000 }),
      reason: Type.Optional(Type.String({ maxLength: 1000 })),
    }),
    upcasters: {},
    description: 'A score adjustment agreed at the table (recorded, not applied by the rules engine).',
  },
  {
    type: 'match.corrected',
    schemaVersion: 1,
    schema: Type.Object({
      reason: Type.String({ maxLength: 1000 }),
      undo: Type.Integer({ minimum: 1 }),
      withdraws: Type.Array(Type.Integer({ minimum: 1 })),
      by: Type.Object({ id: Type.String(), name: Type.String() }),
    }),
    upcasters: {},
    description:
      'A correction (POST /v1/matches/{id}/corrections only): the events at `withdraws` no longer count for the projection; the log keeps them. Corrections are never withdrawn themselves.',
  },
];

const Player = Type.String({ maxLength: 200 });
const Command = Type.Object({ type: Type.String({ maxLength: 200 }) }, { additionalProperties: true });

/** The events of decisions taken from the players' own seats (CONTRACT §9.1, src/kernel/decisions.ts): written by commands only. */
const DECISION_EVENT_DEFINITIONS: (EventDefinition & { schema: TSchema })[] = [
  {
    type: PART_SEALED,
    schemaVersion: 1,
    schema: Type.Object({ type: Type.String({ maxLength: 200 }), player: Player, command: Command }),
    upcasters: {},
    description:
      'One player’s sealed part of a command (a bid): `command` is hidden from every other player and spectator; the last part reveals them all in the game’s own event.',
  },
  {
    type: DECLARED,
    schemaVersion: 1,
    schema: Type.Object({ player: Player, command: Command, rule: Type.String({ maxLength: 100 }) }),
    upcasters: {},
    description: 'A command another player may answer before it resolves (a melee a target reacts to, a designation, a Cancellation, a fight): nothing is rolled or revealed yet.',
  },
  {
    type: RESPONDED,
    schemaVersion: 1,
    schema: Type.Object({ player: Player, command: Command }),
    upcasters: {},
    description: 'An answer to a declared command: `command` is hidden from the other viewers until the resolution reveals it.',
  },
  {
    type: PASSED,
    schemaVersion: 1,
    schema: Type.Object({ player: Player }),
    upcasters: {},
    description: 'A pending player declined to answer (`match.pass`).',
  },
  {
    type: TAKEBACK,
    schemaVersion: 1,
    schema: Type.Object({ player: Player, toVersion: Type.Integer({ minimum: 0 }), acceptedBy: Type.Array(Player) }),
    upcasters: {},
    description:
      'CONTRACT §9.2: a takeback every other player accepted (or the owner sent): from here the match reads as at `toVersion` — the events after it no longer count for the projection (listed in `withdrawn`); the log keeps them. Never withdrawn itself.',
  },
  {
    type: TAKEBACK_REFUSED,
    schemaVersion: 1,
    schema: Type.Object({ player: Player, toVersion: Type.Integer({ minimum: 0 }), refusedBy: Player }),
    upcasters: {},
    description: 'CONTRACT §9.2: a requested takeback one of the other players refused (`match.pass`); nothing is taken back.',
  },
];

/** The correction event: written only by the corrections use case, never appended by clients. */
export const CORRECTION_EVENT = 'match.corrected';

/** Events that withdraw earlier ones (a correction, an agreed takeback): never withdrawn themselves, skipped by the fold, and a fold after one is folded again from the log. */
export const isWithdrawing = (type: string): boolean => type === CORRECTION_EVENT || type === TAKEBACK;

/**
 * Versions withdrawn by the corrections and takebacks among `events` (a correction names the
 * versions it withdraws; a takeback every version after its `toVersion`). They count only until
 * the end of `events`, so a replay to version n shows the match as it was then.
 */
export function withdrawnVersions(events: readonly { type: string; data: unknown; version?: number }[]): Set<number> {
  const out = new Set<number>();
  const counted: number[] = [];
  events.forEach((e, i) => {
    const version = e.version ?? i + 1;
    if (e.type === CORRECTION_EVENT) {
      const withdraws = (e.data as { withdraws?: unknown } | null)?.withdraws;
      if (Array.isArray(withdraws)) for (const v of withdraws) if (Number.isInteger(v)) out.add(v as number);
    }
    const range = takenBack({ ...e, version });
    if (range) for (const v of counted) if (v >= range.from && v <= range.to) out.add(v);
    // corrections and takebacks are never withdrawn
    if (!isWithdrawing(e.type)) counted.push(version);
  });
  return out;
}

const byType = new Map<string, EventDefinition>([...GENERIC_EVENTS, ...DECISION_EVENT_DEFINITIONS, ...ENGINE_EVENTS].map((d) => [d.type, d]));

/** The definition of an event type: a generic `match.*` one or the rules engine's (engine-events.ts); none for free-form types. */
export function definitionOf(type: string): EventDefinition | undefined {
  return byType.get(type);
}

/**
 * The schema version an engine-written event is stored under: its type's current version
 * (engine-events.ts). A type without a definition is stored as 1 (tests/unit/matches/event-types.test.ts
 * checks that every type the games write has one).
 */
export function engineEventVersion(type: string): number {
  return byType.get(type)?.schemaVersion ?? 1;
}

/** Upgrade `data` from `from` to the current schema version of its type. */
export function upcast(type: string, schemaVersion: number, data: unknown): { schemaVersion: number; data: unknown } {
  const def = byType.get(type);
  if (!def || schemaVersion >= def.schemaVersion) return { schemaVersion, data };
  let v = schemaVersion;
  let d = data;
  while (v < def.schemaVersion) {
    const up = def.upcasters[v];
    if (up) d = up(d);
    v++;
  }
  return { schemaVersion: v, data: d };
}

/** Validate a client-appended event (after upcasting it) against its type's schema. */
export function checkClientEvent(index: number, type: string, schemaVersion: number | undefined, data: unknown): void {
  const def = byType.get(type);
  if (type === CORRECTION_EVENT) {
    throw new InvalidInput([{ path: `/events/${index}/type`, code: 'reserved_event_type', message: `"${type}" events are written by POST /v1/matches/{id}/corrections.` }]);
  }
  if (DECISION_EVENTS.includes(type)) {
    throw new InvalidInput([{ path: `/events/${index}/type`, code: 'reserved_event_type', message: `"${type}" events are written by the players' commands (CONTRACT §9.1).` }]);
  }
  if (RESERVED_PREFIXES.some((p) => type.startsWith(p))) {
    throw new InvalidInput([
      {
        path: `/events/${index}/type`,
        code: 'reserved_event_type',
        message: `"${type}" events are written by the rules engine: send a command to POST /v1/matches/{id}/commands.`,
      },
    ]);
  }
  if (!def?.schema) return;
  const version = schemaVersion ?? def.schemaVersion;
  if (version > def.schemaVersion) {
    throw new InvalidInput([{ path: `/events/${index}/schemaVersion`, code: 'unknown_schema_version', message: `"${type}" is at schema version ${def.schemaVersion}.` }]);
  }
  const upgraded = upcast(type, version, data).data;
  const fn = compile(def.schema);
  if (!fn(structuredClone(upgraded))) {
    throw new InvalidInput(
      prefixProblems(`/events/${index}/data`, toProblems(fn.errors ?? [])),
      `Event ${index} does not match the "${type}" schema (version ${def.schemaVersion}).`,
    );
  }
}
