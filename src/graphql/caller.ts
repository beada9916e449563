/** The GraphQL context and the caller's API key (shared by the hand-written extensions). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, requireApiKey, type ApiKeyOwner } from '../transport/auth.js';
import { isTableToken, matchCallerOf, tableTokenOwner } from '../transport/table-token.js';
import { OWNER, type MatchCaller } from '../app/matches/seat-tokens.js';
import { languageOf } from '../transport/context.js';
import type { Lang } from '../kernel/i18n.js';

export interface GraphqlContext {
  request: FastifyRequest;
  app: FastifyInstance;
  /** A subscription's `connection_init` payload (its `connectionParams`), kept by Mercurius. */
  _connectionInit?: { authorization?: unknown; headers?: { authorization?: unknown } } | null;
}

/**
 * The request whose credential the caller sent: over the WebSocket, `connectionParams.authorization`
 * (browsers cannot set headers on a WebSocket) wins over the upgrade request's header; the upgrade
 * request may lack `server`.
 */
function credentialRequest(ctx: GraphqlContext): FastifyRequest {
  const req = ctx.request as FastifyRequest & { server?: FastifyInstance };
  const init = ctx._connectionInit;
  const given = init?.authorization ?? init?.headers?.authorization;
  const authorization = typeof given === 'string' ? given : undefined;
  if (req.server && authorization === undefined) return req;
  const headers = { ...(req.headers ?? {}), ...(authorization !== undefined ? { authorization } : {}) };
  return Object.assign(Object.create(null), { headers, ip: req.ip, server: ctx.app, log: ctx.app.log }) as FastifyRequest;
}

/** The caller's key. */
export function owner(ctx: GraphqlContext): Promise<ApiKeyOwner> {
  return requireApiKey(credentialRequest(ctx));
}

/**
 * The caller of a match field (CONTRACT §8.1): a seat or spectator token of match `matchId` stands
 * for its owner's key, as that seat or spectator; an API key is the owner. Also `seatGeneration`
 * for a seat (its subscription ends when the seat's tokens are revoked).
 */
export async function matchCaller(ctx: GraphqlContext, matchId: string): Promise<MatchCaller & { seatGeneration?: number }> {
  const request = credentialRequest(ctx);
  const token = bearerToken(request);
  if (isTableToken(token)) {
    const key = await tableTokenOwner(request, { token, matchId });
    return { ...matchCallerOf(request, key), ...(request.seatGeneration !== undefined ? { seatGeneration: request.seatGeneration } : {}) };
  }
  return { ownerId: (await requireApiKey(request)).id, viewer: OWNER };
}

/** The summaries' language of a GraphQL request: its Accept-Language, negotiated as on REST. */
export const callerLanguage = (ctx: GraphqlContext): Lang => languageOf(ctx.request.headers?.['accept-language']);
