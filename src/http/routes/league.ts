/**
 * League tools (CONTRACT §7.4): stored, shareable army lists, the receipt keys (JWKS) and receipt
 * verification. Validation and formatting of lists are operations (src/games/eden/operations/roster*.operation.ts);
 * corrections and signed results are match routes (src/http/routes/matches.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import {
  JwksSchema,
  RosterDiffBody,
  RosterDiffSchema,
  RosterIdParams,
  StoreRosterBody,
  StoreRosterQuery,
  StoredRosterCreated,
  StoredRosterLink,
  StoredRosterView,
  VerifiedReceiptSchema,
  VerifyReceiptBody,
} from '../../app/league/schemas.js';
import { verifyReceipt } from '../../app/league/receipts.js';
import { DEFAULT_ROSTER_LIMITS } from '../../app/league/rosters.js';
import { attachCatalogRef } from '../../games/eden/operations/catalog-ref.js';
import { parseRosterBody, ROSTER_TEXT_DOC } from '../../games/eden/operations/roster.operation.js';
import { catalogRoutes } from './league-catalogs.js';
import { pickLanguage } from '../../kernel/i18n.js';
import { unavailable } from '../../transport/problem.js';
import { InvalidInput } from '../../kernel/errors.js';
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
const shareUrl = (request: FastifyRequest, id: string) => publicLink(request.server.config.publicUrl, `/v1/eden/rosters/${encodeURIComponent(id)}`);

export async function leagueRoutes(app: FastifyInstance): Promise<void> {
  // the budgets of stored lists, from the configuration (README "Roster budgets")
  app.services.rosters?.configure({ maxStoredPerKey: app.config.maxStoredRostersPerKey, maxRosterBytes: app.config.maxStoredRosterBytes });
  await app.register(catalogRoutes);
  // a text/plain list is stored like its JSON body (CONTRACT §8.4): its own scope, so every other route keeps its 415
  await app.register(storeRosterRoute);
  await app.register(rosterRoutes);
  await app.register(receiptRoutes);
}

async function storeRosterRoute(app: FastifyInstance): Promise<void> {
  app.decorateRequest('rosterText', false);
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    request.rosterText = true;
    try {
      done(null, { roster: parseRosterBody(body as string) });
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.post<{ Body: Static<typeof StoreRosterBody>; Querystring: Static<typeof StoreRosterQuery> }>('/v1/eden/rosters', {
    // the key before the body is read (no key → 401 even for a bad body)
    onRequest: async (request) => void (await requireApiKey(request)),
    // the size before the schema: a list over the budget is refused before any of it is validated;
    // then the league catalog its `catalogRef` names, for the validator
    preValidation: async (request) => {
      const roster = (request.body as { roster?: unknown } | undefined)?.roster;
      app.services.rosters?.checkSize(roster);
      await attachCatalogRef(roster, app.services.catalogs);
    },
    schema: {
      tags: ['eden'],
      security: [{ apiKey: [] }],
      operationId: 'eden.storeRoster',
      summary: 'Store an EDEN army list for sharing (API key), optionally sealed until a time.',
      description: [
        'Validates `roster` (a body of POST /v1/eden/rosters/validate) and stores both under a random, unguessable id. `url` is the share link: GET /v1/eden/rosters/{id} needs no API key.',
        '- **Sealed lists** (CONTRACT §8.4): with `sealedUntil` (RFC 3339; `?sealedUntil=` for a text list) the share link shows only `rosterSha256` and the verdict (`valid`, `codes`) until that time, or until the owner reveals it (POST /v1/eden/rosters/{id}/reveal). No other route shows a sealed list: the diff refuses it (422 `roster_sealed`), GraphQL `edenRoster` too. The 201 answer (to the API key that stored it) carries the full validation.',
        '- **Salted hash** (CONTRACT §9.4): a sealed list\'s `rosterSha256` (in the 201 answer and on its share link) is the hex SHA-256 of `salt + ":" + ` its canonical JSON, with a random salt (16 bytes, hex) kept secret until the list opens; then the share link shows `salt` beside the list, so anyone can check the hash published before. A list stored open keeps the plain hash. `sealedUntil` must be later than the service\'s clock: a time not in the future is 400 `sealed_until_past` at `/sealedUntil`, and nothing is stored.',
        '- **Text lists**: `Content-Type: text/plain` stores the list written as in validate (format below); it is stored as the parsed `roster`, which is what `rosterSha256` hashes, and its validation problems carry `line` and `column`.',
        '- **Receipts**: `"receipt": true` in the list (or `?receipt=true`) adds `receipt`, a JWS as validate signs, whose payload also names `rosterId` and, for a sealed list, `sealedRosterSha256` (the salted hash its share link shows). A league site can hand it to the player: it proves which list was stored before the list is revealed. Its `rosterSha256` is the plain hash of the list (CONTRACT §7.4), so the receipt is kept private until then.',
        '- `catalogRef` in the list names a league catalog (POST /v1/eden/catalogs); the validation names the version used (`validation.catalog`), and the list is checked against that version when it is read later.',
        '',
        `**Budgets** (README "Roster budgets"): \`roster\` is stored as sent, so it may be at most \`MAX_STORED_ROSTER_BYTES\` (default ${DEFAULT_ROSTER_LIMITS.maxRosterBytes}) bytes of JSON (UTF-8, compact, without \`receipt\`; members no schema declares count too): a larger one is 413 \`roster_too_large\` with \`limit\` and \`size\`, refused before it is validated. One API key stores at most \`MAX_STORED_ROSTERS_PER_KEY\` (default ${DEFAULT_ROSTER_LIMITS.maxStoredPerKey}) lists: past it 429 \`quota_exceeded\` with \`limit\`, and nothing is stored (no \`Retry-After\`: waiting does not help). An array over its \`maxItems\` is 400 \`too_many_items\`, as for validate.`,
        '',
        ROSTER_TEXT_DOC,
      ].join('\n'),
      body: StoreRosterBody,
      querystring: StoreRosterQuery,
      response: { 201: StoredRosterCreated, ...problemResponses([400, 401, 503]), ...STORE_BUDGET_RESPONSES },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const { roster, sealedUntil } = request.body;
      const query = request.query ?? {};
      if (sealedUntil !== undefined && query.sealedUntil !== undefined && sealedUntil !== query.sealedUntil) {
        throw new InvalidInput([{ path: '/sealedUntil', code: 'conflicting_sealed_until', message: 'The body and the query name different times; send one.' }]);
      }
      const saved = await rostersOf(app).save(owner.id, roster, pickLanguage(request.headers['accept-language']), {
        sealedUntil: sealedUntil ?? query.sealedUntil,
        receipt: roster.receipt === true || query.receipt === true,
      });
      return reply.code(201).send({ ...saved, url: shareUrl(request, saved.id) });
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** POST /v1/eden/rosters: the list arrived as text/plain. */
    rosterText: boolean;
  }
}

