/** The top of the OpenAPI document. */
import { GAME_REGISTRIES } from '../app/game-registry.js';
import { ProblemSchema } from './schemas.js';
import { MAX_BODY_DEPTH } from './plugins/json-body.js';

/** `publicUrl`: PUBLIC_URL (CONTRACT §9.3: the document's `servers[0].url`); absent → `/`, this server. */
export function openApiInfo(publicUrl?: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arbiter — tabletop rules as a service',
      version: '1.0.0',
      description: [
        'Resolves EDEN, Ánima: La Sombra de Omega, Exsilium and The Spirit of Eden exactly as their rulebooks say.',
        '',
        'Guides in the repository: `docs/getting-started.md` (API key, first match, commands, live feed), `docs/examples.md` (one worked example per game) and `docs/api.md` (the public contract; "CONTRACT §n" in these descriptions is its section §n). A typed TypeScript client: `clients/typescript`.',
        '',
        '- Every error is `application/problem+json`; schema errors list every problem with a JSON-pointer `path`; rule violations are 422 with a `code`.',
        '- Endpoints that roll accept `dice`: `{"values": [...]}` (fixed, left to right) or `{"seed": "..."}` (deterministic: cyrb128 → sfc32, rejection-sampled dice), and answer with the full transcript. Where a body takes a top-level `seed` (Exsilium, simulations), `dice: {"seed"}` means the same (both given must agree). `GET /` redirects to `/docs`.',
        '- `summary` strings follow Accept-Language (en, es, de); machine fields never do. Answers with a `summary` carry `Content-Language` (the language chosen) and `Vary: Accept-Language`.',
        '- Members a body schema does not declare are accepted but reported: the answer gets `warnings: [{path, code: "unknown_member", message}]` (absent when there are none), so a typo such as `points` for `budget` shows.',
        '- EDEN fighters may be sent as `{"ref": "<catalog id>"}` plus state members (`wounds`, `markers`, `ap`, `id`) wherever a Fighter is accepted; an unknown id is 400 at `…/ref` with the known ids. `dice_exhausted` problems carry `consumed` (values used) and `purpose` (the roll that ran out).',
        '- `/v1/matches/**` and `/v1/simulations/**` need `Authorization: Bearer <api key>`.',
        `- JSON request bodies may nest objects and arrays at most ${MAX_BODY_DEPTH} levels deep; a deeper body is 400 \`too_deep\` with the \`path\` where the limit was crossed. Bodies are at most 5 MiB (413); only JSON is accepted (415).`,
        '- A request must arrive whole (headers and body) within `REQUEST_TIMEOUT_MS` (default 30 s), else 408 and the connection is closed.',
        '- Rate limits (429 with `Retry-After`; `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` on every limited answer) count per verified API key, else per client IP; a GraphQL request costs one unit per root field. Failed admin authentications are limited per IP (`ADMIN_AUTH_FAILURES_PER_MINUTE`).',
        '- 503 answers (overloaded, a dependency or the job queue unavailable) carry `Retry-After`.',
      ].join('\n'),
    },
    servers: [publicUrl ? { url: publicUrl, description: 'This service (PUBLIC_URL)' } : { url: '/', description: 'This server' }],
    components: {
      schemas: { Problem: ProblemSchema },
      responses: SHARED_RESPONSES,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'API key from POST /v1/admin/keys' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN the service was started with' },
        tableToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A seat or spectator token of one match (POST /v1/matches/{id}/seats/{playerId}/tokens, POST /v1/matches/{id}/spectator-tokens; CONTRACT §8.1)',
        },
      },
    },
    tags: [
      { name: 'system', description: 'Health, readiness, discovery' },
      ...GAME_REGISTRIES.tags,
      { name: 'matches', description: 'Event-sourced match logs' },
      { name: 'simulations', description: 'Queued Monte Carlo simulations' },
      { name: 'admin', description: 'API keys' },
    ],
  };
}

const GRAPHQL_FIELDS = {
  query: { type: 'string', description: 'The GraphQL document.' },
  operationName: { type: 'string', description: 'Which operation of the document to run.' },
};
const GRAPHQL_BODY = {
  type: 'object',
  required: ['query'],
  properties: { ...GRAPHQL_FIELDS, variables: { type: 'object', additionalProperties: true, description: 'Values of the variables.' } },
};
const GRAPHQL_QUERY = {
  type: 'object',
  required: ['query'],
  properties: { ...GRAPHQL_FIELDS, variables: { type: 'string', description: 'Values of the variables, as JSON.' } },
};
const GRAPHQL_RESULT = {
  description: 'The GraphQL result: `data`, and `errors` (each with `extensions.code`) when something failed.',
  type: 'object',
  properties: { data: { description: 'The fields asked for.' }, errors: { type: 'array', items: { type: 'object', additionalProperties: true } } },
};

