/**
 * Entry point of `npm start`: open the ports (database migrated, queue, Redis), serve, and shut
 * down gracefully (CONTRACT §8.5): on SIGTERM/SIGINT end the open streams (SSE feeds get a last
 * `event: shutdown` with `retry:`, GraphQL subscriptions complete), stop accepting connections, let
 * in-flight requests finish (new ones get 503), then close the job runner, Redis and the database
 * and exit 0. A second signal, or SHUTDOWN_GRACE_MS (at most 5 s) without finishing, exits 1.
 */
import { loadConfig, type Config } from './config.js';
import type { Infra, InfraLogger } from './infra/index.js';
import type { FastifyInstance } from 'fastify';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

/** JSON-lines logger for the start-up phase, before Fastify's own logger exists. */
function bootLogger(level: string): InfraLogger & { error(obj: object, msg?: string): void } {
  const min = level === 'silent' ? Infinity : Math.max(0, LEVELS.indexOf(level));
  const write = (lvl: string, obj: object, msg?: string) => {
    if (LEVELS.indexOf(lvl) < min) return;
    const fields = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { type: v.name, message: v.message } : v]));
    // Same shape as Fastify's (pino) lines: numeric level, time, pid, msg.
    process.stdout.write(JSON.stringify({ level: 10 * (LEVELS.indexOf(lvl) + 1), time: Date.now(), pid: process.pid, ...fields, msg }) + '\n');
  };
  return {
    info: (obj, msg) => write('info', obj, msg),
    warn: (obj, msg) => write('warn', obj, msg),
    error: (obj, msg) => write('error', obj, msg),
  };
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`Invalid configuration: ${(error as Error).message}\n`);
  process.exit(1);
}
const log = bootLogger(config.logLevel);

let infra: Infra | undefined;
let app: FastifyInstance | undefined;
let closing = false;

async function shutdown(signal: string): Promise<void> {
  if (closing) {
    log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  closing = true;
  // CONTRACT §9.4: /ready answers 503 at once; requests are served for SHUTDOWN_DRAIN_MS (a balancer polling /ready stops sending), then streams end and the process closes
  if (app && config.shutdownDrainMs > 0) {
    app.lifecycle.draining = true;
    log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining: /ready answers 503, requests are still served');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  }
  log.info({ signal, openStreams: app?.streams.size ?? 0 }, 'shutting down: ending open streams, finishing in-flight requests');
  const force = setTimeout(() => {
    log.error({ graceMs: config.shutdownGraceMs }, 'shutdown took too long: exiting');
    process.exit(1);
  }, config.shutdownGraceMs);
  force.unref();
  try {
    await starting; // never tear down half-opened ports
    // streams first (the app's preClose: src/transport/streams.ts), then the drain of in-flight requests
    await app?.close();
    await infra?.close();
    log.info({}, 'shut down');
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

async function start(): Promise<void> {
  try {
    // The database first: the embedded one opens on its own thread (copying its template,
    // starting PostgreSQL) while this thread loads the app and compiles what needs no database.
    const { openInfra } = await import('./infra/index.js');
    const opening = openInfra(config, log);
    opening.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    const [{ createApp }, { precompile }, { warmUp }] = await Promise.all([import('./composition.js'), import('./http/precompile.js'), import('./http/warm-up.js')]);
    await precompile();
    infra = await opening;
    if (closing) return; // a signal arrived while opening: shutdown() closes what is open
    // The embedded database is migrated by now; PostgreSQL may still refuse connections, and then
    // nothing waits for it (the port opens, /ready says 503) and the database warm-ups are skipped.
    let databaseReady = false;
    infra.ready.then(
      () => (databaseReady = true),
      () => undefined,
    );
    app = await createApp(config, infra);
    await app.ready();
    // Every route compiled and load shedding settled before the port opens (src/http/warm-up.ts).
    const { warmStorage } = await import('./infra/warm-storage.js');
    const [warm] = await Promise.all([warmUp(app, { database: databaseReady }), databaseReady ? warmStorage(infra.database) : undefined]);
    (warm.failed.length ? log.warn : log.info)({ ...warm }, 'routes warmed up');
    if (closing) return;
    await app.listen({ port: config.port, host: config.host });
    // PostgreSQL may come up later (/ready is 503 meanwhile); an error retrying cannot cure ends here.
    void infra.ready.catch((error: unknown) => (closing ? undefined : startFailed(error)));
  } catch (error) {
    await startFailed(error);
  }
}

async function startFailed(error: unknown): Promise<void> {
  log.error({ err: error }, 'start-up failed');
  await app?.close().catch(() => {});
  await infra?.close().catch(() => {});
  process.exit(1);
}

const starting: Promise<void> = start();
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
await starting;
