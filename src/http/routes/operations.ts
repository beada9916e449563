/**
 * REST adapter: one route per operation of the registry, validated by its TypeBox body schema.
 * An operation with a `chart` also answers image/svg+xml or image/png when Accept prefers them; one
 * with a `text` form also accepts a text/plain body (on its own route only).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { operations } from '../../app/registry.js';
import type { Operation } from '../../kernel/operation.js';
import { contextFor } from '../../transport/context.js';
import { chartContent, preferredChart, svgToPng } from '../../transport/chart.js';
import { problemResponses } from '../schemas.js';
import { declaringWarnings, unknownMembers, withWarnings } from '../../kernel/unknown-members.js';
import { announceLanguage, appendVary } from '../language.js';
import { acceptsCatalogRef, attachCatalogRef, namesCatalogRef } from '../../games/eden/operations/catalog-ref.js';
import { blindRollsFor } from './dice.js';

/** The route of one operation on `app`. */
function route(app: FastifyInstance, op: Operation<any>): void {
  // the answer may carry the `warnings` of unknown members (withWarnings below): declared, so the compiled serializer writes them
  const json = declaringWarnings(op.response);
  const ok = op.chart
    ? { description: 'The answer as JSON (default), or a chart of it as SVG or PNG, chosen by Accept.', content: chartContent(json) }
    : op.response.type === 'string'
      ? { description: op.response.description ?? 'Text', content: { 'text/plain': { schema: op.response } } }
      : json;
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
      ...(op.query ? { querystring: op.query } : {}),
      response: { 200: ok, ...(op.rest?.responses ?? {}), ...problemResponses(op.body ? [400, 422, 429] : [429]) },
    },
    // a league's stored catalog named by `catalogRef` is looked up before the body is validated (CONTRACT §8.4);
    // a callback hook that waits only when the body names one (no promise per request otherwise)
    ...(acceptsCatalogRef(op)
      ? {
          preValidation: (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
            if (!namesCatalogRef(request.body)) return done();
            attachCatalogRef(request.body, request.server.services.catalogs).then(() => done(), done);
          },
        }
      : {}),
    // synchronous for an operation that answers at once (no promise per request); a promise is waited for
    handler: (request, reply) => {
      // members the body schema declares nowhere are accepted but reported (`warnings`)
      const warnings = op.body ? unknownMembers(op.body, request.body) : [];
      const ctx = contextFor(request);
      // one object literal of one shape: spread ({...ctx, ...query}), it took V8's slow path and left ~350 bytes of old space per request
      const answer: unknown = op.handle(request.body, {
        lang: ctx.lang,
        dice: ctx.dice,
        randomSeed: ctx.randomSeed,
        receipts: ctx.receipts,
        source: request.textBody ? 'text' : 'json',
        query: op.query ? (request.query as Record<string, unknown>) : undefined,
        // blind rolls are REST only (CONTRACT §8.3: 201 with a commitment, no GraphQL shape)
        blindRolls: blindRollsFor(request),
      });
      const respond = (value: unknown): void => {
        const result = withWarnings(value, warnings);
        const status = op.rest?.status?.(result);
        if (status !== undefined) reply.code(status as 200);
        if (op.chart) appendVary(reply, 'Accept');
        const picture = op.chart && preferredChart(request.headers.accept);
        if (!picture) {
          if (typeof (result as { summary?: unknown } | null)?.summary === 'string') announceLanguage(reply, ctx.lang);
          reply.send(result);
          return;
        }
        const svg = op.chart!(result);
        if (picture === 'image/png') reply.type('image/png').send(svgToPng(svg));
        else reply.type('image/svg+xml; charset=utf-8').send(svg);
      };
      if (answer !== null && typeof (answer as { then?: unknown } | undefined)?.then === 'function') return (answer as Promise<unknown>).then(respond);
      respond(answer);
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
