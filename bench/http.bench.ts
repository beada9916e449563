/**
 * HTTP throughput measured from outside: wrk (Debian package `wrk`, a separate process) against
 * the service started as in production, and against bare Fastify baselines started in the same run
 * (bench/servers/bare.mjs): GET hello-world, and a POST that parses the same melee body and answers
 * the same bytes. Loopback only; each run is bounded (`-d`). Goals (issue 38), on the default
 * configuration (rate limiting on): melee ≥ 0.9 × the service with rate limiting off and its p99 at
 * c=50 ≤ 1.5 × that one's; melee ≥ 0.7 × the floor in its own process and ≥ 0.85 × the same floor
 * served inside a service process, its p99 ≤ 2 × the floor's; GET /health ≥ 0.7 × bare
 * hello-world. The bare POST is a figure without a goal: the floor itself reaches only about half
 * of it (issue 28's ≥ 0.5 sat above the floor). Also the server's CPU time per
 * request (from /proc), which other load on a shared machine disturbs less than req/s, and a floor:
 * the bare POST running the service's own rules core and JSON.stringify per request (bare.mjs
 * /melee-rules), the most any melee endpoint with this answer can reach on this framework.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { ensureBuilt } from '../scripts/build.mjs';
import { serviceCommand } from './service-command.js';
import type { BenchFigure } from './run.js';
import { freePort } from '../tests/helpers/free-port.js';
import { CONNECTIONS, ensureWrk, measured, median, wrk, type Measured } from './wrk.js';

// odd, so that no single round decides the median
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Seconds of each measured run (BENCH_SLICE_SECONDS, default 2): short, so that the runs a ratio compares follow each other closely (`run`'s comment says why). */
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
/** Seconds of unmeasured load before each measured run (BENCH_WARM_SECONDS, default 2). */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 2);
/** Seconds without requests before the after-a-quiet-minute figure (BENCH_QUIET_SECONDS, default 65). */
const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 65);

/** A measured run of SLICE_SECONDS after WARM_SECONDS of the same load, unmeasured. */
function steady(pid: number, url: string, body?: string, headers?: Record<string, string>): Measured {
  wrk(url, { body, headers, seconds: WARM_SECONDS });
  return measured(pid, url, body, headers, SLICE_SECONDS);
}

const limb = (faces: number[], white: number, red: number, normal: number) => ({ white, red, faces, normal, wounded: normal - 1 });
const fighter = (id: string) => ({
  id,
  name: id,
  limbs: { head: limb([1], 2, 2, 4), arms: limb([2, 3], 2, 1, 4), torso: limb([4, 5], 3, 1, 4), legs: limb([6], 2, 1, 5) },
  equipment: [{ name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } }],
});
/** What browsers and fetch send: the melee answer (2.6 KB) is then compressed (src/http/plugins/compression.ts). */
const ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };
export const MELEE_BODY = JSON.stringify({ attacker: fighter('a'), target: fighter('t'), reaction: 'response', dice: { seed: 'bench' } });

/** Every process started here, stopped at the end whatever happens. */
const started: ChildProcess[] = [];

/** Waits until `request` answers 2xx (tried every 100 ms); after `ms`, throws `failure`. */
async function untilOk(request: () => Promise<Response>, ms: number, failure: string): Promise<void> {
  for (const deadline = Date.now() + ms; ;) {
    const ok = await request().then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a server process that prints `{"port": n}` (bare) or answers /ready (the service). */
async function startProcess(cmd: string, args: string[], env: Record<string, string>, readyUrl?: (port: number) => string, port?: number) {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  started.push(child);
  let found = port;
  if (found === undefined) {
    found = await new Promise<number>((resolve, reject) => {
      let buf = '';
      child.stdout!.on('data', (d) => {
        buf += d;
        const m = /"port":\s*(\d+)/.exec(buf);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`${cmd} exited with ${code}`)));
    });
  } else child.stdout!.resume();
  if (readyUrl) await untilOk(() => fetch(readyUrl(found)), 120_000, 'service not ready in 120 s');
  return { port: found, child };
}

function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

async function startService(dataDir: string, rateLimitPerMinute: number, env: Record<string, string> = {}) {
  const port = await freePort();
  const [cmd, ...args] = serviceCommand();
  return startProcess(
    cmd!,
    args,
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute), PORT: String(port), DATA_DIR: dataDir, ...env },
    (p) => `http://127.0.0.1:${p}/ready`,
    port,
  );
}

