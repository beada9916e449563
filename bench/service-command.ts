/**
 * How the benchmarks start the service: as `npm start` runs it (scripts/start.mjs: the compiled
 * dist/server.js, built first when stale), without npm's own start-up in front of it.
 * BENCH_SERVICE=<file.js> runs that compiled entry point instead (e.g. an earlier build, to
 * compare before and after in one session).
 */
export function serviceCommand(): string[] {
  const entry = process.env.BENCH_SERVICE;
  return entry ? [process.execPath, entry] : [process.execPath, 'scripts/start.mjs', 'server'];
}
