/**
 * Instructions per request on the server's main thread, counted by valgrind's callgrind (Debian
 * package `valgrind`): unlike req/s and CPU time, which move by ±30 % with a shared machine's load
 * and clock, the count is repeatable to a few percent (the same server and requests: 0.3–9 %
 * apart between runs; V8's optimisations depend a little on timing), so it shows what a change to
 * the request path did when the change is larger than that. Kernel time (socket reads and writes, the same
 * for every server here) is not counted, nor V8's helper threads (GC, optimising compiler).
 *
 * Each server runs under callgrind; after WARMUP requests (so the hot code is optimised) the
 * counters are zeroed, COUNT requests are sent by a client in another thread (load-client.mjs),
 * and the counters are dumped. Servers: the service (on a PostgreSQL database made for the run at
 * BENCH_POSTGRES_URL, default the local server: the embedded database's WebAssembly would take
 * minutes to start under valgrind; rate limiting on, as by default, and the compiled floor served in
 * the same process, bench/servers/in-process-floor.mjs), and bench/servers/bare.mjs (GET /hello,
 * POST /echo, the floors POST /melee-rules and /melee-rules-compiled, and the latter with the
 * service's headers, /melee-rules-headers). BENCH_SERVICE=<file.js> counts that compiled entry point instead of
 * dist/server.js (an earlier build, for before and after). Skipped when valgrind or PostgreSQL is
 * missing. About 12 minutes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { ensureBuilt } from '../scripts/build.mjs';
import { MELEE_BODY } from './http.bench.js';
import type { BenchFigure } from './run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WARMUP = Number(process.env.BENCH_INSTRUCTIONS_WARMUP ?? 5000);
const COUNT = Number(process.env.BENCH_INSTRUCTIONS_COUNT ?? 1000);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START_LIMIT_MS = 600_000;
/**
 * The young generation at its production size from the start (16 MiB semi-spaces, what V8 grows it
 * to under this load): under valgrind V8 left it small, so a count held 5–30 scavenges per thousand
 * requests depending on the run (each one walks the start-up snapshot's object cache, ~400,000
 * instructions), and the same server's counts were up to 20 % apart.
 */
const NODE_FLAGS = ['--min-semi-space-size=16', '--max-semi-space-size=16'];