async function rosterRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof RosterIdParams> }>('/v1/eden/rosters/:id', {
    schema: {
      tags: ['eden'],
      security: [],
      operationId: 'eden.getRoster',
      summary: 'A stored army list (public: the share link); a sealed one shows only its hash and verdict.',
      description:
        'The list (`sealed: false`), the validation answered when it was stored and, when validating it today gives another result (`rulesChanged`), the `current` one. While the list is sealed (CONTRACT §8.4: `sealedUntil` not reached and not revealed by its owner) the answer is `{"id", "sealed": true, "rosterSha256", "validation": {"valid", "codes"}, "sealedUntil", "createdAt", "url"}`: nothing of the list, and no path or message of its problems; its `rosterSha256` is salted (CONTRACT §9.4). Once it opens the answer also carries `salt`: SHA-256 of `salt + ":" + ` the canonical JSON of `roster` is that `rosterSha256`.',
      params: RosterIdParams,
      response: { 200: StoredRosterLink, ...problemResponses([404, 429, 503]) },
    },
    handler: async (request) => {
      const view = await rostersOf(app).get(request.params.id, pickLanguage(request.headers['accept-language']));
      return { ...view, url: shareUrl(request, view.id) };
    },
  });

  app.post<{ Params: Static<typeof RosterIdParams> }>('/v1/eden/rosters/:id/reveal', {
    onRequest: async (request) => void (await requireApiKey(request)),
    schema: {
      tags: ['eden'],
      security: [{ apiKey: [] }],
      operationId: 'eden.revealRoster',
      summary: 'Reveal a sealed army list before its time (its owner).',
      description:
        'The API key that stored the list makes it public now (CONTRACT §8.4); the answer is what its share link shows from now on, with `revealedAt` and the `salt` of its `rosterSha256` (CONTRACT §9.4). Revealing an open list changes nothing (the first reveal time stays). Another key, or an unknown id → 404.',
      params: RosterIdParams,
      response: { 200: StoredRosterView, ...problemResponses([401, 404, 429, 503]) },
    },
    handler: async (request) => {
      const owner = await requireApiKey(request);
      const view = await rostersOf(app).reveal(owner.id, request.params.id, pickLanguage(request.headers['accept-language']));
      return { ...view, url: shareUrl(request, view.id) };
    },
  });

  app.post<{ Body: Static<typeof RosterDiffBody> }>('/v1/eden/rosters/diff', {
    schema: {
      tags: ['eden'],
      security: [],
      operationId: 'eden.diffRosters',
      summary: 'What changed between two army lists (bodies or stored ids).',
      description: [
        '`from` and `to` are each a roster body (as validate takes, `catalogRef` included) or `{"id"}` of a stored list that is not sealed (CONTRACT §8.4). Every problem of both is one 400 under `/from/…` and `/to/…`; a sealed list is 422 `roster_sealed` (its content stays hidden).',
        '- Fighters are matched by proper name (EDEN-ROSTER-4: one fighter per name; case and accents ignored); `added` / `removed` name the fighters of one list only, `changed` every member that differs (`path`, `from`, `to`) between the profiles the two entries stand for — a `{"ref"}` compared as its catalog profile with the members sent beside it — so swapping a reference for the same profile written inline is no change.',
        "- `band`: changes of the band's own members (`/bandType`, `/affiliation`, `/budget`, `/edition`, `/catalogRef/version`…).",
        "- `totals`: each list's validation `totals` (`value`, `budget`, `strategyPoints`); `valid`: whether each is legal.",
      ].join('\n'),
      body: RosterDiffBody,
      response: { 200: RosterDiffSchema, ...problemResponses([400, 404, 422, 429, 503]) },
    },
    handler: async (request) => rostersOf(app).diff(request.body, pickLanguage(request.headers['accept-language'])),
  });
}

async function receiptRoutes(app: FastifyInstance): Promise<void> {
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
