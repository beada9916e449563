/**
 * GraphQL for simulations (CONTRACT §6), same use cases and validation as REST, same API key
 * (`Authorization: Bearer <key>` on the HTTP request or the WebSocket upgrade):
 * submitSimulation(input) → {id, status, deduplicated}; simulation(id) → the GET view;
 * cancelSimulation(id) → the view; subscription simulationProgress(id) → the view on every change
 * until it is finished.
 */
import type { GraphqlExtension } from '../extension.js';
import { HttpProblem } from '../../transport/problem.js';
import { simulationNotFound as notFound, simulationsFailure } from '../../transport/simulations.js';
import { simulationsOf } from '../../transport/services.js';
import type { SimulationService, SimulationView } from '../../app/simulations/service.js';
import { SimulationSubmittedSchema, SimulationViewSchema, SubmitSimulationSchema, type SubmitSimulationBody } from '../../app/simulations/schemas.js';
import { gql } from '../types/graphql-js.js';
import { owner, type GraphqlContext as Ctx } from '../caller.js';
import { untilRevoked } from '../revocation.js';
import { guarded as guardedResolver } from '../resolve.js';
import { validate } from '../../kernel/validate.js';

const service = (ctx: Ctx): SimulationService => simulationsOf(ctx.app);

// a database or queue failure is 503, never a 500
const guarded = <T>(fn: () => Promise<T>): Promise<T> => guardedResolver(fn, simulationsFailure);

/** Async iterator over a simulation's views, ending after the final one. */
async function* progress(svc: SimulationService, ownerId: string, id: string): AsyncGenerator<{ simulationProgress: SimulationView }> {
  const queue: SimulationView[] = [];
  let finished = false;
  let wake: (() => void) | undefined;
  const stop = svc.watch(
    ownerId,
    id,
    (v) => {
      queue.push(v);
      wake?.();
    },
    () => {
      finished = true;
      wake?.();
    },
  );
  try {
    for (;;) {
      while (queue.length) yield { simulationProgress: queue.shift()! };
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    stop();
  }
}

const id = { type: new gql.GraphQLNonNull(gql.GraphQLID) };

export const simulationsGraphql: GraphqlExtension = {
  fields: (t) => {
    const view = t.output(SimulationViewSchema, 'Simulation').type;
    return {
      query: {
        simulation: {
          type: view,
          description: "A simulation of the caller's API key. Same as GET /v1/simulations/{id}.",
          args: { id },
          resolve: (_root: unknown, args: { id: string }, ctx: Ctx) =>
            guarded(async () => {
              const me = await owner(ctx);
              const v = await service(ctx).get(me.id, args.id);
              if (!v) throw notFound(args.id);
              return v;
            }),
        },
      },
      mutation: {
        submitSimulation: {
          type: t.output(SimulationSubmittedSchema, 'SimulationSubmitted').type,
          description: 'Queue a Monte Carlo simulation: input as the body of POST /v1/simulations. Needs Authorization: Bearer <api key>.',
          args: { input: { type: t.inputField(SubmitSimulationSchema, 'SubmitSimulation') } },
          resolve: (_root: unknown, args: { input: unknown }, ctx: Ctx) =>
            guarded(async () => {
              const me = await owner(ctx);
              const body = validate<SubmitSimulationBody>(SubmitSimulationSchema, structuredClone(args.input));
              const out = await service(ctx).submit(me.id, body);
              if (!out.ok)
                throw new HttpProblem(429, 'simulation_limit', `This API key already has ${out.active} simulations queued or running (limit ${out.limit}).`, { limit: out.limit });
              return { id: out.id, status: out.status, deduplicated: out.deduplicated };
            }),
        },
        cancelSimulation: {
          type: view,
          description: 'Cancel a queued or running simulation. Same as DELETE /v1/simulations/{id}.',
          args: { id },
          resolve: (_root: unknown, args: { id: string }, ctx: Ctx) =>
            guarded(async () => {
              const me = await owner(ctx);
              const out = await service(ctx).cancel(me.id, args.id);
              if (!out) throw notFound(args.id);
              if (!out.cancelled && out.simulation.status !== 'cancelled')
                throw new HttpProblem(409, 'simulation_finished', `The simulation already finished (${out.simulation.status}).`);
              return out.simulation;
            }),
        },
      },
      subscription: {
        simulationProgress: {
          type: view,
          description: 'The simulation on every progress change (at least once a second while it runs), until it is finished.',
          args: { id },
          subscribe: (_root: unknown, args: { id: string }, ctx: Ctx) =>
            guarded(async () => {
              const me = await owner(ctx);
              const svc = service(ctx);
              if (!(await svc.get(me.id, args.id))) throw notFound(args.id);
              return untilRevoked(ctx, me.id, progress(svc, me.id, args.id));
            }),
        },
      },
    };
  },
};
