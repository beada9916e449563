/**
 * Load shedding (MAX_EVENT_LOOP_DELAY_MS): above that event-loop delay, requests to the API's
 * routes are answered 503 `overloaded` with Retry-After (a step of the one arrival hook,
 * ./arrival.ts). One pressure state serves the shedding and `/ready`, so `/ready` says 200 only
 * when requests are served.
 *
 * The delay is measured every second once the app is ready: the mean of `monitorEventLoopDelay`
 * over the last second, or how late the sampling timer itself fired when that is more (a loop
 * blocked for the whole second has no histogram sample). Before the first measurement the delay
 * is 0: nothing is shed at start-up on a guess (@fastify/under-pressure reported `Infinity` there,
 * counting the start-up's own work, and refused requests for a second while /ready said 200).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { problem } from '../../transport/problem.js';
import { sendProblem } from '../problem.js';
import { ANSWERED, type ArrivalStep } from './arrival.js';

const SAMPLE_MS = 1000;
const RESOLUTION_MS = 10;
const RETRY_AFTER_S = 5;

export interface Pressure {
  /** The last measured event-loop delay in ms (0 until the first measurement). */
  readonly eventLoopDelay: number;
  /** True when requests are being shed. */
  overloaded(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    pressure: Pressure;
  }
}

export function registerLoadShedding(app: FastifyInstance, maxEventLoopDelayMs: number): void {
  let delay = 0;
  const pressure: Pressure = {
    get eventLoopDelay() {
      return delay;
    },
    overloaded: () => maxEventLoopDelayMs > 0 && delay > maxEventLoopDelayMs,
  };
  app.decorate('pressure', pressure);
  if (maxEventLoopDelayMs <= 0) return;

  // Measuring starts once the app is ready: start-up work (schema compilation) is not load.
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let due = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const now = performance.now();
    const late = Math.max(0, now - due);
    const mean = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : 0;
    delay = Math.max(mean, late);
    histogram.reset();
    due = now + SAMPLE_MS;
    timer?.refresh();
  };
  app.addHook('onReady', async () => {
    histogram.enable();
    due = performance.now() + SAMPLE_MS;
    timer = setTimeout(sample, SAMPLE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    histogram.disable();
  });
}

/** Marks the routes of `app` (the API's; liveness, readiness and the documents are not) as shed under pressure. */
const SHED = Symbol('shed under pressure');
export function shedWhenOverloaded(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object | undefined), [SHED]: true } as never;
  });
}

/**
 * The shedding arrival step (./arrival.ts), after rate limiting: while the pressure state says
 * overloaded, a request to a route marked by `shedWhenOverloaded` is answered 503 with Retry-After.
 * The common case (not overloaded) costs one call.
 */
export function shedding(app: FastifyInstance): ArrivalStep {
  const { pressure } = app;
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!pressure.overloaded() || (request.routeOptions.config as unknown as Record<symbol, unknown> | undefined)?.[SHED] !== true) return undefined;
    reply.header('retry-after', String(RETRY_AFTER_S));
    void sendProblem(reply, problem(503, 'overloaded', `The server is overloaded (eventLoopDelay: ${pressure.eventLoopDelay}); retry later.`));
    return ANSWERED;
  };
}
