/**
 * League tools (CONTRACT §7.4): stored, shareable army lists, the receipt keys (JWKS) and receipt
 * verification. Validation and formatting of lists are operations (src/app/eden/roster*.operation.ts);
 * corrections and signed results are match routes (src/http/routes/matches.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { JwksSchema, RosterIdParams, StoreRosterBody, StoredRosterCreated, StoredRosterView, VerifiedReceiptSchema, VerifyReceiptBody } from '../../app/league/schemas.js';
import { verifyReceipt } from '../../app/league/receipts.js';
import { DEFAULT_ROSTER_LIMITS } from '../../app/league/rosters.js';
import { pickLanguage } from '../../app/i18n.js';
import { unavailable } from '../../transport/problem.js';
import { ProblemSchema, problemResponses } from '../schemas.js';
import { requireApiKey } from '../plugins/auth.js';
import { publicLink } from '../../config.js';

const rostersOf = (app: FastifyInstance) => {
  const rosters = app.services.rosters;
  if (!rosters) throw unavailable('Stored lists need a database; none is configured.');
  return rosters;
};

const problemOf = (description: string) => ({ description, content: { 'application/problem+json': { schema: ProblemSchema } } });
/** The store's own 413 and 429 (README "Roster budgets"), beside the body limit and the rate limit every route has. */
const STORE_BUDGET_RESPONSES = {
  413: problemOf('The list is over MAX_STORED_ROSTER_BYTES of JSON (`roster_too_large`, with `limit` and `size`), or the body over 5 MiB.'),
  429: problemOf('The API key already stores MAX_STORED_ROSTERS_PER_KEY lists (`quota_exceeded`, with `limit`; no Retry-After), or the rate limit is exceeded.'),
};

/** The share link of a stored list (CONTRACT §8.5): under PUBLIC_URL, else a relative path; never from the request's Host / X-Forwarded-*. */
export const shareUrl = (request: FastifyRequest, id: string) => publicLink(request.server.config.publicUrl, `/v1/eden/rosters/${encodeURIComponent(id)}`);

export async function leagueRoutes(app: FastifyInstance): Promise<void> {
  // the budgets of stored lists, from the configuration (README "Roster budgets")
  app.services.rosters?.configure({ maxStoredPerKey: app.config.maxStoredRostersPerKey, maxRosterBytes: app.config.maxStoredRosterBytes });

  app.post<{ Body: Static<typeof StoreRosterBody> }>('/v1/eden/rosters', {
    // the key before the body is read (no key → 401 even for a bad body)
    onRequest: async (request) => void (await requireApiKey(request)),
    // the size before the schema: a list over the budget is refused before any of it is validated
    preValidation: async (request) => {
      app.services.rosters?.checkSize((request.body as { roster?: unknown } | undefined)?.roster);
    },
    schema: {
      tags: ['eden'],
      security: [{ apiKey: [] }],
      operationId: 'eden.storeRoster',
      summary: 'Store an EDEN army list for sharing (API key).',
      description: [
        'Validates `roster` (a body of POST /v1/eden/rosters/validate) and stores both under a random, unguessable id. `url` is the share link: GET /v1/eden/rosters/{id} needs no API key.',
        '',
        `**Budgets** (README "Roster budgets"): \`roster\` is stored as sent, so it may be at most \`MAX_STORED_ROSTER_BYTES\` (default ${DEFAULT_ROSTER_LIMITS.maxRosterBytes}) bytes of JSON (UTF-8, compact, without \`receipt\`; members no schema declares count too): a larger one is 413 \`roster_too_large\` with \`limit\` and \`size\`, refused before it is validated. One API key stores at most \`MAX_STORED_ROSTERS_PER_KEY\` (default ${DEFAULT_ROSTER_LIMITS.maxStoredPerKey}) lists: past it 429 \`quota_exceeded\` with \`limit\`, and nothing is stored (no \`Retry-After\`: waiting does not help). An array over its \`maxItems\` is 400 \`too_many_items\`, as for validate.`,
      ].join('\n'),
      body: StoreRosterBody,
      response: { 201: StoredRosterCreated, ...problemResponses([400, 401, 503]), ...STORE_BUDGET_RESPONSES },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const saved = await rostersOf(app).save(owner.id, request.body.roster, pickLanguage(request.headers['accept-language']));
      return reply.code(201).send({ id: saved.id, validation: saved.validation, url: shareUrl(request, saved.id), createdAt: saved.createdAt });
    },
  });

  app.get<{ Params: Static<typeof RosterIdParams> }>('/v1/eden/rosters/:id', {
    schema: {
      tags: ['eden'],
      security: [],
      operationId: 'eden.getRoster',
      summary: 'A stored army list (public: the share link).',
      description: 'The list, the validation answered when it was stored and, when validating it today gives another result (`rulesChanged`), the `current` one.',
      params: RosterIdParams,
      response: { 200: StoredRosterView, ...problemResponses([404, 429, 503]) },
    },
    handler: async (request) => {
      const view = await rostersOf(app).get(request.params.id, pickLanguage(request.headers['accept-language']));
      return { ...view, url: shareUrl(request, view.id) };
    },
  });

  app.get('/.well-known/jwks.json', {
    schema: {
      tags: ['league'],
      security: [],
      operationId: 'receipts.jwks',
      summary: 'Public keys that sign receipts (JWKS, RFC 7517).',
      description: 'Ed25519 keys (`kty: OKP`, `crv: Ed25519`, `alg: EdDSA`) by `kid`; retired keys stay listed so older receipts can still be checked.',
      response: { 200: JwksSchema, ...problemResponses([429, 503]) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.services.receipts.jwks();
    },
  });

  app.post<{ Body: Static<typeof VerifyReceiptBody> }>('/v1/receipts/verify', {
    schema: {
      tags: ['league'],
      security: [],
      operationId: 'receipts.verify',
      summary: 'Check a receipt (and optionally the list it is about).',
      description:
        "`valid` is true when the receipt is signed by one of the published keys and unaltered. With `roster`, `rosterMatches` tells whether its canonical SHA-256 (keys sorted recursively, no spaces, `receipt` left out) is the receipt's `rosterSha256`. A malformed or forged receipt is `valid: false`, never an error; `reason` says why: `malformed`, `not_a_receipt`, `unknown_key` or `bad_signature`.\n\n" +
        'Only receipts verify. Every token the service signs names its use in the JWS header `typ` (receipts `receipt+jwt`, feed tokens `feed+jwt`): any other token, a feed token included, is `{"valid": false, "reason": "not_a_receipt"}` (its payload is not echoed: `claims: null`). Receipts signed before `typ` named the use (`typ: "JWT"`) still verify: their payload (`rosterSha256`, or `matchId` and `version`) makes them receipts.',
      body: VerifyReceiptBody,
      response: { 200: VerifiedReceiptSchema, ...problemResponses([400, 429, 503]) },
    },
    handler: async (request) => verifyReceipt(app.services.receipts, request.body),
  });
}
