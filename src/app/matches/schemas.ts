/** TypeBox schemas of the match endpoints (CONTRACT §5); the same schemas validate GraphQL input. */
import { typedForGraphql } from '../../kernel/schemas/graphql-view.js';
import { typedEventView } from './event-data-view.js';
import { Type } from '@sinclair/typebox';
import { GAME_REGISTRIES } from '../game-registry.js';
import { UnknownMemberWarningsSchema } from '../../kernel/unknown-members.js';
import { DiceTranscriptSchema } from '../../kernel/schemas/common.js';

export const GameSchema = GAME_REGISTRIES.gameSchema;

const PlayerSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }), name: Type.String({ minLength: 1, maxLength: 200 }) });

export const CreateMatchBody = Type.Object(
  {
    game: GameSchema,
    players: Type.Array(PlayerSchema, { minItems: 1, maxItems: 16, description: 'EDEN: exactly two; the first is player "A", the second "B".' }),
    options: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          maxProperties: 50,
          description:
            'EDEN: `edition` ("es" default, "de"), `turns` (default 5, EDEN-GAME-1), and the optional rules (ES printing): `weather` (true, or 1–3 conditions rolled before preparation, EDEN-WEATHER), `territory` (true: scenery placed for 8 Scenery Points each, EDEN-TERRAIN), `infestation` (true, a level, or `{level}`: NPCs placed and activated, EDEN-NPC).',
        },
      ),
    ),
  },
  { title: 'CreateMatchRequest' },
);

export const MatchCreated = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    game: GameSchema,
    version: Type.Integer(),
    players: Type.Array(PlayerSchema),
    options: Type.Object({}, { additionalProperties: true, description: 'The options the match was created with (an open map, as sent).' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'MatchCreated' },
);

const NewEventSchema = Type.Object(
  {
    type: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_.:-]+$',
      description: 'Free-form, or a generic type (`match.note`). Rules-engine types (`eden.*`, …) are written by commands only.',
    }),
    data: Type.Optional(Type.Unknown({ description: "Any JSON; validated against the type's schema when the type is known." })),
    schemaVersion: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'Schema version of `data` (default: the current one); older versions are upcast when read.' }),
    ),
  },
  { title: 'NewMatchEvent' },
);

export const AppendEventsBody = Type.Object(
  {
    expectedVersion: Type.Integer({ minimum: 0, maximum: 2_000_000_000, description: 'The version the client last saw; another one → 409 with `currentVersion`.' }),
    events: Type.Array(NewEventSchema, { minItems: 1, maxItems: 1000 }),
  },
  { title: 'AppendEventsRequest' },
);

const EventOutRest = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    type: Type.String(),
    schemaVersion: Type.Integer(),
    data: Type.Unknown({ description: 'The event data: any JSON for a free-form type.' }),
    recordedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'MatchEvent' },
);

/** An event as REST answers it; GraphQL adds `gameData`, its data typed (./event-data-view.ts). */
export const EventOut = typedForGraphql(EventOutRest, typedEventView(EventOutRest));

export const AppendedSchema = Type.Object({ version: Type.Integer(), events: Type.Array(EventOut) }, { title: 'AppendedEvents' });

export const RunCommandBody = Type.Object(
  {
    expectedVersion: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2_000_000_000,
        description: 'When given, a match at another version → 409; when absent the command runs against the current state (retried on a concurrent append).',
      }),
    ),
    command: Type.Object(
      {
        type: Type.String({ minLength: 1, maxLength: 200, description: 'e.g. `eden.melee`, `eden.activate`, `eden.upkeep`, `anima.exploration`.' }),
        dice: Type.Optional(Type.Unknown({ description: 'As for the stateless endpoints (CONTRACT §1); the transcript is recorded in the events.' })),
      },
      {
        additionalProperties: true,
        description: "The command; the rest of its members are the command's body (validated per type). (GraphQL: JSON, as its members depend on `type`.)",
      },
    ),
  },
  { title: 'MatchCommandRequest' },
);

export const CommandResult = Type.Object(
  {
    version: Type.Integer(),
    events: Type.Array(EventOut),
    state: Type.Unknown({ description: 'The projection after the command. (GraphQL: JSON: each game projects its own state.)' }),
    // every die the command rolled, with what each was for (present when it rolled): see the description
    dice: Type.Optional(DiceTranscriptSchema),
    warnings: Type.Optional(UnknownMemberWarningsSchema),
  },
  {
    title: 'MatchCommandResult',
    description:
      'The command’s events, the state after them and, when it rolled, `dice`: every die in consumption order with what each was for (`?rollFormat=foundry` turns it into Foundry rolls; the events keep only the faces drawn; a seat’s answer has `seed` null and no deck shuffle’s draws, which would give the new order of a deck).',
  },
);

/** Who an answer was read as (CONTRACT §8.1). */
const MatchViewerSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('owner'), Type.Literal('seat'), Type.Literal('spectator')]),
    playerId: Type.Optional(Type.String({ description: 'The seat’s player.' })),
    preview: Type.Optional(Type.Literal(true, { description: 'The owner previews this view (`?as=`).' })),
  },
  { title: 'MatchViewer' },
);

export const MatchViewSchema = Type.Object(
  {
    id: Type.String(),
    game: GameSchema,
    version: Type.Integer(),
    players: Type.Array(PlayerSchema),
    options: Type.Object({}, { additionalProperties: true, description: 'The options the match was created with (an open map, as sent).' }),
    createdAt: Type.String({ format: 'date-time' }),
    viewer: Type.Optional(MatchViewerSchema),
    state: Type.Unknown({
      description:
        'The projection (fold) of the events up to `version`, as `viewer` may see it: a seat or spectator reads `{"hidden": true}` in place of what the rules keep from it (CONTRACT §8.1). (GraphQL: JSON: each game projects its own state.)',
    }),
    withdrawn: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          'Versions withdrawn by corrections and agreed takebacks (CONTRACT §9.2; present only when there are some): they no longer count for the state; the log keeps them.',
      }),
    ),
  },
  { title: 'MatchView' },
);

export const EventPage = Type.Object(
  {
    events: Type.Array(EventOut),
    from: Type.Integer(),
    next: Type.Integer({ description: 'The `from` of the next page.' }),
    nextFrom: Type.Integer({ description: 'Same as `next`.' }),
  },
  { title: 'MatchEventPage' },
);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const ViewQuery = Type.Object({
  version: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000_000, description: 'The state at an earlier version (replay).' })),
  as: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Owner only (CONTRACT §8.1): preview the view of a player (`as=<playerId>`) or of a spectator (`as=spectator`); `viewer` then says `preview: true`. A seat or spectator token → 403 `owner_only`.',
    }),
  ),
});
export const CommandQuery = Type.Object({
  as: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Owner only (CONTRACT §9.1): send the command for one player (`as=<playerId>`, a bot or VTT host relaying it): it acts as that seat — it decides that player’s part only, a decision it opens waits for the others — and answers in that seat’s view. A seat or spectator token → 403 `owner_only`; a player not in the match → 400 `unknown_player`.',
    }),
  ),
});
export const EventsQuery = Type.Object({
  from: Type.Integer({ minimum: 1, maximum: 2_000_000_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
export const FeedQuery = Type.Object({
  from: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_000_000_000, description: 'First version to send (default: only events after the current version). `Last-Event-ID` wins over it.' }),
  ),
  follow: Type.Optional(Type.Boolean({ default: true, description: 'false: send what exists and close.' })),
});
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Repeating a key returns the first answer and appends nothing; the same key with another body → 422 `idempotency_key_reused`.',
    }),
  ),
});
