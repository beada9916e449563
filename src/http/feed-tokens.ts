/**
 * `POST /v1/matches/{id}/feed-tokens` and `POST /v1/simulations/{id}/feed-tokens` (CONTRACT §7.2),
 * registered by the match and simulation route files: the route options (schema, handler) are
 * built here once for both. The caller's API key must own the resource (else 404); the answer is
 * 201 `{token, expiresAt}` (src/app/feeds/feed-tokens.ts).
 */
import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptionsWithHandler } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FeedResourceKind } from '../app/feeds/feed-tokens.js';
import { FeedTokenBody, FeedTokenCreated } from '../app/feeds/schemas.js';
import { requireApiKey } from '../transport/auth.js';
import { isOutage, unavailable } from '../transport/problem.js';
import { problemResponses } from './schemas.js';

const STREAMS: Record<FeedResourceKind, string> = { match: 'GET /v1/matches/{id}/feed', simulation: 'GET /v1/simulations/{id}/events' };
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export interface FeedTokenRouteOptions {
  kind: FeedResourceKind;
  tags: string[];
  /** Throws a 404 (NotFound / problem) unless the key `ownerId` owns the resource `id`. */
  assertOwned: (request: FastifyRequest, ownerId: string, id: string) => Promise<void>;
}

type FeedTokenRequest = FastifyRequest<{ Params: Static<typeof IdParams>; Body: Static<typeof FeedTokenBody> | undefined }>;

export function feedTokenRoute(options: FeedTokenRouteOptions): RouteShorthandOptionsWithHandler {
  const { kind } = options;
  return {
    // no body at all is the usual request: it stands for `{}`
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: {
      tags: options.tags,
      security: [{ apiKey: [] }],
      operationId: `${kind === 'match' ? 'matches' : 'simulations'}.feedToken`,
      summary: `A short-lived, read-only token that opens this ${kind}'s stream from a browser (EventSource).`,
      description:
        `Answers 201 \`{token, expiresAt}\`. Send the token as \`?token=\` to ${STREAMS[kind]} in place of the Authorization header ` +
        '(browsers’ EventSource cannot send headers). The token opens that stream for this resource only and nothing else: used on any other route, ' +
        'for another resource, expired or altered, it is a 401 problem. It lives FEED_TOKEN_TTL_SECONDS (default and maximum 600 s; `ttlSeconds` may ask for less) ' +
        'and is not stored: it is a compact JWS signed with the service key (the receipt key), so every API replica on the same database accepts it. ' +
        'Revoking the API key that issued it refuses new streams and ends the open ones (`event: revoked`). Streams opened with a token count against that key’s rate limit. ' +
        `The ${kind} must belong to the calling API key (else 404).`,
      params: IdParams,
      body: FeedTokenBody,
      'x-optional-body': true,
      response: { 201: FeedTokenCreated, ...problemResponses([400, 401, 404, 429, 503]) },
    } as FastifySchema,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { params, body } = request as FeedTokenRequest;
      const owner = await requireApiKey(request);
      await options.assertOwned(request, owner.id, params.id);
      const issued = await request.server.services.feedTokens.issue(owner.id, { kind, id: params.id }, body?.ttlSeconds).catch((error: unknown) => {
        if (!isOutage(error)) request.log.error({ err: error }, 'feed token signing failed'); // an outage is logged once
        throw unavailable('Feed tokens cannot be signed right now; retry later.');
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(issued);
    },
  };
}
