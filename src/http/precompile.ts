/**
 * Start-up work that needs no database, done while the embedded database opens on its own thread
 * (server.ts): every operation's body validator compiled and the GraphQL schema built. Both are
 * memoised where the app looks for them (`compile` by schema content, `servedSchema`), so the
 * app's own `ready()` finds them done. Yields to the event loop between schemas, so the opening
 * database's callbacks (lock, migrations) are not held up behind a long compile.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { operations } from '../app/registry.js';
import { compile } from '../kernel/validate.js';
import { servedSchema } from '../graphql/schema.js';

export async function precompile(): Promise<void> {
  for (const op of operations) {
    if (op.body) compile(op.body, 'body');
    await yieldToLoop();
  }
  servedSchema();
}
