/**
 * GET /v1/simulations (CONTRACT §8.2): the calling key's simulations, newest first, a page at a
 * time, with the same opaque cursor as GET /v1/matches. Another key's simulations are never listed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SimulationStatusSchema } from '../../app/simulations/schemas.js';
import type { SimulationStatus } from '../../app/simulations/ports.js';
import { simulationsFailure } from '../../transport/simulations.js';
import { simulationsOf } from '../../transport/services.js';
import { authenticate, requireApiKey } from '../plugins/auth.js';
import { problemResponses } from '../schemas.js';
import { ListWindowQuery } from './match-list.js';

const SimulationListQuery = Type.Object({
  status: Type.Optional(SimulationStatusSchema),
  ...ListWindowQuery,
});

const SimulationListItem = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String(),
    status: SimulationStatusSchema,
    progress: Type.Number({ minimum: 0, maximum: 1, description: 'Share of iterations done, as last stored (GET /v1/simulations/{id} has the live value).' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'SimulationListItem' },
);

const SimulationList = Type.Object(
  {
    simulations: Type.Array(SimulationListItem, { description: 'Newest first.' }),
    next: Type.Optional(Type.String({ description: 'The `cursor` of the next page; absent on the last page.' })),
  },
  { title: 'SimulationList' },
);

/** The database away → 503 + Retry-After, as on every simulation route; a bad cursor stays a 400. */
const failure = (request: FastifyRequest, error: unknown) => simulationsFailure(error, (e) => request.log.error({ err: e }, 'simulations: database failure'));

export async function simulationListRoutes(app: FastifyInstance): Promise<void> {
  // as every simulation route: after validation (a bad query → 400 whatever the key)
  authenticate(app, 'preHandler');

  app.get<{ Querystring: Static<typeof SimulationListQuery> }>('/v1/simulations', {
    schema: {
      tags: ['simulations'],
      security: [{ apiKey: [] }],
      operationId: 'simulations.list',
      summary: "The calling key's simulations, newest first, a page at a time.",
      description:
        'Filter: `status`. Pages hold at most `limit` simulations; `next` is the `cursor` of the next page and is absent on the last one. ' +
        'Pages follow the last listed simulation (its creation time and id), so a simulation submitted while a client pages never makes one listed twice or skipped.',
      querystring: SimulationListQuery,
      response: { 200: SimulationList, ...problemResponses([400, 401, 429, 503]) },
    },
    handler: async (request) => {
      const owner = await requireApiKey(request);
      const { status, limit, cursor } = request.query;
      try {
        // the schema admits the five statuses only
        return await simulationsOf(app).list(owner.id, { status: status as SimulationStatus | undefined, limit, cursor });
      } catch (error) {
        throw failure(request, error);
      }
    },
  });
}
