/**
 * GraphQL for matches (CONTRACT §5): the same use cases and TypeBox schemas as the REST routes.
 * Queries `match` / `matchEvents`, mutations `createMatch` / `appendEvents` / `runCommand`, and the
 * subscription `matchEvents(id, after)` pushing each new event (catch-up first, then live).
 */
import type { GraphqlExtension } from '../extension.js';
import { AppendEventsBody, CreateMatchBody, RunCommandBody } from '../../app/matches/schemas.js';
import { follow } from '../../app/matches/notifier.js';
import { matchesOf } from '../../transport/services.js';
import { asGraphqlError } from '../index.js';
import { owner, type GraphqlContext as Ctx } from '../caller.js';
import { untilRevoked } from '../revocation.js';
import { InvalidInput, NotFound } from '../../games/errors.js';
import { guarded, idempotencyKey as key, input } from '../resolve.js';

function fail(error: unknown): never {
  return asGraphqlError(error);
}

const nonNegative = (v: unknown, path: string, fallback: number, min = 0): number => {
  if (v === undefined || v === null) return fallback;
  if (!Number.isInteger(v) || (v as number) < min) throw new InvalidInput([{ path, code: 'minimum', message: `must be an integer ≥ ${min}` }]);
  return v as number;
};

export const matchesGraphql: GraphqlExtension = {
  sdl: `
extend type Query {
  """A match of the calling API key with its state (the projection of its events); \`version\` replays up to it. Same as GET /v1/matches/{id}."""
  match(id: ID!, version: Int): JSON!
  """Events in version order with the next \`from\`. Same as GET /v1/matches/{id}/events."""
  matchEvents(id: ID!, from: Int, limit: Int): JSON!
}

extend type Mutation {
  """Create a match (input as POST /v1/matches)."""
  createMatch(input: JSON!, idempotencyKey: String): JSON!
  """Append events with optimistic concurrency (input as POST /v1/matches/{id}/events)."""
  appendEvents(id: ID!, input: JSON!, idempotencyKey: String): JSON!
  """Run a rules command against the match state (input as POST /v1/matches/{id}/commands)."""
  runCommand(id: ID!, input: JSON!, idempotencyKey: String): JSON!
}

extend type Subscription {
  """Each event of the match after version \`after\` (default: the current version), as it is committed."""
  matchEvents(id: ID!, after: Int): JSON!
}
`,
  resolvers: {
    Query: {
      match: (_: unknown, args: { id: string; version?: number }, ctx: Ctx) =>
        guarded(async () => matchesOf(ctx.app).service.view((await owner(ctx)).id, args.id, args.version ?? undefined)),
      matchEvents: (_: unknown, args: { id: string; from?: number; limit?: number }, ctx: Ctx) =>
        guarded(async () => {
          const from = nonNegative(args.from, '/from', 1, 1);
          const limit = Math.min(1000, nonNegative(args.limit, '/limit', 100, 1));
          return matchesOf(ctx.app).service.events((await owner(ctx)).id, args.id, from, limit);
        }),
    },
    Mutation: {
      createMatch: (_: unknown, args: { input: unknown; idempotencyKey?: string }, ctx: Ctx) =>
        guarded(async () => {
          const o = await owner(ctx);
          return (await matchesOf(ctx.app).service.create(o.id, input(CreateMatchBody, args.input), key(args.idempotencyKey))).body;
        }),
      appendEvents: (_: unknown, args: { id: string; input: unknown; idempotencyKey?: string }, ctx: Ctx) =>
        guarded(async () => {
          const o = await owner(ctx);
          return (await matchesOf(ctx.app).service.append(o.id, args.id, input(AppendEventsBody, args.input), key(args.idempotencyKey))).body;
        }),
      runCommand: (_: unknown, args: { id: string; input: unknown; idempotencyKey?: string }, ctx: Ctx) =>
        guarded(async () => {
          const o = await owner(ctx);
          return (await matchesOf(ctx.app).service.command(o.id, args.id, input(RunCommandBody, args.input), key(args.idempotencyKey))).body;
        }),
    },
    Subscription: {
      matchEvents: {
        subscribe: async (_: unknown, args: { id: string; after?: number }, ctx: Ctx) => {
          const o = await guarded(() => owner(ctx));
          const { service, notifications } = matchesOf(ctx.app);
          const m = await service.store.getMatch(o.id, args.id);
          if (!m) fail(new NotFound(`No match ${args.id}.`));
          const abort = new AbortController();
          const events = follow(
            (v) => service.eventsAfter(o.id, args.id, v, 100),
            (listener) => notifications.subscribe(args.id, listener),
            args.after ?? m.version,
            abort.signal,
          );
          // Stop following when the client unsubscribes (graphql-js calls return()) or the key is revoked.
          return untilRevoked(ctx, o.id, {
            next: () => events.next(),
            return: async () => {
              abort.abort();
              await events.return(undefined);
              return { value: undefined, done: true as const };
            },
          });
        },
        resolve: (payload: unknown) => payload,
      },
    },
  } as never,
};
