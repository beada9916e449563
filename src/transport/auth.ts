/**
 * API-key authentication for /v1/matches/**, /v1/simulations/** and their GraphQL fields
 * (CONTRACT §0). `requireApiKey(request)` resolves `Authorization: Bearer <key>` to its owner
 * (once per request) or throws a 401 problem. A database that does not answer is a 503, never a 500.
 */
import type { FastifyRequest } from 'fastify';
import type { KeyOwner } from '../app/ports.js';
import { HttpProblem, unavailable } from './problem.js';
import './services.js';

export type ApiKeyOwner = KeyOwner;

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), if any. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

function unauthorized(detail: string): HttpProblem {
  return new HttpProblem(401, 'unauthorized', detail);
}

async function resolveOwner(request: FastifyRequest): Promise<ApiKeyOwner> {
  const key = bearerToken(request);
  if (!key) throw unauthorized('Send Authorization: Bearer <api key>.');
  const keys = request.server.services.apiKeys;
  if (!keys) throw unavailable('API keys cannot be checked: no database is configured.');
  let owner: ApiKeyOwner | undefined;
  try {
    owner = await keys.resolve(key);
  } catch (error) {
    request.log.error({ err: error }, 'API key lookup failed');
    throw unavailable('API keys cannot be checked right now; retry later.');
  }
  if (!owner) throw unauthorized('Unknown or revoked API key.');
  return owner;
}

/** The owner of the request's API key (looked up once per request), or a 401/503 problem. */
export function requireApiKey(request: FastifyRequest): Promise<ApiKeyOwner> {
  return (request.apiKeyOwner ??= resolveOwner(request));
}
