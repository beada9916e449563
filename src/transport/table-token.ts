/**
 * Seat and spectator tokens at the transport (CONTRACT §8.1): a match route that declares
 * `config: { tableToken: true }` accepts `Authorization: Bearer <seat or spectator token>` (its
 * stream also `?token=`) for the match named by its `:id`. The token stands for the owner's key
 * (the match is looked up as the owner's) and sets `request.matchViewer`: the seat or spectator it
 * reads and acts as, and `request.tableToken`: the token's own budget (CONTRACT §9.4: its requests
 * and streams count per token and per match, never against the owner's key) and its expiry (its
 * streams end then). A token for another match, of
 * another use, expired, revoked with its seat, or whose owner's key is revoked → 401 `invalid_token`.
 * Every other route treats such a token as an unknown credential (401).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { KeyOwner } from '../app/ports.js';
import { decodeCompact, tokenUse } from '../app/league/receipts.js';
import { OWNER, type MatchCaller, type MatchViewer, type SeatTokenRejection } from '../app/matches/seat-tokens.js';
import { HttpProblem, isOutage, unavailable } from './problem.js';
import { bearerToken } from './auth.js';
import { queryToken } from './feed-token.js';
import './services.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This match route accepts seat and spectator tokens for the match named by `:id` (CONTRACT §8.1). */
    tableToken?: boolean;
  }
  interface FastifyRequest {
    /** As whom a seat or spectator token reads and acts (set when one authenticated the request). */
    matchViewer?: MatchViewer;
    /** The generation of the seat token that authenticated the request (streams end when it changes). */
    seatGeneration?: number;
    /** The seat or spectator token that authenticated the request: its budget and expiry (CONTRACT §9.4). */
    tableToken?: TableTokenBudget;
  }
}

/**
 * What a verified seat or spectator token counts against and when it dies (CONTRACT §9.4):
 * `budget` names the token's own rate-limit bucket and stream slots — a seat's tokens of one
 * generation share one (`seat:<match>:<player>:<generation>`), each spectator token has its own
 * (`spectator:<digest of the token>`) — and `matchId` the budget of all the match's tokens together.
 */
export interface TableTokenBudget {
  kind: 'seat' | 'spectator';
  ownerId: string;
  matchId: string;
  budget: string;
  /** When the token expires (ms since the epoch): its open streams end then with reason `expired`. */
  expiresAt: number;
  playerId?: string;
  generation?: number;
}

/**
 * The budget of a seat or spectator token, from its claims. It does not verify the token: call it
 * only on a token already checked (`matches.seats.check`), or to learn which match it claims.
 */
export function tableTokenBudget(token: string): TableTokenBudget | undefined {
  const decoded = decodeCompact(token);
  const use = tokenUse(decoded?.header);
  if (!decoded || (use !== 'seat' && use !== 'spectator')) return undefined;
  const { sub, res, exp, seat, gen } = decoded.claims;
  if (typeof sub !== 'string' || typeof res !== 'string' || !res.startsWith('match:') || typeof exp !== 'number') return undefined;
  const matchId = res.slice('match:'.length);
  if (use === 'seat') {
    if (typeof seat !== 'string' || typeof gen !== 'number') return undefined;
    return { kind: 'seat', ownerId: sub, matchId, budget: `seat:${matchId}:${seat}:${gen}`, expiresAt: exp * 1000, playerId: seat, generation: gen };
  }
  const digest = createHash('sha256').update(token).digest('base64url').slice(0, 22);
  return { kind: 'spectator', ownerId: sub, matchId, budget: `spectator:${digest}`, expiresAt: exp * 1000 };
}

/** The routes that take seat and spectator tokens (for the messages of refusals). */
export const TABLE_TOKEN_ROUTES =
  'GET /v1/matches/{id}, GET /v1/matches/{id}/events, GET /v1/matches/{id}/moves, GET /v1/matches/{id}/feed, the GraphQL match queries and subscription, and (seats) POST /v1/matches/{id}/commands';

const REJECTIONS: Record<SeatTokenRejection, string> = {
  malformed: 'The token is malformed.',
  not_a_table_token: 'The token is not a seat or spectator token.',
  bad_signature: 'The token was not signed by this service (or was altered).',
  expired: 'The token has expired; ask the match owner for a new one.',
  other_match: 'The token was issued for another match.',
  seat_revoked: 'The tokens of this seat were revoked by the match owner.',
};

/** Whether `credential` is a JWS whose `typ` names a seat or spectator token. */
export function isTableToken(credential: string | undefined): credential is string {
  if (!credential) return false;
  const use = tokenUse(decodeCompact(credential)?.header);
  return use === 'seat' || use === 'spectator';
}

/** The table token of a request to a route that takes them, with the match it must be for. */
export function tableTokenRequest(request: FastifyRequest): { token: string; matchId: string } | undefined {
  const config = request.routeOptions?.config;
  if (!config?.tableToken) return undefined;
  // streams (the routes that take feed tokens) also take ?token=: EventSource cannot send headers
  const token = bearerToken(request) ?? (config.feedToken ? queryToken(request) : undefined);
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return isTableToken(token) && typeof id === 'string' ? { token, matchId: id } : undefined;
}

/** The owner of the match the table token is for (its key not revoked), or a 401 / 503 problem; sets `request.matchViewer`. */
export async function tableTokenOwner(request: FastifyRequest, table: { token: string; matchId: string }): Promise<KeyOwner> {
  const { apiKeys, matches } = request.server.services;
  if (!apiKeys || !matches) throw unavailable('Seat tokens cannot be checked: no database is configured.');
  let check: Awaited<ReturnType<typeof matches.seats.check>>;
  let revoked: string[] = [];
  try {
    check = await matches.seats.check(table.token, table.matchId);
    if (check.ok) revoked = await apiKeys.revokedAmong([check.caller.ownerId]);
  } catch (error) {
    if (!isOutage(error)) request.log.error({ err: error }, 'seat token check failed'); // an outage is logged once
    throw unavailable('Seat tokens cannot be checked right now; retry later.');
  }
  if (!check.ok) throw new HttpProblem(401, 'invalid_token', REJECTIONS[check.reason], { reason: check.reason });
  if (revoked.length > 0) throw new HttpProblem(401, 'invalid_token', 'The API key of the match owner was revoked.', { reason: 'key_revoked' });
  request.matchViewer = check.caller.viewer;
  if (check.generation !== undefined) request.seatGeneration = check.generation;
  const budget = tableTokenBudget(table.token);
  if (budget) request.tableToken = budget;
  return { id: check.caller.ownerId, name: '' };
}

/**
 * The budget of a seat or spectator token sent where no match is named before it runs (GraphQL):
 * the token is checked for the match it claims (signature, expiry, seat generation), so an invented
 * or dead token has no budget of its own (it is counted by client address). Undefined when it fails.
 */
export async function verifiedTableTokenBudget(request: FastifyRequest, token: string): Promise<TableTokenBudget | undefined> {
  const claimed = tableTokenBudget(token);
  const matches = request.server.services.matches;
  if (!claimed || !matches) return undefined;
  try {
    const check = await matches.seats.check(token, claimed.matchId);
    return check.ok ? claimed : undefined;
  } catch {
    return undefined;
  }
}

/** The caller of a match route once authenticated: the owner's id and as whom the request reads. */
export function matchCallerOf(request: FastifyRequest, owner: KeyOwner): MatchCaller {
  return { ownerId: owner.id, viewer: request.matchViewer ?? OWNER };
}