/**
 * ROUNDS rounds (BENCH_ROUNDS, default 9), each measuring back to back, SLICE_SECONDS each: bare
 * hello, /health, bare POST, the compiled-serializer floor, the compiled floor inside a third service
 * process (bench/servers/in-process-floor.mjs), melee on the default configuration (rate limiting on:
 * in-memory store, a limit no run reaches) and melee with rate limiting off (the two in turn, the
 * order swapped every round), the floor inside the service process answering the service's headers,
 * the JSON.stringify floor, then the default configuration asked with Accept-Encoding as browsers
 * and fetch ask (its answer compressed). Each ratio is taken between two
 * runs of the same round, measured next to each other where a goal compares them, and the median of
 * the rounds is reported. All services run side by side and are warmed alike; each measured run
 * follows WARM_SECONDS of the same load, unmeasured.
 *
 * Why short runs next to each other: this machine's speed drifts. Under constant load the same
 * process answers at rates that move in phases of 5–35 s, for the floor in its own process as for
 * the service (one floor, 1 s windows: 6,900–11,000 req/s, its CPU per request 92–146 µs, no GC or
 * deoptimization at the changes). Runs of 8 s measured a minute apart fell in different phases, so
 * a round's ratio moved by up to 40 %; 2 s runs a few seconds apart mostly share one.
 *
 * The first seconds after a quiet minute are their own figure, measured once after the rounds: a
 * service process that has had no request for about a minute has had V8's memory-reducing full GC,
 * which drops the optimized code of the request path whose maps it collected (`--trace-deopt`:
 * "marking dependent code … reason: weak objects" on Reply.send, onSendEnd, the route's handler…),
 * so its next second or so runs at a fraction of its speed. The goals name steady state.
 */
