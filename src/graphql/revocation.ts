/**
 * Subscriptions end when their API key is revoked (CONTRACT §7.2): the subscription's source is
 * wrapped so that, once the owner's key is revoked (`app.services.revocations`), its next result is
 * an error with `extensions.code: "key_revoked"` (status 401), which ends the subscription (the
 * WebSocket `error` message for its id).
 */
import { HttpProblem } from '../transport/problem.js';
import { asGraphqlError } from './errors.js';
import type { GraphqlContext } from './caller.js';

function keyRevoked(): unknown {
  try {
    return asGraphqlError(new HttpProblem(401, 'key_revoked', 'The API key of this subscription was revoked.'));
  } catch (error) {
    return error;
  }
}

/** `source`, ending with a `key_revoked` error when the key of `ownerId` is revoked. */
export function untilRevoked<T>(ctx: GraphqlContext, ownerId: string, source: AsyncIterator<T>): AsyncIterableIterator<T> {
  let reject: (error: unknown) => void = () => undefined;
  const revoked = new Promise<never>((_, r) => (reject = r));
  revoked.catch(() => undefined);
  const off = ctx.app.services.revocations?.watch(ownerId, () => reject(keyRevoked())) ?? (() => undefined);
  // not awaited: a source waiting for its next value finishes its return() only when that arrives
  const end = () => {
    off();
    void Promise.resolve(source.return?.()).catch(() => undefined);
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: async () => {
      try {
        return await Promise.race([source.next(), revoked]);
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
