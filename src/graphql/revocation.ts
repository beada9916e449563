/**
 * Every subscription's source is wrapped here (CONTRACT §7.2, §8.5): opening it takes a slot of the
 * stream registry for its key and address (past MAX_STREAMS_PER_KEY / MAX_STREAMS_PER_IP: an error
 * with `extensions.code: "too_many_streams"`, status 429), ending it frees the slot. Once the
 * owner's key is revoked (`app.services.revocations`) its next result is an error with
 * `extensions.code: "key_revoked"` (status 401), which ends the subscription (the WebSocket `error`
 * message for its id); when the server shuts down it completes (the `complete` message).
 */
import { HttpProblem, answerableByGraphql } from '../transport/problem.js';
import '../transport/streams.js';
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

const keyRevoked = () => endingError(new HttpProblem(401, 'key_revoked', 'The API key of this subscription was revoked.'));

/** The slot of a subscription of `ownerId` (throws the 429 / 503 problem, answerable as a GraphQL error); `complete` ends it on shutdown. */
function holdStream(ctx: GraphqlContext, ownerId: string, complete: () => void) {
  const request = ctx.request as { ip?: string; socket?: { remoteAddress?: string } } | undefined;
  try {
    return ctx.app.streams.acquire({ key: ownerId, ip: request?.ip ?? request?.socket?.remoteAddress }, { end: complete });
  } catch (error) {
    throw error instanceof HttpProblem ? answerableByGraphql(error) : error;
  }
}

const seatRevoked = () => endingError(new HttpProblem(401, 'invalid_token', 'The tokens of this seat were revoked by the match owner.', { reason: 'seat_revoked' }));

/** A subscription opened with a seat token: it ends when the owner revokes the seat's tokens (CONTRACT §8.1). */
export interface SeatOfStream {
  matchId: string;
  playerId: string;
  generation: number;
}

/**
 * `source`, ending with a `key_revoked` error when the key of `ownerId` is revoked (or an
 * `invalid_token` one when `seat`'s tokens are), and completed on shutdown.
 */
export function untilRevoked<T>(ctx: GraphqlContext, ownerId: string, source: AsyncIterator<T>, seat?: SeatOfStream): AsyncIterableIterator<T> {
  let complete: () => void = () => undefined;
  const shutdown = new Promise<IteratorReturnResult<undefined>>((resolve) => (complete = () => resolve({ value: undefined, done: true })));
  const slot = holdStream(ctx, ownerId, () => complete());
  let reject: (error: unknown) => void = () => undefined;
  const revoked = new Promise<never>((_, r) => (reject = r));
  revoked.catch(() => undefined);
  const offKey = ctx.app.services.revocations?.watch(ownerId, () => reject(keyRevoked())) ?? (() => undefined);
  const offSeat = (seat && ctx.app.services.matches?.seatWatch.watch({ ownerId, ...seat }, () => reject(seatRevoked()))) ?? (() => undefined);
  const off = () => {
    offKey();
    offSeat();
  };
  // not awaited: a source waiting for its next value finishes its return() only when that arrives
  const end = () => {
    off();
    slot.release();
    void Promise.resolve(source.return?.()).catch(() => undefined);
  };
  return {
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
}
