/**
 * Simulations (CONTRACT §6): queued Monte Carlo runs of `eden.melee` / `eden.ranged`, owned by the
 * API key that submitted them (other keys get 404). POST → 202 `{id, status}`; GET → status,
 * progress and, once completed, the result; DELETE cancels; `/events` streams progress as
 * Server-Sent Events; `/chart.svg` draws the wounds histogram.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { authenticate, requireApiKey } from '../plugins/auth.js';
import { HttpProblem } from '../../transport/problem.js';
import { simulationNotFound, simulationsFailure } from '../../transport/simulations.js';
import { simulationsOf } from '../../transport/services.js';
import { problemResponses } from '../schemas.js';
import { SSE_ROUTE, holdStream, openEventStream, sendEvent, sendShutdown, streamProblemResponses } from '../sse.js';
import { eventStreamResponse } from '../openapi/event-stream.js';
import { onStreamEnd, sendEnded } from '../revocation.js';
import type { SimulationService, SimulationView } from '../../app/simulations/service.js';
import { CHART_DESCRIPTION, CHART_RESPONSE, sendChart } from './simulation-chart.js';
import { FeedTokenQuery } from '../../app/feeds/schemas.js';
import { feedTokenRoute } from '../feed-tokens.js';
import { SimulationSubmittedSchema, SimulationViewSchema, SubmitSimulationSchema, type SubmitSimulationBody } from '../../app/simulations/schemas.js';

const IdParams = Type.Object({ id: Type.String({ description: 'Simulation id (uuid).' }) });
const TAGS = ['simulations'];
const SECURITY = [{ apiKey: [] }];

const service = (app: FastifyInstance): SimulationService => simulationsOf(app);

/**
 * Errors of the database or the queue (not of the request) are 503 + Retry-After, never a 500:
 * rule violations, input problems and HTTP problems pass through unchanged.
 */
function infra(request: FastifyRequest, error: unknown): unknown {
  return simulationsFailure(error, (e) => request.log.error({ err: e }, 'simulations: database or queue failure'));
}

async function guard<T>(request: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw infra(request, error);
  }
}

const notFound = simulationNotFound;

