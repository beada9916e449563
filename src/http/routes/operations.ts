/**
 * REST adapter: one route per operation of the registry, validated by its TypeBox body schema.
 * An operation with a `chart` also answers image/svg+xml or image/png when Accept prefers them; one
 * with a `text` form also accepts a text/plain body (on its own route only).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { operations } from '../../app/registry.js';
import type { Operation } from '../../app/operation.js';
import { contextFor } from '../../transport/context.js';
import { chartContent, preferredChart, svgToPng } from '../../transport/chart.js';
import { problemResponses } from '../schemas.js';

function varyAccept(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept` : 'Accept');
}

/** The route of one operation on `app`. */
function route(app: FastifyInstance, op: Operation<any>): void {
  const ok = op.chart
    ? { description: 'The answer as JSON (default), or a chart of it as SVG or PNG, chosen by Accept.', content: chartContent(op.response) }
    : op.response.type === 'string'
      ? { description: op.response.description ?? 'Text', content: { 'text/plain': { schema: op.response } } }
      : op.response;
  app.route({
    method: op.method,
    url: op.path,
    schema: {
      operationId: op.id,
      tags: op.tags,
      summary: op.summary,
      description: op.description,
      // the stateless operations are open; examples are added to the document (src/http/openapi/)
      security: [],
      ...(op.body ? { body: op.body } : {}),
      response: { 200: ok, ...problemResponses(op.body ? [400, 422, 429] : [429]) },
    },
    handler: async (request, reply) => {
      const result = await op.handle(request.body, { ...contextFor(request), source: request.textBody ? 'text' : 'json' });
      if (!op.chart) return result;
      varyAccept(reply);
      const picture = preferredChart(request.headers.accept);
      if (!picture) return result;
      const svg = op.chart(result);
      if (picture === 'image/png') return reply.type('image/png').send(svgToPng(svg));
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
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
