/**
 * GET /v1/matches (CONTRACT §8.2): the calling key's matches, newest first, a page at a time. The
 * cursor (`next`) is opaque: the last listed match's creation time and id, so pages neither repeat
 * nor skip a match that existed when paging began, whatever is created meanwhile (keys never
 * change, and the order is total). Another key's matches are never listed.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { GameSchema } from '../../app/matches/schemas.js';
import { LIST_LIMIT } from '../../app/matches/ports.js';
import { matchesOf } from '../../transport/services.js';
import { authenticate, requireApiKey } from '../plugins/auth.js';
import { problemResponses } from '../schemas.js';

/** The page size and cursor every listing takes (GET /v1/matches, GET /v1/simulations). */
export const ListWindowQuery = {
  limit: Type.Optional(
    Type.Integer({
      minimum: LIST_LIMIT.min,
      maximum: LIST_LIMIT.max,
      default: LIST_LIMIT.default,
      description: `Items per page, ${LIST_LIMIT.min}–${LIST_LIMIT.max} (default ${LIST_LIMIT.default}); another value → 400 naming \`/limit\`.`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 400,
      description: '`next` of the previous page, as it was given (opaque). Another value → 400 naming `/cursor`.',
    }),
  ),
};

const MatchListQuery = Type.Object({
  game: Type.Optional(GameSchema),
  ended: Type.Optional(Type.Boolean({ description: "Only matches that have ended (`true`) or not (`false`), as the projection's `state.outcome` says." })),
  ...ListWindowQuery,
});

const MatchListItem = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    game: GameSchema,
    version: Type.Integer({ minimum: 0, description: 'Events in the log.' }),
    ended: Type.Boolean({ description: 'Whether the match has ended (`state.outcome.ended` of its projection, as `GET /v1/matches/{id}/result` says).' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time', description: 'When its last event was recorded (createdAt while it has none).' }),
  },
  { title: 'MatchListItem' },
);

const MatchList = Type.Object(
  {
    matches: Type.Array(MatchListItem, { description: 'Newest first.' }),
    next: Type.Optional(Type.String({ description: 'The `cursor` of the next page; absent on the last page.' })),
  },
  { title: 'MatchList' },
);

export async function matchListRoutes(app: FastifyInstance): Promise<void> {
  // as every match route: no key → 401 before the query is looked at
  authenticate(app, 'onRequest');

  app.get<{ Querystring: Static<typeof MatchListQuery> }>('/v1/matches', {
    schema: {
      tags: ['matches'],
      security: [{ apiKey: [] }],
      operationId: 'matches.list',
      summary: "The calling key's matches, newest first, a page at a time.",
      description:
        'Filters: `game`, `ended`. Pages hold at most `limit` matches; `next` is the `cursor` of the next page and is absent on the last one. ' +
        'Pages follow the last listed match (its creation time and id), so a match created while a client pages never makes a match listed twice or skipped. ' +
        'With `ended`, one request looks at up to 200 matches: a page may then hold fewer than `limit` matches (even none) and still have a `next`.',
      querystring: MatchListQuery,
      response: { 200: MatchList, ...problemResponses([400, 401, 429, 503]) },
    },
    handler: async (request) => {
      const owner = await requireApiKey(request);
      const { game, ended, limit, cursor } = request.query;
      return matchesOf(app).listing.list(owner.id, { game, ended, limit, cursor });
    },
  });
}
