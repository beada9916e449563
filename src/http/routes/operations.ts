/**
 * REST adapter: one route per operation of the registry, validated by its TypeBox body schema.
 * An operation with a `chart` also answers image/svg+xml or image/png when Accept prefers them.
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

export async function operationRoutes(app: FastifyInstance): Promise<void> {
  for (const op of operations as Operation<any>[]) {
    const ok = op.chart ? { description: 'The answer as JSON (default), or a chart of it as SVG or PNG, chosen by Accept.', content: chartContent(op.response) } : op.response;
    app.route({
      method: op.method,
      url: op.path,
      schema: {
        operationId: op.id,
        tags: op.tags,
        summary: op.summary,
        description: op.description,
        ...(op.body ? { body: op.examples?.length ? { ...op.body, examples: op.examples.map((e) => e.value) } : op.body } : {}),
        response: { 200: ok, ...problemResponses(op.body ? [400, 422, 429] : [429]) },
      },
      handler: async (request, reply) => {
        const result = await op.handle(request.body, contextFor(request));
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
}
