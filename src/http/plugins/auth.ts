/**
 * API-key authentication for /v1/matches/** and /v1/simulations/** (CONTRACT §0).
 * `requireApiKey(request)` resolves `Authorization: Bearer <key>` to its owner (cached on the
 * request) or throws a 401 problem. A database that does not answer is a 503, never a 500.
 */
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../problem.js';
import { apiKeyStore, type ApiKeyStore } from '../../infra/keys.js';
import type { Database } from '../../app/ports.js';

export interface ApiKeyOwner {
  /** Id of the API key: the tenant that owns matches and simulations. */
  id: string;
  name: string;
}

const owners = new WeakMap<FastifyRequest, Promise<ApiKeyOwner>>();
const stores = new WeakMap<Database, ApiKeyStore>();

/** The key store of a database (one per database). */
export function keyStoreFor(database: Database): ApiKeyStore {
  let store = stores.get(database);
  if (!store) stores.set(database, (store = apiKeyStore(database)));
  return store;
}

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

export function unavailable(detail: string): HttpProblem {
  return Object.assign(new HttpProblem(503, 'unavailable', detail), { retryAfter: 5 });
}

function unauthorized(detail: string): HttpProblem {
  return new HttpProblem(401, 'unauthorized', detail);
}

async function resolveOwner(request: FastifyRequest): Promise<ApiKeyOwner> {
  const key = bearerToken(request);
  if (!key) throw unauthorized('Send Authorization: Bearer <api key>.');
  const database = request.server.deps.database;
  if (!database) throw unavailable('API keys cannot be checked: no database is configured.');
  let owner: ApiKeyOwner | undefined;
  try {
    owner = await keyStoreFor(database).resolve(key);
  } catch (error) {
    request.log.error({ err: error }, 'API key lookup failed');
    throw unavailable('API keys cannot be checked right now; retry later.');
  }
  if (!owner) throw unauthorized('Unknown or revoked API key.');
  return owner;
}

export async function requireApiKey(request: FastifyRequest): Promise<ApiKeyOwner> {
  let owner = owners.get(request);
  if (!owner) {
    owner = resolveOwner(request);
    owners.set(request, owner);
  }
  return owner;
}
