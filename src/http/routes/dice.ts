/**
 * Hand-written dice routes (CONTRACT §8.3): the distribution of a notation as a shareable link
 * (GET, cacheable, with an ETag and 304), and the reveal of a provably fair blind roll. Both are
 * open like every roll (rate-limited per IP); the POST operations are generated (operations.ts).
 * `blindRollsFor(request)` is what the generated POST /v1/dice/rolls keeps blind rolls with: an
 * anonymous caller's roll counts in the storage budget of its address (MAX_BLIND_ROLLS_PER_IP) and
 * of every anonymous caller (MAX_BLIND_ROLLS_ANONYMOUS): full → 429 `quota_exceeded` + Retry-After.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { diceDistributionOperation } from '../../app/dice/distribution.operation.js';
import {
  BlindRevealBodySchema,
  BlindRevealResponseSchema,
  BlindRollBodySchema,
  BlindRollCreatedSchema,
  DiceDistributionResponseSchema,
  NotationSchema,
} from '../../app/dice/schemas.js';
import { preparedNotation, repeatForm } from '../../app/dice/rolling.js';
import { contextFor } from '../../transport/context.js';
import { chartContent, preferredChart, svgToPng } from '../../transport/chart.js';
import { HttpProblem, unavailable } from '../../transport/problem.js';
import { bearerToken, requireApiKey } from '../../transport/auth.js';
import type { BlindRolls } from '../../kernel/operation.js';
import { BlindRollBudgetFull } from '../../app/dice/blind.js';
import type { BlindRollBudget } from '../../app/dice/blind-ports.js';
import { problemResponses } from '../schemas.js';
import { announceLanguage, appendVary } from '../language.js';

/** How long a shared distribution link may be cached (it never changes within API v1). */
const DISTRIBUTION_MAX_AGE = 86_400;

const DistributionQuery = Type.Object({ notation: NotationSchema });
const RevealParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'The `id` of the blind roll (201 of POST /v1/dice/rolls with `blind`).' }) });

/** `W/"…"`: a hash of the representation (weak: compression may re-encode the bytes). */
const etagOf = (type: string, body: string | Buffer) => `W/"${createHash('sha256').update(type).update('\n').update(body).digest('base64url').slice(0, 32)}"`;

/** RFC 9110 §13.1.2: `If-None-Match` matches `*` or any listed tag by weak comparison. */
function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return [header]
    .flat()
    .flatMap((h) => h.split(','))
    .some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

