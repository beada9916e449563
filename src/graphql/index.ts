/** GraphQL adapter (Mercurius at /graphql, GraphiQL at /graphiql outside production). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { servedSchema } from './schema.js';
import { costOptions, limitCost } from './limits.js';
import { chargePerRootField } from './rate-charge.js';
import { limitDocumentCost } from './cost.js';
import { formatErrors } from './errors.js';
import { introspectionAllowed, noIntrospectionRule } from './introspection.js';

export { asGraphqlError } from './errors.js';
export type { GraphqlContext } from './caller.js';

export const graphqlPlugin = fp(async (app: FastifyInstance, _opts: { graphiql: boolean }) => {
  const limits = app.config.graphql;
  chargePerRootField(app);
  const { validationRules } = costOptions(limits);
  await app.register(mercurius, {
    schema: servedSchema(),
    graphiql: false, // GraphiQL is served from local assets by src/http/routes/graphiql.ts
    validationRules: introspectionAllowed(limits, app.config.production) ? validationRules : [...validationRules, noIntrospectionRule],
    subscription: { context: (_socket, request) => ({ request, app }) },
    context: (request) => ({ request, app }),
    errorFormatter: formatErrors,
  });
  limitCost(app, limits);
  limitDocumentCost(app);
});
