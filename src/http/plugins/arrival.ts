/**
 * The one `onRequest` hook of the root instance: everything the service does to a request on its
 * arrival, as steps run in order by a single synchronous hook — the headers every answer carries
 * and CORS preflights (./arrival-headers.ts), rate limiting (./rate-limit.ts), load shedding
 * (./load-shedding.ts). Each used to be a hook of its own; one hook is one call and one `done` per
 * request where three (and the compression plugin's fourth) ran, with the same order and answers.
 * It waits only when a step must (a credential verified, a count in Redis).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** What a step did: nothing to stop the request (undefined), answered it itself, or refused it with an error (the error handler answers). */
export const ANSWERED = 1;
export type StepOutcome = undefined | typeof ANSWERED | Error;

/** One step on arrival; a promise only when it must wait. */
export type ArrivalStep = (request: FastifyRequest, reply: FastifyReply) => StepOutcome | Promise<StepOutcome>;

/** Runs `steps` from `from` on, synchronously while they answer at once. */
function run(steps: readonly ArrivalStep[], from: number, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (let i = from; i < steps.length; i++) {
    const outcome = steps[i]!(request, reply);
    if (outcome === undefined) continue;
    if (outcome instanceof Promise) {
      outcome.then((waited) => settle(steps, i + 1, waited, request, reply, done), done);
      return;
    }
    // answered by the step (a preflight, a 503): the request goes no further
    if (outcome === ANSWERED) return;
    return done(outcome);
  }
  done();
}

function settle(steps: readonly ArrivalStep[], next: number, outcome: StepOutcome, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (outcome === undefined) return run(steps, next, request, reply, done);
  if (outcome !== ANSWERED) done(outcome);
}

/** Registers the one arrival hook running `steps` (undefined entries are steps turned off). */
export function registerArrival(app: FastifyInstance, steps: readonly (ArrivalStep | undefined)[]): void {
  const on = steps.filter((step): step is ArrivalStep => step !== undefined);
  if (on.length === 0) return;
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => run(on, 0, request, reply, done));
}
