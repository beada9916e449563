/** REST adapter: one route per operation of the registry, validated by its TypeBox body schema. */
import type { FastifyInstance } from 'fastify';
import { operations } from '../../app/registry.js';
import type { Operation } from '../../app/operation.js';
import { contextFor } from '../../transport/context.js';
import { problemResponses } from '../schemas.js';

export async function operationRoutes(app: FastifyInstance): Promise<void> {
  for (const op of operations as Operation<any>[]) {
    app.route({
      method: op.method,
      url: op.path,
      schema: {
        operationId: op.id,
        tags: op.tags,
        summary: op.summary,
        description: op.description,
        ...(op.body ? { body: op.examples?.length ? { ...op.body, examples: op.examples.map((e) => e.value) } : op.body } : {}),
        response: { 200: op.response, ...problemResponses(op.body ? [400, 422, 429] : [429]) },
      },
      handler: async (request) => op.handle(request.body, contextFor(request)),
    });
  }
}
