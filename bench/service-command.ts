/**
 * How the benchmarks start the service: as `npm start` runs it (scripts/start.mjs: the compiled
 * dist/server.js, built first when stale), without npm's own start-up in front of it.
 */
export function serviceCommand(): string[] {
  return [process.execPath, 'scripts/start.mjs', 'server'];
}
