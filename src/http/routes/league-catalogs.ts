/**
 * A league's stored catalogs (CONTRACT §8.4): create (API key), new version (its owner), read any
 * version (public). Bodies name one with `catalogRef` (src/app/league/catalog-ref.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { CatalogBodySchema, CatalogIdParams, CatalogSaved, CatalogVersionQuery, CatalogView } from '../../app/league/catalog-schemas.js';
import { DEFAULT_CATALOG_LIMITS } from '../../app/league/catalogs.js';
import { toProblems } from '../../kernel/validate.js';
import { unavailable } from '../../transport/problem.js';
import { ProblemSchema, problemResponses } from '../schemas.js';
import { requireApiKey } from '../plugins/auth.js';

const catalogsOf = (app: FastifyInstance) => {
  const catalogs = app.services.catalogs;
  if (!catalogs) throw unavailable('Stored catalogs need a database; none is configured.');
  return catalogs;
};

const problemOf = (description: string) => ({ description, content: { 'application/problem+json': { schema: ProblemSchema } } });
const BUDGET_RESPONSES = {
  413: problemOf('The catalog is over MAX_STORED_CATALOG_BYTES of JSON (`catalog_too_large`, with `limit` and `size`), or the body over 5 MiB.'),
  429: problemOf(
    'The API key already stores MAX_STORED_CATALOG_VERSIONS_PER_KEY catalog versions (`quota_exceeded`, with `limit`; no Retry-After), or the rate limit is exceeded.',
  ),
};

const BODY_DOC = [
  'The body: `name`, `fighters` (full profiles: a Fighter without state, `value` required; unique `id`s and names; the faces of the four limbs partition 1..6) and optionally `equipment` (items, unique by name). Every problem is listed at once (400, JSON-pointer paths); nothing is stored then.',
  '',
  `**Budgets** (README "Roster budgets"): a version is stored as sent, at most \`MAX_STORED_CATALOG_BYTES\` (default ${DEFAULT_CATALOG_LIMITS.maxCatalogBytes}) bytes of JSON (413 \`catalog_too_large\` with \`limit\` and \`size\`, before it is validated); one API key stores at most \`MAX_STORED_CATALOG_VERSIONS_PER_KEY\` (default ${DEFAULT_CATALOG_LIMITS.maxVersionsPerKey}) versions of all its catalogs (429 \`quota_exceeded\` with \`limit\`, nothing stored). \`fighters\` and \`equipment\` hold at most 200 entries each (400 \`too_many_items\`).`,
].join('\n');

/**
 * The body's schema problems, kept for the handler (`attachValidation`). (An array over its
 * `maxItems` never gets here: the body parser refuses it, 400 `too_many_items`.)
 */
function schemaProblems(request: { validationError?: Error & { validation?: unknown[] } }) {
  const error = request.validationError;
  if (!error) return [];
  if (!Array.isArray(error.validation)) throw error;
  return toProblems(error.validation as never);
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.services.catalogs?.configure({ maxVersionsPerKey: app.config.maxStoredCatalogVersionsPerKey, maxCatalogBytes: app.config.maxStoredCatalogBytes });
  // the key before the body is read; the size before the schema
  const guard = {
    onRequest: async (request: Parameters<typeof requireApiKey>[0]) => void (await requireApiKey(request)),
    preValidation: async (request: { body: unknown }) => app.services.catalogs?.checkSize(request.body),
    // the schema's problems are listed with the catalog's own (duplicate ids, faces…) in one 400
    attachValidation: true,
  };

  app.post<{ Body: Static<typeof CatalogBodySchema> }>('/v1/eden/catalogs', {
    ...guard,
    schema: {
      tags: ['eden'],
      security: [{ apiKey: [] }],
      operationId: 'eden.createCatalog',
      summary: "Store a league's EDEN catalog: version 1 (API key).",
      description: [
        'A league keeps its own card data here (CONTRACT §8.4): full fighter profiles that `{"ref"}` entries resolve to wherever a body names the catalog with `"catalogRef": {"id", "version"?}` — validate, stored lists, diffs, the attack and phase endpoints, GraphQL. A receipt of a list checked against it names `catalog: {"id", "version", "sha256"}`, so an old receipt says which points applied.',
        '',
        BODY_DOC,
      ].join('\n'),
      body: CatalogBodySchema,
      response: { 201: CatalogSaved, ...problemResponses([400, 401, 503]), ...BUDGET_RESPONSES },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      return reply.code(201).send(await catalogsOf(app).create(owner.id, request.body, schemaProblems(request)));
    },
  });

  app.put<{ Params: Static<typeof CatalogIdParams>; Body: Static<typeof CatalogBodySchema> }>('/v1/eden/catalogs/:id', {
    ...guard,
    schema: {
      tags: ['eden'],
      security: [{ apiKey: [] }],
      operationId: 'eden.updateCatalog',
      summary: 'Store the next version of a catalog (its owner).',
      description: [
        'The whole catalog again (not a patch); the answer is the new `version` (latest + 1). Earlier versions stay readable and keep validating the lists and receipts that name them. Another API key, or an unknown id → 404.',
        '',
        BODY_DOC,
      ].join('\n'),
      params: CatalogIdParams,
      body: CatalogBodySchema,
      response: { 200: CatalogSaved, ...problemResponses([400, 401, 404, 503]), ...BUDGET_RESPONSES },
    },
    handler: async (request) => {
      const owner = await requireApiKey(request);
      return catalogsOf(app).update(owner.id, request.params.id, request.body, schemaProblems(request));
    },
  });

  app.get<{ Params: Static<typeof CatalogIdParams>; Querystring: Static<typeof CatalogVersionQuery> }>('/v1/eden/catalogs/:id', {
    schema: {
      tags: ['eden'],
      security: [],
      operationId: 'eden.getCatalog',
      summary: 'A version of a stored catalog (public).',
      description:
        'The latest version, or `?version=n`; with its `sha256` (what receipts name: hex SHA-256 of the canonical JSON of `catalog`, keys sorted recursively, no spaces) and `latestVersion`. Unknown id or version → 404.',
      params: CatalogIdParams,
      querystring: CatalogVersionQuery,
      response: { 200: CatalogView, ...problemResponses([400, 404, 429, 503]) },
    },
    handler: async (request) => catalogsOf(app).get(request.params.id, request.query.version),
  });
}
