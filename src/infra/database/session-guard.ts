/**
 * PGlite is ONE backend session. The socket server queues protocol messages from all connections
 * and, while a transaction block is open, only runs the messages of the connection that opened
 * it. It does not protect an extended-protocol exchange (Parse/Bind/Describe/Execute … Sync),
 * which is not a transaction block: another connection's Parse could replace the unnamed
 * statement in between. `sessionGuard` closes that gap by reporting "in transaction" from the
 * first extended-protocol message to its Sync, so each exchange runs uninterrupted. With it,
 * concurrent `query`/`transaction` calls over several pooled connections are serialised safely.
 */
import type { PGlite } from '@electric-sql/pglite';

// Extended-protocol messages that belong to an exchange ended by Sync ('S').
const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);

/** Wraps PGlite for the socket server: see the module comment. */
export function sessionGuard(db: PGlite): PGlite {
  let exchangeOpen = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'isInTransaction') return () => exchangeOpen || target.isInTransaction();
      if (prop === 'execProtocolRawStream') {
        return async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0];
          try {
            return await target.execProtocolRawStream(message, options);
          } finally {
            if (type !== undefined && EXTENDED.has(type)) exchangeOpen = true;
            else if (type === SYNC) exchangeOpen = false;
          }
        };
      }
      if (prop === 'exec') {
        // Used by the socket server to roll back after a client vanished mid-transaction.
        return (query: string, options?: Parameters<PGlite['exec']>[1]) => {
          exchangeOpen = false;
          return target.exec(query, options);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
