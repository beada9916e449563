/** REST adapter: one route per operation of the registry, validated by its TypeBox body schema. */
import type { FastifyInstance } from 'fastify';
import { operations } from '../../app/registry.js';
import type { Operation } from '../../app/operation.js';
import { contextFor } from '../../transport/context.js';
import { problemResponses } from '../schemas.js';

/** The route of one operation on `app`. */
function route(app: FastifyInstance, op: Operation<any>): void {
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
    handler: async (request) => op.handle(request.body, { ...contextFor(request), source: request.textBody ? 'text' : 'json' }),
  });
}

export async function operationRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('textBody', false);
  for (const op of operations as Operation<any>[]) {
    const text = op.text;
    if (!text) {
      route(app, op);
      continue;
    }
    // text/plain only for this route: its own plugin scope, so every other route keeps its 415
    await app.register(async (scoped) => {
      scoped.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
        request.textBody = true;
        try {
          done(null, text.parse(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      });
      route(scoped, op);
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body arrived as text/plain (an operation with a `text` form). */
    textBody: boolean;
  }
}
