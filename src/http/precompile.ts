/**
 * Compiling ahead of the first request (server.ts). `precompile`, before the port opens and while
 * the embedded database opens on its own thread: every operation's body validator and the GraphQL
 * schema. `precompileCommands`, after the port opens, one schema per turn of the event loop: the
 * validators of every match command (about half a second in all, at most ~15 ms each), so the
 * first command of each type finds its validator ready without delaying start-up. All are
 * memoised where the app looks for them (`compile` by schema content, `servedSchema`).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { operations } from '../app/registry.js';
import { compile } from '../app/validate.js';
import { GAMES, gameMatch } from '../app/matches/games.js';
import { servedSchema } from '../graphql/schema.js';

export async function precompile(): Promise<void> {
  for (const op of operations) {
    if (op.body) compile(op.body, 'body');
    await yieldToLoop(); // the opening database's callbacks (lock, migrations) are not held up
  }
  servedSchema();
}

/** Compiles the match commands' validators in the background; `stop()` true ends it early (shutdown). */
export async function precompileCommands(stop: () => boolean = () => false): Promise<void> {
  for (const game of GAMES) {
    for (const command of Object.values(gameMatch(game)?.commands ?? {})) {
      if (stop()) return;
      await yieldToLoop(); // requests that arrive meanwhile go first
      compile(command.schema, 'body');
    }
  }
}
