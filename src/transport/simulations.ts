/** Problems of the simulation endpoints, the same on REST and GraphQL (CONTRACT §6). */
import { InvalidInput, NotFound, RuleViolation } from '../kernel/errors.js';
import { HttpProblem, isOutage, unavailable } from './problem.js';

/** Unknown, or another key's: the same 404. */
export const simulationNotFound = (id: string) => new HttpProblem(404, 'not_found', `No simulation ${id} for this API key.`);

/**
 * Errors of the database or the queue (not of the request) become 503 + Retry-After, never a 500
 * (`report` sees them first); rule violations, input problems and HTTP problems pass unchanged.
 */
export function simulationsFailure(error: unknown, report?: (error: unknown) => void): unknown {
  if (error instanceof HttpProblem || error instanceof RuleViolation || error instanceof InvalidInput || error instanceof NotFound) return error;
  // the queue or the database away: mapped once, to 503 (queue_unavailable / unavailable) + Retry-After
  // (src/transport/problem.ts); the outage itself is logged once by the dependency, not per request
  if (isOutage(error)) return error;
  report?.(error);
  return unavailable('The simulation store or queue is not answering; retry later.');
}
