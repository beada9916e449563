/** The top of the OpenAPI document. */
export function openApiInfo() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arbiter — tabletop rules as a service',
      version: '1.0.0',
      description: [
        'Resolves EDEN, Ánima: La Sombra de Omega, Exsilium and The Spirit of Eden exactly as their rulebooks say.',
        '',
        '- Every error is `application/problem+json`; schema errors list every problem with a JSON-pointer `path`; rule violations are 422 with a `code`.',
        '- Endpoints that roll accept `dice`: `{"values": [...]}` (fixed, left to right) or `{"seed": "..."}` (deterministic: cyrb128 → sfc32, rejection-sampled dice), and answer with the full transcript.',
        '- `summary` strings follow Accept-Language (en, es, de); machine fields never do.',
        '- `/v1/matches/**` and `/v1/simulations/**` need `Authorization: Bearer <api key>`.',
      ].join('\n'),
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'API key from POST /v1/admin/keys' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN the service was started with' },
      },
    },
    tags: [
      { name: 'system', description: 'Health, readiness, discovery' },
      { name: 'eden', description: 'EDEN (28 mm skirmish), both printings' },
      { name: 'anima', description: 'Ánima: La Sombra de Omega' },
      { name: 'exsilium', description: 'Exsilium — Newaru AI' },
      { name: 'spirit-of-eden', description: 'The Spirit of Eden — Goomz phase' },
      { name: 'matches', description: 'Event-sourced match logs' },
      { name: 'simulations', description: 'Queued Monte Carlo simulations' },
      { name: 'admin', description: 'API keys' },
    ],
  };
}

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
        summary: method === 'GET' ? 'GraphQL over GET (queries only)' : 'GraphQL endpoint',
        description:
          'Every REST operation has a GraphQL field with the same input (`input: JSON!`) and output; see schema.graphql. Errors carry the same problem fields (`code`, `errors`) in `extensions`. Subscriptions (match events, simulation progress) use WebSocket on the same path. Cost is bounded: a document over a limit (tokens `GRAPHQL_MAX_TOKENS`, default 10000; depth `GRAPHQL_MAX_DEPTH`, 8, introspection of `__schema` not counted; aliases `GRAPHQL_MAX_ALIASES`, 15; root fields `GRAPHQL_MAX_ROOT_FIELDS`, 20; directives `GRAPHQL_MAX_DIRECTIVES`, 10; large fields such as `edenCatalog`, `match`, `matchEvents` `GRAPHQL_MAX_LARGE_FIELDS`, 2) is refused with HTTP 400 before any resolver runs, with one error whose `extensions` are `{code: "query_too_complex", status: 400, measure, limit, measured}` (tokens are counted only until the limit is passed, so `measured` is then limit + 1). Subscriptions are checked the same way (the WebSocket `error` message). Revoking an API key ends its subscriptions within 5 s with an error whose `extensions.code` is `key_revoked`.',
      },
      url,
    };
  }
  return { schema: schema ?? {}, url };
}
