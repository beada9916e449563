/**
 * The services as the transports reach them: decorated on the Fastify instance by src/http/app.ts
 * (`app.services`, built once by src/composition.ts). A service whose ports are not configured is
 * a 503 problem with Retry-After, on REST and GraphQL alike.
 */
import type { FastifyInstance } from 'fastify';
import type { MatchRuntime, Services } from '../app/services.js';
import type { SimulationService } from '../app/simulations/service.js';
import type { KeyOwner } from '../app/ports.js';
import { unavailable } from './problem.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** The caller's API key, resolved once per request (src/transport/auth.ts). */
    apiKeyOwner: Promise<KeyOwner> | null;
  }
}

export function matchesOf(server: FastifyInstance): MatchRuntime {
  const matches = server.services.matches;
  if (!matches) throw unavailable('Matches need a database; none is configured.');
  return matches;
}

export function simulationsOf(server: FastifyInstance): SimulationService {
  const simulations = server.services.simulations;
  if (!simulations) throw unavailable('Simulations need a database and a job runner.');
  return simulations;
}
