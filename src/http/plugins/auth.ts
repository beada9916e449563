/**
 * API-key authentication for /v1/matches/** and /v1/simulations/** (CONTRACT §0).
 * `requireApiKey(request)` resolves `Authorization: Bearer <key>` to its owner or throws a 401 problem.
 * (Filled by the foundation issue's infra work.)
 */
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../problem.js';

export interface ApiKeyOwner {
  /** Id of the API key: the tenant that owns matches and simulations. */
  id: string;
  name: string;
}

export async function requireApiKey(_request: FastifyRequest): Promise<ApiKeyOwner> {
  throw new HttpProblem(401, 'unauthorized', 'Send Authorization: Bearer <api key>.');
}
