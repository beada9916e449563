/** GraphQL adapter (Mercurius at /graphql, GraphiQL at /graphiql outside production). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { servedSchema } from './schema.js';
import { costOptions, limitCost } from './limits.js';
import { chargePerRootField } from './rate-charge.js';

export { asGraphqlError } from './errors.js';
export type { GraphqlContext } from './caller.js';

export const graphqlPlugin = fp(async (app: FastifyInstance, _opts: { graphiql: boolean }) => {
  const limits = app.config.graphql;
  chargePerRootField(app);
  await app.register(mercurius, {
    schema: servedSchema(),
    graphiql: false, // GraphiQL is served from local assets by src/http/routes/graphiql.ts
    ...costOptions(limits),
    subscription: { context: (_socket, request) => ({ request, app }) },
    context: (request) => ({ request, app }),
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter(execution, ctx);
      return { statusCode: formatted.statusCode === 500 ? 200 : formatted.statusCode, response: formatted.response };
    },
  });
  limitCost(app, limits);
});