/**
 * Mercurius adds its routes without schemas: GraphiQL's assets are hidden from the document and the
 * GraphQL endpoint gets a description.
 */
export function documentGraphqlRoutes({ schema, url, route }: { schema: Record<string, unknown> | undefined; url: string; route?: { method?: string | string[] } }) {
  if (url.startsWith('/graphiql')) return { schema: { ...(schema ?? {}), hide: true }, url };
  if (url === '/graphql') {
    const method = Array.isArray(route?.method) ? route?.method[0] : route?.method;
    return {
      schema: {
        ...(schema ?? {}),
        tags: ['system'],
        operationId: method === 'GET' ? 'graphql.get' : 'graphql.post',
        // open: operations on matches and simulations need `Authorization: Bearer <api key>`
        security: [{}, { apiKey: [] }],
        ...(method === 'GET' ? { querystring: GRAPHQL_QUERY } : { body: GRAPHQL_BODY }),
        response: { 200: GRAPHQL_RESULT },
        summary: method === 'GET' ? 'GraphQL over GET (queries only)' : 'GraphQL endpoint',
        description:
          'Typed GraphQL generated from the same schemas as the REST bodies (see schema.graphql): every rules operation is a `Query` field whose `input` is its REST body and whose result is an object type (`edenMelee(input: MeleeAttackInput!): MeleeResult`); matches, simulations and stored lists are `Mutation` fields; subscriptions (`matchEvents`, `simulationProgress`) use WebSocket on the same path. Queries may also be sent with GET. String choices are enums named as the REST strings with other characters as `_` (`spirit-of-eden` → `spirit_of_eden`); variables also accept the REST strings. The `JSON` scalar remains only where the REST body is an open map (event `data`, match `options` and `state`). Errors are per field: a failing root field is null and its error carries `path` and `extensions` with the REST problem (`code`, `status`, `errors`); the other fields keep their data. Cost is bounded: a document over a limit (tokens `GRAPHQL_MAX_TOKENS`, default 10000; depth `GRAPHQL_MAX_DEPTH`, 8, introspection of `__schema` not counted; aliases `GRAPHQL_MAX_ALIASES`, 15; root fields `GRAPHQL_MAX_ROOT_FIELDS`, 20; directives `GRAPHQL_MAX_DIRECTIVES`, 10; large fields such as `edenCatalog`, `match`, `matchEvents` `GRAPHQL_MAX_LARGE_FIELDS`, 2) is refused with HTTP 400 before any resolver runs, with one error whose `extensions` are `{code: "query_too_complex", status: 400, measure, limit, measured}` (tokens are counted only until the limit is passed, so `measured` is then limit + 1). Subscriptions are checked the same way (the WebSocket `error` message). Revoking an API key ends its subscriptions within 5 s with an error whose `extensions.code` is `key_revoked`.',
      },
      url,
    };
  }
  return { schema: schema ?? {}, url };
}

/** Problems any operation may answer, documented once as shared responses (src/http/schemas.ts). */
const SHARED: Record<number, [name: string, description: string]> = {
  413: ['PayloadTooLarge', 'The request body is larger than 5 MiB.'],
  414: ['UriTooLong', 'The URL (or a path parameter) is too long.'],
  415: ['UnsupportedMediaType', 'The body is not `application/json`.'],
  429: ['RateLimited', 'Rate limit exceeded (per API key, else per IP); see `Retry-After` and the `RateLimit-*` headers.'],
  503: ['Unavailable', 'Overloaded, not ready, or a dependency (database, job queue) unavailable; retry after `Retry-After` seconds.'],
};

const SHARED_RESPONSES = Object.fromEntries(
  Object.values(SHARED).map(([name, description]) => [name, { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }]),
);

/** Statuses an operation cannot answer (liveness is never limited nor shed; readiness never limited). */
const NEVER: Record<string, number[]> = { '/health': [429, 503], '/ready': [429] };

/** Adds the shared problem responses to every operation that does not document them itself. */
export function documentProblems({ openapiObject }: { openapiObject: { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> } }) {
  for (const [path, operations] of Object.entries(openapiObject.paths ?? {})) {
    for (const operation of Object.values(operations) as Record<string, any>[]) {
      // @fastify/swagger marks every body required; `x-optional-body` routes also take none (feed tokens)
      if (operation['x-optional-body'] && operation.requestBody) operation.requestBody.required = false;
      delete operation['x-optional-body'];
      const responses = (operation.responses ??= {});
      for (const [status, [name]] of Object.entries(SHARED)) {
        if (!(status in responses) && !NEVER[path]?.includes(Number(status))) responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return openapiObject;
}
