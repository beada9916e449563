/** The GraphQL context and the caller's API key (shared by the hand-written extensions). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApiKey, type ApiKeyOwner } from '../transport/auth.js';

export interface GraphqlContext {
  request: FastifyRequest;
  app: FastifyInstance;
}

/** The caller's key; subscriptions carry the upgrade request, which may lack `server`. */
export function owner(ctx: GraphqlContext): Promise<ApiKeyOwner> {
  const req = ctx.request as FastifyRequest & { server?: FastifyInstance };
  const request = req.server ? req : (Object.assign(Object.create(null), { headers: req.headers ?? {}, server: ctx.app, log: ctx.app.log }) as FastifyRequest);
  return requireApiKey(request);
}