export async function simulationRoutes(app: FastifyInstance): Promise<void> {
  // After validation, as before: a bad body is 400 whatever the key (a rate-limited caller gets 429 first).
  authenticate(app, 'preHandler');
  // re-enqueue simulations left unfinished by a previous run (the in-process runner forgets them)
  app.addHook('onReady', async () => {
    void app.services.simulations?.recover();
  });
  app.post<{ Body: SubmitSimulationBody }>('/v1/simulations', {
    schema: {
      operationId: 'simulations.submit',
      tags: TAGS,
      security: SECURITY,
      summary: 'Queue a Monte Carlo simulation of an EDEN attack',
      description:
        'Queues `iterations` resolutions of the attack in `request` (rules as in the stateless endpoint). ' +
        'An identical submission by the same key (same kind, request, iterations and seed) while the first is queued or running, ' +
        'or after it completed when a `seed` was given, returns the first simulation (`deduplicated: true`). ' +
        'Each key may have at most 5 simulations queued or running (429 `simulation_limit`).',
      body: SubmitSimulationSchema,
      response: {
        202: SimulationSubmittedSchema,
        ...problemResponses([400, 401, 422, 429, 503]),
      },
    },
    handler: async (request, reply) =>
      guard(request, async () => {
        const owner = await requireApiKey(request);
        const body = request.body;
        const outcome = await service(app).submit(owner.id, { kind: body.kind, request: body.request, iterations: body.iterations, seed: body.seed, dice: body.dice });
        if (!outcome.ok) {
          throw new HttpProblem(
            429,
            'simulation_limit',
            `This API key already has ${outcome.active} simulations queued or running (limit ${outcome.limit}); wait for one to finish or cancel one.`,
            { limit: outcome.limit },
          );
        }
        reply.code(202).header('location', `/v1/simulations/${outcome.id}`);
        return { id: outcome.id, status: outcome.status, deduplicated: outcome.deduplicated };
      }),
  });

  app.get<{ Params: { id: string } }>('/v1/simulations/:id', {
    schema: {
      operationId: 'simulations.get',
      tags: TAGS,
      security: SECURITY,
      summary: 'Status, progress and result of a simulation',
      params: IdParams,
      response: { 200: SimulationViewSchema, ...problemResponses([401, 404, 503]) },
    },
    handler: async (request) =>
      guard(request, async () => {
        const owner = await requireApiKey(request);
        const v = await service(app).get(owner.id, request.params.id);
        if (!v) throw notFound(request.params.id);
        return v;
      }),
  });

  app.delete<{ Params: { id: string } }>('/v1/simulations/:id', {
    schema: {
      operationId: 'simulations.cancel',
      tags: TAGS,
      security: SECURITY,
      summary: 'Cancel a queued or running simulation',
      description: 'Answers the simulation with status `cancelled`. A simulation that already finished is 409 `simulation_finished`.',
      params: IdParams,
      response: { 200: SimulationViewSchema, ...problemResponses([401, 404, 409, 503]) },
    },
    handler: async (request) =>
      guard(request, async () => {
        const owner = await requireApiKey(request);
        const out = await service(app).cancel(owner.id, request.params.id);
        if (!out) throw notFound(request.params.id);
        if (!out.cancelled && out.simulation.status !== 'cancelled') {
          throw new HttpProblem(409, 'simulation_finished', `The simulation already finished (${out.simulation.status}).`, { simulationStatus: out.simulation.status });
        }
        return out.simulation;
      }),
  });

  // Browsers' EventSource: a feed token (?token=) in place of the key (CONTRACT §7.2)
  app.post(
    '/v1/simulations/:id/feed-tokens',
    feedTokenRoute({
      kind: 'simulation',
      tags: TAGS,
      assertOwned: (request, ownerId, id) =>
        guard(request, async () => {
          if (!(await service(app).get(ownerId, id))) throw notFound(id);
        }),
    }),
  );

  app.get<{ Params: { id: string } }>('/v1/simulations/:id/events', {
    sse: SSE_ROUTE,
    config: { feedToken: 'simulation' },
    schema: {
      operationId: 'simulations.events',
      tags: TAGS,
      security: SECURITY,
      summary: 'Progress as Server-Sent Events',
      description:
        'A `text/event-stream`: one `progress` event (data: the simulation as GET answers it) now, on every change and at least ' +
        'once a second while it runs, then a final `completed` / `failed` / `cancelled` event, after which the stream ends. ' +
        'When the server shuts down, a last `event: shutdown` (with `retry:`) ends the stream.',
      params: IdParams,
      querystring: FeedTokenQuery,
      response: {
        200: eventStreamResponse(
          '`progress` events (data: the simulation as GET /v1/simulations/{id} answers it), then one final `completed`, `failed` or `cancelled` event, after which the stream ends.',
        ),
        ...streamProblemResponses([401, 404, 503]),
      },
    },
    handler: async (request, reply) => {
      const { svc, owner, first } = await guard(request, async () => {
        const owner = await requireApiKey(request);
        const svc = service(app);
        const first = await svc.get(owner.id, request.params.id);
        if (!first) throw notFound(request.params.id);
        return { svc, owner, first };
      });
      await stream(request, reply, svc, owner.id, first);
    },
  });

  app.get<{ Params: { id: string } }>('/v1/simulations/:id/chart.svg', {
    // `<img src="…/chart.svg?token=…">`: a feed token of this simulation in place of the key (CONTRACT §7.2)
    config: { feedToken: 'simulation' },
    schema: {
      operationId: 'simulations.chart',
      tags: TAGS,
      security: SECURITY,
      summary: 'Chart of the result (SVG, or PNG by Accept): distribution of PC lost by the fighter attacked',
      description: CHART_DESCRIPTION,
      params: IdParams,
      querystring: FeedTokenQuery,
      response: { 200: CHART_RESPONSE, ...problemResponses([401, 404, 503]) },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const v = await guard(request, () => service(app).get(owner.id, request.params.id));
      if (!v) throw notFound(request.params.id);
      return sendChart(request, reply, v);
    },
  });
}

async function stream(request: FastifyRequest, reply: FastifyReply, svc: SimulationService, ownerId: string, first: SimulationView): Promise<void> {
  let stop = () => {};
  // one of the key's and the address's open streams (429 too_many_streams past a cap); on shutdown
  // `event: shutdown`, then the end (CONTRACT §8.5)
  await holdStream(request, reply, ownerId, () => {
    stop();
    void sendShutdown(reply).finally(() => reply.sse.close());
  });
  openEventStream(reply, 'simulation progress');
  // the stream outlives the handler: it ends after the final event, or when the client leaves
  reply.sse.keepAlive();
  stop = svc.watch(
    ownerId,
    first.id,
    (v) => void sendEvent(reply, v.status === 'queued' || v.status === 'running' ? 'progress' : v.status, v).catch(() => undefined),
    () => reply.sse.close(),
  );
  reply.sse.onClose(stop);
  // a revoked key (`event: revoked`, CONTRACT §7.2) or an expired feed token (`event: expired`, §9.4) ends the stream
  onStreamEnd(request, reply, ownerId, (reason) => {
    stop();
    void sendEnded(reply, reason).finally(() => reply.sse.close());
  });
}