interface Target {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` requests to `target` with 4 keep-alive clients from a worker thread; throws on any non-200. */
async function send(port: number, target: Target, count: number): Promise<void> {
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
    workerData: { port, method: target.method, path: target.path, bodies: target.body ? [target.body] : undefined, count, concurrency: 4, timeLimitMs: START_LIMIT_MS },
  });
  const [result] = (await once(worker, 'message')) as [{ requests: number; failures: number }];
  await worker.terminate();
  if (result.failures || result.requests !== count) throw new Error(`${target.method} ${target.path}: ${result.failures} failures, ${result.requests}/${count} sent`);
}

/** A server running under callgrind (one profile file per thread and dump, in `dir`). */
class Counted {
  private dumps = 0;
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(dir: string, args: string[], env: Record<string, string>, port: number | undefined, readyPath: string): Promise<Counted> {
    const child = spawn(
      'valgrind',
      ['--tool=callgrind', '--separate-threads=yes', '--smc-check=all-non-file', `--callgrind-out-file=${join(dir, 'cg.%p')}`, process.execPath, ...NODE_FLAGS, ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let found = port;
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    const deadline = Date.now() + START_LIMIT_MS;
    for (;;) {
      found ??= Number(/"port":\s*(\d+)/.exec(out)?.[1]) || undefined;
      if (
        found &&
        (await fetch(`http://127.0.0.1:${found}${readyPath}`).then(
          (r) => r.ok,
          () => false,
        ))
      )
        break;
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited under valgrind (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} not ready under valgrind in ${START_LIMIT_MS / 1000} s`);
      await sleep(1000);
    }
    return new Counted(child, found, dir);
  }

  /** Main-thread instructions per request of `target` (on `port`, another server of the process), after the warm-up. */
  async perRequest(target: Target, port = this.port): Promise<number> {
    await send(port, target, WARMUP);
    spawnSync('callgrind_control', ['-z', String(this.child.pid)]);
    await send(port, target, COUNT);
    spawnSync('callgrind_control', ['-d', String(this.child.pid)]);
    this.dumps++;
    // the main thread's file of this dump: cg.<pid>.<dump>-01
    const file = join(this.dir, `cg.${this.child.pid}.${this.dumps}-01`);
    for (let i = 0; i < 100 && !/^totals:/m.test(existsSync(file) ? readFileSync(file, 'utf8') : ''); i++) await sleep(200);
    const totals = Number(/^totals:\s*(\d+)/m.exec(readFileSync(file, 'utf8'))?.[1]);
    if (!Number.isFinite(totals)) throw new Error(`no callgrind totals in ${file}`);
    return totals / COUNT;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/** Waits (up to START_LIMIT_MS) until POST `path` on `port` answers 200 with the melee body: the in-process floor starts after the service. */
async function untilAnswers(port: number, path: string): Promise<void> {
  const ok = () =>
    fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: MELEE_BODY }).then(
      (r) => r.ok,
      () => false,
    );
  for (const deadline = Date.now() + START_LIMIT_MS; !(await ok()); await sleep(1000)) {
    if (Date.now() > deadline) throw new Error(`nothing answers POST ${path} on port ${port} in ${START_LIMIT_MS / 1000} s`);
  }
}

async function withDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const name = `arbiter_bench_instructions_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export async function run(): Promise<BenchFigure[]> {
  if (spawnSync('valgrind', ['--version']).error !== undefined) {
    console.log('valgrind is not installed: instruction counts skipped');
    return [];
  }
  const probe = new pg.Client({ connectionString: POSTGRES_URL });
  const reachable = await probe.connect().then(
    () => true,
    () => false,
  );
  await probe.end().catch(() => undefined);
  if (!reachable) {
    console.log(`PostgreSQL at ${POSTGRES_URL} does not answer: instruction counts skipped`);
    return [];
  }
  await ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-callgrind-'));
  const servers: Counted[] = [];
  try {
    // the bare servers answer the service's own bytes (bare.mjs computes its floor the same way)
    const { meleeFloorAnswer } = (await import(new URL('./servers/melee-floor.mjs', import.meta.url).href)) as { meleeFloorAnswer(body: unknown): Promise<string> };
    const responseFile = join(dir, 'melee-response.json');
    writeFileSync(responseFile, await meleeFloorAnswer(JSON.parse(MELEE_BODY)));
    const melee: Target = { method: 'POST', path: '/v1/eden/attacks/melee', body: MELEE_BODY };
    const [service, bare] = await withDatabase(async (databaseUrl) => {
      const port = 20000 + (process.pid % 20000);
      const floorPort = port + 1;
      const started = await Promise.all([
        Counted.start(
          dir,
          [process.env.BENCH_SERVICE ?? 'dist/server.js'],
          // the default configuration's path: rate limiting on (a limit never reached); load shedding's
          // step still runs, its threshold off, as valgrind's slowness is no overload. The same process
          // serves the compiled floor too, once started (bench/servers/in-process-floor.mjs).
          {
            NODE_ENV: 'production',
            LOG_LEVEL: 'silent',
            RATE_LIMIT_PER_MINUTE: '1000000000',
            MAX_EVENT_LOOP_DELAY_MS: '0',
            PORT: String(port),
            DATABASE_URL: databaseUrl,
            REDIS_URL: '',
            NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(ROOT, 'bench/servers/in-process-floor.mjs')}`.trim(),
            IN_PROCESS_FLOOR_PORT: String(floorPort),
          },
          port,
          '/ready',
        ),
        Counted.start(dir, ['bench/servers/bare.mjs'], { RESPONSE_FILE: responseFile }, undefined, '/hello'),
      ]);
      servers.push(...started);
      const [s, b] = started;
      // two servers counted at once (one per core); each measures its routes in turn
      return Promise.all([
        (async () => ({
          health: await s.perRequest({ method: 'GET', path: '/health' }),
          melee: await s.perRequest(melee),
          inProcess: await untilAnswers(floorPort, '/melee-rules-compiled').then(() =>
            s.perRequest({ method: 'POST', path: '/melee-rules-compiled', body: MELEE_BODY }, floorPort),
          ),
        }))(),
        (async () => ({
          hello: await b.perRequest({ method: 'GET', path: '/hello' }),
          echo: await b.perRequest({ method: 'POST', path: '/echo', body: MELEE_BODY }),
          floor: await b.perRequest({ method: 'POST', path: '/melee-rules', body: MELEE_BODY }),
          compiled: await b.perRequest({ method: 'POST', path: '/melee-rules-compiled', body: MELEE_BODY }),
          headers: await b.perRequest({ method: 'POST', path: '/melee-rules-headers', body: MELEE_BODY }),
        }))(),
      ]).finally(() => Promise.all(servers.splice(0).map((server) => server.stop())));
    });
    const c = `main-thread instructions per request (callgrind, after ${WARMUP.toLocaleString('en')} warm-up requests, ${COUNT.toLocaleString('en')} counted)`;
    return [
      {
        name: `GET /health: ${c}`,
        value: service.health,
        unit: 'instructions',
        baseline: { name: 'bare GET /hello', value: bare.hello, unit: 'instructions' },
        ratio: service.health / bare.hello,
      },
      {
        name: `POST /v1/eden/attacks/melee: ${c}`,
        value: service.melee,
        unit: 'instructions',
        baseline: { name: 'bare POST, same bytes', value: bare.echo, unit: 'instructions' },
        ratio: service.melee / bare.echo,
      },
      {
        name: `floor (bare POST + the melee rules core + JSON.stringify): ${c}`,
        value: bare.floor,
        unit: 'instructions',
        baseline: { name: 'bare POST, same bytes', value: bare.echo, unit: 'instructions' },
        ratio: bare.floor / bare.echo,
      },
      {
        name: `POST /v1/eden/attacks/melee ÷ the floor: ${c}`,
        value: service.melee,
        unit: 'instructions',
        baseline: { name: 'floor', value: bare.floor, unit: 'instructions' },
        ratio: service.melee / bare.floor,
      },
      {
        name: `POST /v1/eden/attacks/melee ÷ the compiled-serializer floor (the melee answer serialized as the service does): ${c}`,
        value: service.melee,
        unit: 'instructions',
        baseline: { name: 'floor (compiled serializer)', value: bare.compiled, unit: 'instructions' },
        ratio: service.melee / bare.compiled,
      },
      {
        name: `POST /v1/eden/attacks/melee ÷ the compiled-serializer floor served inside the same service process (bench/servers/in-process-floor.mjs): ${c}`,
        value: service.melee,
        unit: 'instructions',
        baseline: { name: 'floor inside the service process', value: service.inProcess, unit: 'instructions' },
        ratio: service.melee / service.inProcess,
      },
      {
        name: `the compiled-serializer floor answering with the service's ~20 headers (security, CORS, request id, RateLimit, language) ÷ with its own 3: what the headers cost (kept: they are the contract's): ${c}`,
        value: bare.headers,
        unit: 'instructions',
        baseline: { name: 'floor (compiled serializer)', value: bare.compiled, unit: 'instructions' },
        ratio: bare.headers / bare.compiled,
      },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
