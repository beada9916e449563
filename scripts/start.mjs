// `npm start` / `npm run worker`: builds dist/ when it is missing or older than a source file
// (scripts/build.mjs; nothing to do when up to date), then runs the compiled entry point IN THIS
// PROCESS, so SIGTERM/SIGINT reach the server's own handlers (it drains in-flight requests). The
// npm scripts `exec` this file, so it is npm's own child: a SIGTERM to the npm process is forwarded
// here (with `sh -c` between them, the shell took it and the server kept running).
// Production images run `node dist/server.js` / `node dist/worker.js` directly.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ensureBuilt } from './build.mjs';

const ENTRIES = { server: 'server.js', worker: 'worker.js' };
const entry = ENTRIES[process.argv[2] ?? 'server'];
if (!entry) {
  process.stderr.write(`usage: node scripts/start.mjs [${Object.keys(ENTRIES).join('|')}]\n`);
  process.exit(2);
}
try {
  await ensureBuilt();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(join(DIST, entry)).href);
