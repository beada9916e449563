/**
 * Start-up work that needs no database, done while the embedded database opens on its own thread
 * (server.ts): every operation's body validator compiled (or, in a built service, loaded as the
 * build wrote them: scripts/prebuilt-validators.mjs) and the GraphQL schema built. Both are
 * memoised where the app looks for them (`compile` by schema content, `servedSchema`), so the
 * app's own `ready()` finds them done. Yields to the event loop between schemas, so the opening
 * database's callbacks (lock, migrations) are not held up behind a long compile.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { operations } from '../app/registry.js';
import type { ValidateFunction } from 'ajv';
import { compile, usePrebuiltBodyValidators } from '../kernel/validate.js';
import { servedSchema } from '../graphql/schema.js';

/** Where the build writes the body validators: beside validate.js in dist/ (absent when run from src/). */
const PREBUILT = new URL('../kernel/validators.prebuilt.js', import.meta.url);

export async function precompile(): Promise<void> {
  const prebuilt = await import(PREBUILT.href).then(
    (module: { validators: ReadonlyMap<string, ValidateFunction> }) => module.validators,
    () => undefined,
  );
  // a body whose schema changed since the build finds no validator there and is compiled here
  if (prebuilt) usePrebuiltBodyValidators(prebuilt);
  for (const op of operations) {
    if (op.body) compile(op.body, 'body');
    await yieldToLoop();
  }
  servedSchema();
}
