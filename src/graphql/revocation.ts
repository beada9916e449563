/**
 * Every subscription's source is wrapped here (CONTRACT §7.2, §8.5, §9.4): opening it takes a slot
 * of the stream registry for its key and address — opened with a seat or spectator token, for that
 * token and its match instead of its owner's key (past MAX_STREAMS_PER_KEY / MAX_STREAMS_PER_IP /
 * MAX_STREAMS_PER_TOKEN / MAX_STREAMS_PER_MATCH: an error with `extensions.code:
 * "too_many_streams"`, status 429), ending it frees the slot. When its credential stops working its
 * next result is an error with status 401 and `extensions.reason`, which ends the subscription (the
 * WebSocket `error` message for its id): `key_revoked` (code `key_revoked`) once the owner's key is
 * revoked (`app.services.revocations`), `seat_revoked` (code `invalid_token`) once the seat's tokens
 * are, `expired` (code `invalid_token`) once the seat or spectator token expires. When the server
 * shuts down it completes (the `complete` message).
 */
import { HttpProblem, answerableByGraphql } from '../transport/problem.js';
import { streamOwner } from '../transport/streams.js';
import { streamEndProblem, watchStreamEnd } from '../transport/stream-end.js';
import { bearerToken } from '../transport/auth.js';
import { isTableToken, tableTokenBudget, type TableTokenBudget } from '../transport/table-token.js';
import { asGraphqlError } from './errors.js';
import type { GraphqlContext } from './caller.js';

/** The GraphQL error a problem ends a subscription with (asGraphqlError throws it). */
function endingError(problem: HttpProblem): unknown {
  try {
    return asGraphqlError(problem);
  } catch (error) {
    return error;
  }
}

/** The seat or spectator token the subscription was authorized with (`connectionParams.authorization` wins over the upgrade request's header, as in ./caller.ts). */
function tableTokenOf(ctx: GraphqlContext, ownerId: string): TableTokenBudget | undefined {
  const init = ctx._connectionInit;
  const given = init?.authorization ?? init?.headers?.authorization;
  const headers = typeof given === 'string' ? { authorization: given } : (ctx.request?.headers ?? {});
  const token = bearerToken({ headers });
  const budget = isTableToken(token) ? tableTokenBudget(token) : undefined;
  return budget?.ownerId === ownerId ? budget : undefined;
}

/** The slot of a subscription of `ownerId` (throws the 429 / 503 problem, answerable as a GraphQL error); `complete` ends it on shutdown. */
async function holdStream(ctx: GraphqlContext, ownerId: string, token: TableTokenBudget | undefined, complete: () => void) {
  const request = ctx.request as { ip?: string; socket?: { remoteAddress?: string } } | undefined;
  try {
    return await ctx.app.streams.acquire(streamOwner(ctx.app, ownerId, request?.ip ?? request?.socket?.remoteAddress, token), { end: complete });
  } catch (error) {
    throw error instanceof HttpProblem ? answerableByGraphql(error) : error;
  }
}

/** A subscription opened with a seat token: it ends when the owner revokes the seat's tokens (CONTRACT §8.1). */
export interface SeatOfStream {
  matchId: string;
  playerId: string;
  generation: number;
}

/**
 * `source`, ending with a 401 error (`extensions.reason`: `key_revoked`, `seat_revoked`, `expired`)
 * when the key of `ownerId` is revoked or — opened with a seat or spectator token — `seat`'s tokens
 * are revoked or the token expires; completed on shutdown.
 */
export async function untilRevoked<T>(ctx: GraphqlContext, ownerId: string, source: AsyncIterator<T>, seat?: SeatOfStream): Promise<AsyncIterableIterator<T>> {
  let token = tableTokenOf(ctx, ownerId);
  // a seat named by the caller but no token read from the context: still watched for its revocation
  if (seat && token?.kind !== 'seat') {
    token = { kind: 'seat', ownerId, budget: `seat:${seat.matchId}:${seat.playerId}:${seat.generation}`, expiresAt: Infinity, ...seat };
  }
  let complete: () => void = () => undefined;
  const shutdown = new Promise<IteratorReturnResult<undefined>>((resolve) => (complete = () => resolve({ value: undefined, done: true })));
  const slot = await holdStream(ctx, ownerId, token, () => complete());
  let reject: (error: unknown) => void = () => undefined;
  const revoked = new Promise<never>((_, r) => (reject = r));
  revoked.catch(() => undefined);
  const off = watchStreamEnd(ctx.app, ownerId, token, (reason) => reject(endingError(streamEndProblem(reason))));
  // not awaited: a source waiting for its next value finishes its return() only when that arrives
  const end = () => {
    off();
    slot.release();
    void Promise.resolve(source.return?.()).catch(() => undefined);
  };
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: async () => {
      try {
        const result = await Promise.race([source.next(), revoked, shutdown]);
        if (result.done) end();
        return result;
      } catch (error) {
        end();
        throw error;
      }
    },
    return: async () => {
      end();
      return { value: undefined, done: true as const };
    },
  };
  return iterator;
}
