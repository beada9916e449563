/**
 * GraphQL for matches (CONTRACT §5): the same use cases and TypeBox schemas as the REST routes.
 * Types come from those schemas (match `state`, event `data` and `options` stay JSON: open maps).
 * Queries `match` / `matchEvents`, mutations `createMatch` / `appendEvents` / `runCommand`, and the
 * subscription `matchEvents(id, after)` pushing each new event (catch-up first, then live). The
 * summaries in `state` are rendered in the request's Accept-Language (en, es, de), as on REST.
 */
import { Type } from '@sinclair/typebox';
import type { GraphqlExtension } from '../extension.js';
import { publishedMatchTypes } from '../../app/matches/published-types.js';
import { AppendEventsBody, AppendedSchema, CommandResult, CreateMatchBody, EventOut, EventPage, MatchCreated, MatchViewSchema, RunCommandBody } from '../../app/matches/schemas.js';
import { follow } from '../../app/matches/notifier.js';
import { commandViewer } from '../../app/matches/views.js';
import { matchesOf } from '../../transport/services.js';
import { asGraphqlError } from '../errors.js';
import { gql } from '../types/graphql-js.js';
import { callerLanguage as lang, matchCaller, owner, type GraphqlContext as Ctx } from '../caller.js';
import { untilRevoked } from '../revocation.js';
import { InvalidInput, NotFound } from '../../kernel/errors.js';
import { guarded, idempotencyKey as key, input } from '../resolve.js';

function fail(error: unknown): never {
  return asGraphqlError(error);
}

const nonNegative = (v: unknown, path: string, fallback: number, min = 0): number => {
  if (v === undefined || v === null) return fallback;
  if (!Number.isInteger(v) || (v as number) < min) throw new InvalidInput([{ path, code: 'minimum', message: `must be an integer ≥ ${min}` }]);
  return v as number;
};

const { GraphQLID, GraphQLInt, GraphQLNonNull, GraphQLString } = gql;
const id = { type: new GraphQLNonNull(GraphQLID) };
const idempotency = { type: GraphQLString, description: 'As the Idempotency-Key header: repeating it returns the first answer and appends nothing.' };

/**
 * CONTRACT §9.3: `gameState` is `state` typed — the union of every game's `<Game>MatchState` (the
 * member is the match's game); `state` stays the same value as JSON.
 */
const GameState = Type.Union(
  publishedMatchTypes().map((g) => g.state),
  { description: 'The same value as `state`, typed: the match’s game’s `<Game>MatchState`.' },
);
const TypedMatchView = Type.Object({ ...MatchViewSchema.properties, gameState: GameState }, { title: 'MatchView', description: MatchViewSchema.description });
const TypedCommandResult = Type.Object({ ...CommandResult.properties, gameState: GameState }, { title: 'MatchCommandResult', description: CommandResult.description });
export const withGameState = (answer: unknown) => ({ ...(answer as object), gameState: (answer as { state?: unknown }).state });

/** `runCommand`'s answer type (also `playCommand`'s, ./typed-commands.ts). */
export const typedCommandResult = (t: Parameters<GraphqlExtension['fields']>[0]) => t.output(TypedCommandResult, 'CommandResult').type;