export async function run(): Promise<BenchFigure[]> {
  if (!ensureWrk()) {
    console.log('wrk is not installed (apt-get install wrk): HTTP figures skipped');
    return [];
  }
  if (!process.env.BENCH_SERVICE) await ensureBuilt(); // not while a service is starting
  const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  try {
    const service = await startService(join(dataDir, 'a'), 0);
    const base = `http://127.0.0.1:${service.port}`;
    const limited = await startService(join(dataDir, 'b'), 1_000_000_000);
    const limitedBase = `http://127.0.0.1:${limited.port}`;
    const meleeUrl = base + '/v1/eden/attacks/melee';
    const limitedMeleeUrl = limitedBase + '/v1/eden/attacks/melee';
    const answer = await fetch(meleeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: MELEE_BODY });
    const responseFile = join(dataDir, 'melee-response.json');
    const answerBytes = Buffer.from(await answer.arrayBuffer());
    writeFileSync(responseFile, answerBytes);
    const bare = await startProcess(process.execPath, [join(ROOT, 'bench/servers/bare.mjs')], { RESPONSE_FILE: responseFile });
    const bareBase = `http://127.0.0.1:${bare.port}`;
    // a third service process (default configuration) that also serves the compiled floor itself,
    // on a bare Fastify instance of its own (bench/servers/in-process-floor.mjs)
    const floorPort = await freePort();
    const host = await startService(join(dataDir, 'c'), 1_000_000_000, {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(ROOT, 'bench/servers/in-process-floor.mjs')}`.trim(),
      IN_PROCESS_FLOOR_PORT: String(floorPort),
    });
    const inProcessBase = `http://127.0.0.1:${floorPort}`;
    await untilOk(
      () => fetch(inProcessBase + '/melee-rules-compiled', { method: 'POST', headers: { 'content-type': 'application/json' }, body: MELEE_BODY }),
      30_000,
      'the in-process floor did not answer in 30 s',
    );

    // the floors: the rules core's answer per request must be the service's answer, or it is no floor
    const sameAnswer = async (url: string) => {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: MELEE_BODY });
      return isDeepStrictEqual(JSON.parse(Buffer.from(await r.arrayBuffer()).toString()), JSON.parse(answerBytes.toString()));
    };
    const floorSame = await sameAnswer(bareBase + '/melee-rules');
    const compiledSame = await sameAnswer(bareBase + '/melee-rules-compiled');
    const inProcessSame = await sameAnswer(inProcessBase + '/melee-rules-compiled');
    // each server's request path runs before round 1, so that round 1 measures processes that have
    // served this load already, as the later rounds do
    for (const url of [
      meleeUrl,
      limitedMeleeUrl,
      bareBase + '/echo',
      bareBase + '/melee-rules',
      bareBase + '/melee-rules-compiled',
      inProcessBase + '/melee-rules-compiled',
      inProcessBase + '/melee-rules-headers',
    ]) {
      wrk(url, { body: MELEE_BODY, seconds: 2 });
    }
    wrk(limitedMeleeUrl, { body: MELEE_BODY, seconds: 2, headers: ACCEPT_ENCODING });
    type Round = Record<'hello' | 'health' | 'echo' | 'rules' | 'compiled' | 'inProcess' | 'inProcessHeaders' | 'melee' | 'limited' | 'compressed', Measured>;
    const rounds: Round[] = [];
    const meleeOn = () => steady(limited.child.pid!, limitedMeleeUrl, MELEE_BODY);
    const meleeOff = () => steady(service.child.pid!, meleeUrl, MELEE_BODY);
    for (let i = 0; i < ROUNDS; i++) {
      const hello = steady(bare.child.pid!, bareBase + '/hello');
      const health = steady(service.child.pid!, base + '/health');
      const echo = steady(bare.child.pid!, bareBase + '/echo', MELEE_BODY);
      const compiled = steady(bare.child.pid!, bareBase + '/melee-rules-compiled', MELEE_BODY);
      // the default configuration next to rate limiting off (the order swapped every round), the
      // pair between the floor inside a service process and that floor with the service's headers,
      // the JSON.stringify floor right after: each goal compares runs a few seconds apart
      const inProcess = steady(host.child.pid!, inProcessBase + '/melee-rules-compiled', MELEE_BODY);
      let melee: Measured, limitedMelee: Measured;
      if (i % 2 === 0) {
        limitedMelee = meleeOn();
        melee = meleeOff();
      } else {
        melee = meleeOff();
        limitedMelee = meleeOn();
      }
      const inProcessHeaders = steady(host.child.pid!, inProcessBase + '/melee-rules-headers', MELEE_BODY);
      const rules = steady(bare.child.pid!, bareBase + '/melee-rules', MELEE_BODY);
      // the default configuration again, asked as browsers and fetch ask: its answer compressed
      const compressed = steady(limited.child.pid!, limitedMeleeUrl, MELEE_BODY, ACCEPT_ENCODING);
      rounds.push({ hello, health, echo, rules, compiled, inProcess, inProcessHeaders, melee, limited: limitedMelee, compressed });
      console.log(
        `round ${i + 1}: ${JSON.stringify({ hello: hello.rps, health: health.rps, echo: echo.rps, rules: rules.rps, compiled: compiled.rps, inProcess: inProcess.rps, inProcessHeaders: inProcessHeaders.rps, melee: melee.rps, limited: limitedMelee.rps, compressed: compressed.rps, p99: { echo: echo.p99ms, rules: rules.p99ms, melee: melee.p99ms, limited: limitedMelee.p99ms } })}`,
      );
    }
    // the default configuration after QUIET_SECONDS without a request (no server is asked anything):
    // its first WARM_SECONDS of load against the SLICE_SECONDS after them
    await new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000));
    const afterQuiet = wrk(limitedMeleeUrl, { body: MELEE_BODY, seconds: WARM_SECONDS });
    const afterQuietSteady = wrk(limitedMeleeUrl, { body: MELEE_BODY, seconds: SLICE_SECONDS });

    type K = keyof Round;
    const m = (k: K, f: (r: Measured) => number) => median(rounds.map((r) => f(r[k])));
    const ratio = (a: K, b: K) => median(rounds.map((r) => r[a].rps / r[b].rps));
    const p99Ratio = (a: K, b: K) => median(rounds.map((r) => r[a].p99ms / r[b].p99ms));
    const cpuRatio = (a: K, b: K) => median(rounds.map((r) => (r[a].cpuPerRequest ?? NaN) / (r[b].cpuPerRequest ?? NaN)));
    const lat = (k: K) => `p50 ${m(k, (r) => r.p50ms).toFixed(2)} ms, p99 ${m(k, (r) => r.p99ms).toFixed(2)} ms`;
    const c = `wrk -t1 -c${CONNECTIONS} -d${SLICE_SECONDS}s after ${WARM_SECONDS} s unmeasured, median of ${ROUNDS} rounds`;
    const non2xx = rounds.reduce((n, r) => n + r.melee.non2xx + r.limited.non2xx + r.health.non2xx, 0);
    const rps = (k: K) => m(k, (r) => r.rps);
    const figure = (name: string, a: K, b: K, bName: string, goal?: [string, number]): BenchFigure => {
      const r = ratio(a, b);
      return {
        name,
        value: rps(a),
        unit: 'req/s',
        baseline: { name: bName, value: rps(b), unit: 'req/s' },
        ratio: r,
        ...(goal ? { goal: goal[0], met: r >= goal[1] && non2xx === 0 } : {}),
      };
    };
    /** p99 at c=50 of `a` ÷ `b`'s (the median of the rounds' ratios), held to `most` when given. */
    const p99Figure = (name: string, a: K, b: K, bName: string, most?: number): BenchFigure => {
      const r = p99Ratio(a, b);
      return {
        name,
        value: m(a, (x) => x.p99ms),
        unit: 'ms',
        baseline: { name: bName, value: m(b, (x) => x.p99ms), unit: 'ms' },
        ratio: r,
        ...(most !== undefined ? { goal: `≤ ${most}`, met: r <= most } : {}),
      };
    };
    const figures: BenchFigure[] = [
      { name: `bare Fastify GET /hello (${c}; ${lat('hello')})`, value: rps('hello'), unit: 'req/s' },
      { name: `bare Fastify POST, same body and bytes (${c}; ${lat('echo')})`, value: rps('echo'), unit: 'req/s' },
      figure(`GET /health (${c}; ${lat('health')}; ratio of each round's pair)`, 'health', 'hello', 'bare GET /hello', ['≥ 0.7', 0.7]),
      figure(
        `POST /v1/eden/attacks/melee, default configuration (rate limiting on, in-memory store, limit never reached; ${c}; ${lat('limited')}${non2xx ? `; ${non2xx} non-2xx` : ''}) ÷ the same service with rate limiting off (${lat('melee')})`,
        'limited',
        'melee',
        'rate limiting off',
        ['≥ 0.9', 0.9],
      ),
      p99Figure('melee p99 at c=50, rate limiting on ÷ off (median of the rounds’ ratios)', 'limited', 'melee', 'rate limiting off', 1.5),
      figure(`POST /v1/eden/attacks/melee (default configuration) ÷ bare POST of the same bytes (ratio of each round's pair)`, 'limited', 'echo', 'bare POST, same bytes'),
      p99Figure('melee p99 at c=50 (default configuration) ÷ bare POST p99 (median of the rounds’ ratios)', 'limited', 'echo', 'bare POST'),
      p99Figure('melee p99 at c=50 (default configuration) ÷ the JSON.stringify floor’s p99 (median of the rounds’ ratios)', 'limited', 'rules', 'floor (JSON.stringify)', 2),
      figure(
        `floor: bare Fastify POST that runs the service's melee rules core and JSON.stringify per request, no validation, hooks or extra headers (${c}; ${lat('rules')}; ${floorSame ? 'the same answer as the service' : 'NOT the same answer as the service'})`,
        'rules',
        'echo',
        'bare POST, same bytes',
      ),
      figure(
        `floor with the compiled serializer: the same, its answer serialized by the melee response schema's compiled serializer (${c}; ${lat('compiled')}; ${compiledSame ? 'the same JSON as the service' : 'NOT the same JSON as the service'})`,
        'compiled',
        'echo',
        'bare POST, same bytes',
      ),
      figure(`POST /v1/eden/attacks/melee (default configuration) ÷ the JSON.stringify floor (ratio of each round's pair)`, 'limited', 'rules', 'floor (JSON.stringify)', [
        '≥ 0.7',
        0.7,
      ]),
      figure(
        `POST /v1/eden/attacks/melee (default configuration) ÷ the compiled-serializer floor (ratio of each round's pair)`,
        'limited',
        'compiled',
        'floor (compiled serializer)',
      ),
      figure(`POST /v1/eden/attacks/melee, rate limiting off ÷ the compiled-serializer floor`, 'melee', 'compiled', 'floor (compiled serializer)'),
      figure(
        `floor inside a service process: the compiled-serializer floor's handler on a bare Fastify instance in a running service's own process, after its start-up and warm-up (${c}; ${lat('inProcess')}; ${inProcessSame ? 'the same JSON as the service' : 'NOT the same JSON as the service'}) ÷ the same floor in a process of its own`,
        'inProcess',
        'compiled',
        'floor (compiled serializer), own process',
      ),
      figure(
        `POST /v1/eden/attacks/melee (default configuration) ÷ the floor inside a service process (the service's own work per request, the cost of sharing a process with the rest of the service left out)`,
        'limited',
        'inProcess',
        'floor inside a service process',
        ['≥ 0.85', 0.85],
      ),
      figure(
        `floor inside a service process answering the service's ~20 headers (security, CORS, request id, RateLimit, language; ${lat('inProcessHeaders')}) ÷ the same floor with its own 3: what the contract's headers cost on Node`,
        'inProcessHeaders',
        'inProcess',
        'floor inside a service process',
      ),
      figure(
        `POST /v1/eden/attacks/melee (default configuration) ÷ the floor inside a service process answering the service's headers (the service's own work per request beyond the contract's headers)`,
        'limited',
        'inProcessHeaders',
        'floor inside a service process, the service’s headers',
      ),
      {
        name: `melee p99 at c=50 (default configuration) in the first ${WARM_SECONDS} s of load after ${QUIET_SECONDS} s without a request (measured once, after the rounds) ÷ its p99 in the ${SLICE_SECONDS} s after them`,
        value: afterQuiet.p99ms,
        unit: 'ms',
        baseline: { name: `the ${SLICE_SECONDS} s after them`, value: afterQuietSteady.p99ms, unit: 'ms' },
        ratio: afterQuiet.p99ms / afterQuietSteady.p99ms,
      },
      figure(
        `POST /v1/eden/attacks/melee (default configuration) with Accept-Encoding: gzip, deflate, br, as browsers and fetch send it (the answer compressed; ${c}; ${lat('compressed')}) ÷ without`,
        'compressed',
        'limited',
        'without Accept-Encoding',
      ),
    ];
    if (rounds.every((r) => r.melee.cpuPerRequest !== undefined)) {
      const cpu = (name: string, a: K, b: K, bName: string): BenchFigure => ({
        name,
        value: m(a, (r) => r.cpuPerRequest!),
        unit: 'µs',
        baseline: { name: bName, value: m(b, (r) => r.cpuPerRequest!), unit: 'µs' },
        ratio: cpuRatio(a, b),
      });
      figures.push(
        cpu('GET /health: server CPU per request (user + system)', 'health', 'hello', 'bare GET /hello'),
        cpu('POST /v1/eden/attacks/melee (default configuration): server CPU per request (user + system)', 'limited', 'echo', 'bare POST, same bytes'),
        cpu('POST /v1/eden/attacks/melee, rate limiting off: server CPU per request (user + system)', 'melee', 'echo', 'bare POST, same bytes'),
        cpu('floor (JSON.stringify): server CPU per request (user + system)', 'rules', 'echo', 'bare POST, same bytes'),
        cpu('floor (compiled serializer): server CPU per request (user + system)', 'compiled', 'echo', 'bare POST, same bytes'),
        cpu('floor inside a service process: server CPU per request (user + system)', 'inProcess', 'compiled', 'floor (compiled serializer), own process'),
      );
    }
    return figures;
  } finally {
    started.splice(0).forEach(stop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