async function distributionLink(request: FastifyRequest<{ Querystring: Static<typeof DistributionQuery> }>, reply: FastifyReply) {
  const ctx = contextFor(request);
  const result = diceDistributionOperation.handle({ notation: request.query.notation }, ctx) as Static<typeof DiceDistributionResponseSchema>;
  const picture = preferredChart(request.headers.accept);
  let type = 'application/json; charset=utf-8';
  let body: string | Buffer;
  if (picture === 'image/png') [type, body] = ['image/png', svgToPng(diceDistributionOperation.chart!(result))];
  else if (picture) [type, body] = ['image/svg+xml; charset=utf-8', diceDistributionOperation.chart!(result)];
  else body = JSON.stringify(result);
  if (!picture) announceLanguage(reply, ctx.lang);
  else appendVary(reply, 'Accept-Language');
  appendVary(reply, 'Accept');
  const etag = etagOf(type, body);
  reply.header('cache-control', `public, max-age=${DISTRIBUTION_MAX_AGE}`).header('etag', etag);
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

/** The client a blind roll is counted for: a digest of its address (the address itself is not stored). */
const clientOf = (ip: string) => createHash('sha256').update('arbiter blind-roll client\0').update(ip).digest('base64url').slice(0, 22);

/**
 * The budget of the request's blind rolls: none when it carries a valid API key (key holders keep
 * their current behaviour: their rate limit only); else its address's (`request.ip`). An invalid
 * or uncheckable key counts as anonymous.
 */
async function budgetOf(request: FastifyRequest): Promise<BlindRollBudget | undefined> {
  if (bearerToken(request)) {
    try {
      await requireApiKey(request);
      return undefined;
    } catch {
      // anonymous, as the rate limit counts it
    }
  }
  const { maxBlindRollsPerIp, maxAnonymousBlindRolls } = request.server.config;
  return { client: clientOf(request.ip), perClient: maxBlindRollsPerIp, total: maxAnonymousBlindRolls };
}

/** Blind rolls as the request makes them (absent without a store). */
export function blindRollsFor(request: FastifyRequest): BlindRolls | undefined {
  const service = request.server.services.blindRolls;
  if (!service) return undefined;
  return {
    async create(notation, repeat) {
      try {
        return await service.create(notation, repeat, await budgetOf(request));
      } catch (error) {
        if (!(error instanceof BlindRollBudgetFull)) throw error;
        throw Object.assign(new HttpProblem(429, 'quota_exceeded', error.message, { setting: error.setting, limit: error.limit }), { retryAfter: error.retryAfter });
      }
    },
  };
}

export async function diceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/dice/distribution', {
    schema: {
      operationId: 'dice.distributionLink',
      tags: ['dice'],
      summary: 'The exact distribution of a notation as a link to share: `?notation=<url-encoded>`, cacheable (ETag, 304).',
      description:
        'The same answer as POST /v1/dice/distribution for `{"notation"}` (CONTRACT §8.3), with `Cache-Control: public, max-age=86400` and an `ETag`: a request with `If-None-Match` naming it answers 304 with no body. ' +
        'The ETag hashes the representation sent (JSON in the `Accept-Language` chosen, or the SVG / PNG chart that `Accept: image/svg+xml` / `image/png` asks for); `Vary: Accept-Language, Accept`. ' +
        'Encode the notation (`+` is `%2B`): `GET /v1/dice/distribution?notation=4d6kh3%2B2`. Errors are as for the POST (400 `bad_notation` with `position`, 422 `too_complex`) and are not cached.',
      security: [],
      querystring: DistributionQuery,
      response: {
        200: { description: 'The distribution (JSON by default; SVG or PNG by Accept).', content: chartContent(DiceDistributionResponseSchema) },
        304: { description: 'Not modified: the `If-None-Match` tag is current (no body).', type: 'null' },
        ...problemResponses([400, 422, 429]),
      },
    },
    handler: distributionLink,
  });

  // CONTRACT §9.3: the blind roll has its own operation (POST /v1/dice/rolls answers one shape; its `blind` is deprecated)
  app.post<{ Body: Static<typeof BlindRollBodySchema> }>('/v1/dice/blind-rolls', {
    schema: {
      operationId: 'dice.blindRoll',
      tags: ['dice'],
      summary: 'A provably fair blind roll: 201 `{id, notation, commitment}` now, the result at its reveal.',
      description:
        'CONTRACT §8.3, §9.3. The server picks a seed now and answers its SHA-256 (`commitment`) and no result; `POST /v1/dice/blind-rolls/{id}/reveal` with a `clientSeed` rolls it. The same as POST /v1/dice/rolls with `"blind": true` (deprecated there). Without an API key the roll counts in its address\'s storage budget (MAX_BLIND_ROLLS_PER_IP, MAX_BLIND_ROLLS_ANONYMOUS: 429 `quota_exceeded`).',
      security: [],
      body: BlindRollBodySchema,
      response: { 201: BlindRollCreatedSchema, ...problemResponses([400, 422, 429, 503]) },
    },
    handler: async (request, reply) => {
      const blind = blindRollsFor(request);
      if (!blind) throw unavailable('Blind rolls need a store, and this server has none.');
      const { notation, repeat } = repeatForm(request.body.notation, request.body.repeat);
      preparedNotation(notation, repeat); // 400 / 422 before anything is kept
      return reply.code(201).send(await blind.create(notation, repeat));
    },
  });

  app.post<{ Params: Static<typeof RevealParams>; Body: Static<typeof BlindRevealBodySchema> | undefined }>('/v1/dice/blind-rolls/:id/reveal', {
    schema: {
      operationId: 'dice.revealBlindRoll',
      tags: ['dice'],
      summary: 'Reveal a blind roll (POST /v1/dice/blind-rolls): the full roll answer plus `serverSeed` and `clientSeed`.',
      description: 'The same as POST /v1/dice/rolls/{id}/reveal (CONTRACT §8.3, §9.3). Supports `?rollFormat=foundry`.',
      security: [],
      params: RevealParams,
      body: BlindRevealBodySchema,
      response: { 200: BlindRevealResponseSchema, ...problemResponses([400, 404, 429, 503]) },
    },
    preValidation: async (request) => {
      request.body ??= {};
    },
    handler: async (request, reply) => revealBlindRoll(request, reply),
  });

  app.post<{ Params: Static<typeof RevealParams>; Body: Static<typeof BlindRevealBodySchema> | undefined }>('/v1/dice/rolls/:id/reveal', {
    schema: {
      operationId: 'dice.reveal',
      tags: ['dice'],
      summary: 'Reveal a provably fair blind roll: the full roll answer plus `serverSeed` and `clientSeed`.',
      description:
        'CONTRACT §8.3. The dice are the seeded generator\'s with the seed `serverSeed + ":" + clientSeed` (`clientSeed` defaults to `""`), and SHA-256 of `serverSeed` (UTF-8, hex) is the `commitment` answered when the roll was asked for: the server fixed its part before it could know the client\'s, and anyone can recompute the roll with POST /v1/dice/rolls `{"notation", "repeat"?, "dice": {"seed": serverSeed + ":" + clientSeed}}`. ' +
        "No key needed (the id is the secret). A second reveal answers the first reveal's result (its `clientSeed` is ignored); an unknown or expired id (kept 7 days, at least 24 hours) is 404. Supports `?rollFormat=foundry`.",
      security: [],
      params: RevealParams,
      body: BlindRevealBodySchema,
      response: { 200: BlindRevealResponseSchema, ...problemResponses([400, 404, 429, 503]) },
    },
    // the body is optional: no body is `{}` (clientSeed "")
    preValidation: async (request) => {
      request.body ??= {};
    },
    handler: async (request, reply) => revealBlindRoll(request, reply),
  });
}

/** A blind roll revealed: the roll, `serverSeed` and `clientSeed` (one handler for both paths). */
async function revealBlindRoll(request: FastifyRequest<{ Params: Static<typeof RevealParams>; Body: Static<typeof BlindRevealBodySchema> | undefined }>, reply: FastifyReply) {
  const service = request.server.services.blindRolls;
  if (!service) throw unavailable('Blind rolls need a store, and this server has none.');
  const ctx = contextFor(request);
  const answer = await service.reveal(request.params.id, request.body?.clientSeed ?? '', ctx.lang);
  announceLanguage(reply, ctx.lang);
  return answer;
}