export const matchesGraphql: GraphqlExtension = {
  fields: (t) => {
    const event = t.output(EventOut, 'MatchEvent').type;
    return {
      query: {
        match: {
          type: t.output(TypedMatchView, 'Match').type,
          description:
            'A match with its state (the projection of its events) as the caller may see it: the owner’s API key, or a seat or spectator token of this match (CONTRACT §8.1); `version` replays up to it. Same as GET /v1/matches/{id}.',
          args: { id, version: { type: GraphQLInt }, as: { type: GraphQLString, description: 'Owner only: preview the view of a player id or `spectator` (as `?as=`).' } },
          resolve: (_: unknown, args: { id: string; version?: number | null; as?: string | null }, ctx: Ctx) =>
            guarded(async () =>
              withGameState(
                await matchesOf(ctx.app).reads.viewFor(
                  await matchCaller(ctx, args.id),
                  args.id,
                  {
                    ...(args.version != null ? { version: args.version } : {}),
                    ...(args.as != null ? { as: args.as } : {}),
                  },
                  lang(ctx),
                ),
              ),
            ),
        },
        matchEvents: {
          type: t.output(EventPage, 'MatchEventPage').type,
          description: 'Events in version order with the next `from`. Same as GET /v1/matches/{id}/events.',
          args: { id, from: { type: GraphQLInt }, limit: { type: GraphQLInt } },
          resolve: (_: unknown, args: { id: string; from?: number; limit?: number }, ctx: Ctx) =>
            guarded(async () => {
              const from = nonNegative(args.from, '/from', 1, 1);
              const limit = Math.min(1000, nonNegative(args.limit, '/limit', 100, 1));
              return matchesOf(ctx.app).reads.eventsFor(await matchCaller(ctx, args.id), args.id, from, limit);
            }),
        },
      },
      mutation: {
        createMatch: {
          type: t.output(MatchCreated, 'MatchCreated').type,
          description: 'Create a match (input as POST /v1/matches).',
          args: { input: { type: t.inputField(CreateMatchBody, 'CreateMatch') }, idempotencyKey: idempotency },
          resolve: (_: unknown, args: { input: unknown; idempotencyKey?: string }, ctx: Ctx) =>
            guarded(async () => {
              const o = await owner(ctx);
              return (await matchesOf(ctx.app).commands.create(o.id, input(CreateMatchBody, args.input), key(args.idempotencyKey))).body;
            }),
        },
        appendEvents: {
          type: t.output(AppendedSchema, 'EventsAppended').type,
          description: 'Append events with optimistic concurrency (input as POST /v1/matches/{id}/events).',
          args: { id, input: { type: t.inputField(AppendEventsBody, 'AppendEvents') }, idempotencyKey: idempotency },
          resolve: (_: unknown, args: { id: string; input: unknown; idempotencyKey?: string }, ctx: Ctx) =>
            guarded(async () => {
              const o = await owner(ctx);
              return (await matchesOf(ctx.app).commands.append(o.id, args.id, input(AppendEventsBody, args.input), key(args.idempotencyKey))).body;
            }),
        },
        runCommand: {
          type: typedCommandResult(t),
          description: 'Run a rules command against the match state (input as POST /v1/matches/{id}/commands).',
          args: {
            id,
            input: { type: t.inputField(RunCommandBody, 'RunCommand') },
            idempotencyKey: idempotency,
            as: {
              type: GraphQLString,
              description: 'Owner only: send the command for one player (as `?as=`, CONTRACT §9.1): it decides that player’s part only and answers in its view.',
            },
          },
          resolve: (_: unknown, args: { id: string; input: unknown; idempotencyKey?: string; as?: string | null }, ctx: Ctx) =>
            guarded(async () => {
              const caller = await matchCaller(ctx, args.id);
              const viewer = commandViewer(caller.viewer, args.as ?? undefined);
              return withGameState(
                (await matchesOf(ctx.app).commands.command(caller.ownerId, args.id, input(RunCommandBody, args.input), key(args.idempotencyKey), viewer, lang(ctx))).body,
              );
            }),
        },
      },
      subscription: {
        matchEvents: {
          type: event,
          description: 'Each event of the match after version `after` (default: the current version), as it is committed.',
          args: { id, after: { type: GraphQLInt } },
          subscribe: async (_: unknown, args: { id: string; after?: number | null }, ctx: Ctx) => {
            const caller = await guarded(() => matchCaller(ctx, args.id));
            const { reads, notifications } = matchesOf(ctx.app);
            const m = await reads.find(caller.ownerId, args.id);
            if (!m) fail(new NotFound(`No match ${args.id}.`));
            const abort = new AbortController();
            const events = follow(
              (v) => reads.eventsAfterFor(caller, args.id, v, 100),
              (listener) => notifications.subscribe(args.id, listener),
              args.after ?? (await reads.followFrom(caller, m)),
              abort.signal,
            );
            // Stop following when the client unsubscribes (graphql-js calls return()) or the key is revoked.
            const seat = caller.viewer.kind === 'seat' ? { matchId: m.id, playerId: caller.viewer.playerId, generation: caller.seatGeneration ?? 0 } : undefined;
            return untilRevoked(
              ctx,
              caller.ownerId,
              {
                next: () => events.next(),
                return: async () => {
                  abort.abort();
                  await events.return(undefined);
                  return { value: undefined, done: true as const };
                },
              },
              seat,
            );
          },
          resolve: (payload: unknown) => payload,
        },
      },
    };
  },
};
