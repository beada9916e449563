/**
 * HTTP throughput measured from outside: wrk (Debian package `wrk`, a separate process) against
 * the service started as in production, and against bare Fastify baselines started in the same run
 * (bench/servers/bare.mjs): GET hello-world, and a POST that parses the same melee body and answers
 * the same bytes. Loopback only; each run is bounded (`-d`). Goals (issue 15): melee ≥ 0.6 × the
 * bare POST, GET /health ≥ 0.7 × bare hello-world, melee p99 ≤ 10 ms at c=50. Also the server's CPU time per
 * request (from /proc), which other load on a shared machine disturbs less than req/s, and a floor:
 * the bare POST running the service's own rules core and JSON.stringify per request (bare.mjs
 * /melee-rules), the most any melee endpoint with this answer can reach on this framework.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../scripts/build.mjs';
import { serviceCommand } from './service-command.js';
import type { BenchFigure } from './run.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const limb = (faces: number[], white: number, red: number, normal: number) => ({ white, red, faces, normal, wounded: normal - 1 });
const fighter = (id: string) => ({
  id,
  name: id,
  limbs: { head: limb([1], 2, 2, 4), arms: limb([2, 3], 2, 1, 4), torso: limb([4, 5], 3, 1, 4), legs: limb([6], 2, 1, 5) },
  equipment: [{ name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } }],
});
export const MELEE_BODY = JSON.stringify({ attacker: fighter('a'), target: fighter('t'), reaction: 'response', dice: { seed: 'bench' } });

export interface WrkResult {
  rps: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  requests: number;
}

/** Ensures wrk is installed (Debian package; the bench installs it when absent and it can). */
export function ensureWrk(): boolean {
  if (spawnSync('wrk', ['--version']).error === undefined) return true;
  if (process.getuid?.() === 0) spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq wrk'], { stdio: 'inherit' });
  return spawnSync('wrk', ['--version']).error === undefined;
}

const ms = (v: string, unit: string) => Number(v) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);

export function wrk(url: string, opts: { body?: string; seconds?: number; connections?: number } = {}): WrkResult {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-wrk-'));
  const args = ['-t1', `-c${opts.connections ?? CONNECTIONS}`, `-d${opts.seconds ?? SECONDS}s`, '--latency'];
  if (opts.body !== undefined) {
    const script = join(dir, 'post.lua');
    writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.body = ${JSON.stringify(opts.body)}\nwrk.headers["content-type"] = "application/json"\n` +
        'local non2xx = 0\nfunction response(status) if status >= 300 then non2xx = non2xx + 1 end end\n',
    );
    args.push('-s', script);
  }
  const out = spawnSync('wrk', [...args, url], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  const text = out.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
  const pct = (p: string) => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(text);
    return m ? ms(m[1]!, m[2]!) : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? 0);
  return { rps, p50ms: pct('50'), p99ms: pct('99'), non2xx, requests };
}

/** Every process started here, stopped at the end whatever happens. */
const started: ChildProcess[] = [];

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
  if (readyUrl) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(readyUrl(found)).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('service not ready in 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { port: found, child };
}

function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

const freePort = async () => {
  const { createServer } = await import('node:net');
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
};

/** CPU time (user + system) a process has used, in µs (Linux /proc); undefined elsewhere. */
function cpuMicros(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6; // utime, stime in clock ticks (100/s)
  } catch {
    return undefined;
  }
}

interface Measured extends WrkResult {
  /** Server CPU µs per request: robust to other load on the machine, unlike req/s. */
  cpuPerRequest?: number;
}

/** wrk against `url` while reading the server process's CPU time before and after. */
function measured(pid: number, url: string, body?: string): Measured {
  const before = cpuMicros(pid);
  const r = wrk(url, { body });
  const after = cpuMicros(pid);
  return { ...r, cpuPerRequest: before !== undefined && after !== undefined && r.requests > 0 ? (after - before) / r.requests : undefined };
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function startService(dataDir: string, rateLimitPerMinute: number) {
  const port = await freePort();
  const [cmd, ...args] = serviceCommand();
  return startProcess(
    cmd!,
    args,
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute), PORT: String(port), DATA_DIR: dataDir },
    (p) => `http://127.0.0.1:${p}/ready`,
    port,
  );
}

/**
 * ROUNDS rounds (BENCH_ROUNDS, default 2), each measuring back to back: bare hello, /health, bare
 * POST, the floor, melee. Ratios are taken within a round (the machine may be shared: its load changes between
 * rounds), and the median of the rounds is reported. Then rate limiting is measured on its own: the
 * same melee requests against a second service with RATE_LIMIT_PER_MINUTE set too high to refuse any.
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
    const answer = await fetch(base + '/v1/eden/attacks/melee', { method: 'POST', headers: { 'content-type': 'application/json' }, body: MELEE_BODY });
    const responseFile = join(dataDir, 'melee-response.json');
    writeFileSync(responseFile, Buffer.from(await answer.arrayBuffer()));
    const bare = await startProcess(process.execPath, [join(ROOT, 'bench/servers/bare.mjs')], { RESPONSE_FILE: responseFile });
    const bareBase = `http://127.0.0.1:${bare.port}`;

    wrk(base + '/v1/eden/attacks/melee', { body: MELEE_BODY, seconds: 2 });
    wrk(bareBase + '/echo', { body: MELEE_BODY, seconds: 2 });
    // the floor: the rules core's answer per request must be the service's bytes, or it is no floor
    const floorAnswer = await fetch(bareBase + '/melee-rules', { method: 'POST', headers: { 'content-type': 'application/json' }, body: MELEE_BODY });
    const floorSame = Buffer.from(await floorAnswer.arrayBuffer()).equals(readFileSync(responseFile));
    wrk(bareBase + '/melee-rules', { body: MELEE_BODY, seconds: 2 });
    const rounds: { hello: Measured; health: Measured; echo: Measured; rules: Measured; melee: Measured }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const hello = measured(bare.child.pid!, bareBase + '/hello');
      const health = measured(service.child.pid!, base + '/health');
      const echo = measured(bare.child.pid!, bareBase + '/echo', MELEE_BODY);
      const rules = measured(bare.child.pid!, bareBase + '/melee-rules', MELEE_BODY);
      const melee = measured(service.child.pid!, base + '/v1/eden/attacks/melee', MELEE_BODY);
      rounds.push({ hello, health, echo, rules, melee });
      console.log(`round ${i + 1}: ${JSON.stringify({ hello: hello.rps, health: health.rps, echo: echo.rps, rules: rules.rps, melee: melee.rps, meleeP99: melee.p99ms })}`);
    }
    stop(service.child);

    const limited = await startService(join(dataDir, 'b'), 1_000_000_000);
    const limitedBase = `http://127.0.0.1:${limited.port}`;
    wrk(limitedBase + '/v1/eden/attacks/melee', { body: MELEE_BODY, seconds: 2 });
    const meleeLimited = measured(limited.child.pid!, limitedBase + '/v1/eden/attacks/melee', MELEE_BODY);
    const echoAgain = measured(bare.child.pid!, bareBase + '/echo', MELEE_BODY);

    const m = <K extends keyof (typeof rounds)[number]>(k: K, f: (r: Measured) => number) => median(rounds.map((r) => f(r[k])));
    const ratio = (a: keyof (typeof rounds)[number], b: keyof (typeof rounds)[number]) => median(rounds.map((r) => r[a].rps / r[b].rps));
    const cpuRatio = (a: keyof (typeof rounds)[number], b: keyof (typeof rounds)[number]) => median(rounds.map((r) => (r[a].cpuPerRequest ?? NaN) / (r[b].cpuPerRequest ?? NaN)));
    const lat = (k: keyof (typeof rounds)[number]) => `p50 ${m(k, (r) => r.p50ms).toFixed(2)} ms, p99 ${m(k, (r) => r.p99ms).toFixed(2)} ms`;
    const c = `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, median of ${ROUNDS} rounds`;
    const non2xx = rounds.reduce((n, r) => n + r.melee.non2xx + r.health.non2xx, 0);
    const healthRatio = ratio('health', 'hello');
    const meleeRatio = ratio('melee', 'echo');
    const meleeP99 = m('melee', (r) => r.p99ms);
    const figures: BenchFigure[] = [
      { name: `bare Fastify GET /hello (${c}; ${lat('hello')})`, value: m('hello', (r) => r.rps), unit: 'req/s' },
      { name: `bare Fastify POST, same body and bytes (${c}; ${lat('echo')})`, value: m('echo', (r) => r.rps), unit: 'req/s' },
      {
        name: `GET /health (${c}; ${lat('health')}; ratio of each round's pair)`,
        value: m('health', (r) => r.rps),
        unit: 'req/s',
        baseline: { name: 'bare GET /hello', value: m('hello', (r) => r.rps), unit: 'req/s' },
        ratio: healthRatio,
        goal: '≥ 0.7',
        met: healthRatio >= 0.7,
      },
      {
        name: `POST /v1/eden/attacks/melee (${c}; ${lat('melee')}${non2xx ? `; ${non2xx} non-2xx` : ''}; ratio of each round's pair)`,
        value: m('melee', (r) => r.rps),
        unit: 'req/s',
        baseline: { name: 'bare POST, same bytes', value: m('echo', (r) => r.rps), unit: 'req/s' },
        ratio: meleeRatio,
        goal: '≥ 0.6 (goal 0.8)',
        met: meleeRatio >= 0.6 && non2xx === 0,
      },
      { name: `POST /v1/eden/attacks/melee p99 at c=${CONNECTIONS} (median of ${ROUNDS} rounds)`, value: meleeP99, unit: 'ms', goal: '≤ 10 ms', met: meleeP99 <= 10 },
      {
        name:
          `floor: bare Fastify POST that runs the service's melee rules core and JSON.stringify per request, no validation, hooks or extra headers ` +
          `(${c}; ${lat('rules')}; ${floorSame ? 'the same answer bytes as the service' : 'NOT the same answer bytes as the service'}): the highest melee ÷ bare POST ratio these rules and this answer allow`,
        value: m('rules', (r) => r.rps),
        unit: 'req/s',
        baseline: { name: 'bare POST, same bytes', value: m('echo', (r) => r.rps), unit: 'req/s' },
        ratio: ratio('rules', 'echo'),
      },
      {
        name: `POST /v1/eden/attacks/melee ÷ that floor (what validation, hooks, headers and the rest of the service cost; ratio of each round's pair)`,
        value: m('melee', (r) => r.rps),
        unit: 'req/s',
        baseline: { name: 'floor: bare POST + rules core', value: m('rules', (r) => r.rps), unit: 'req/s' },
        ratio: ratio('melee', 'rules'),
      },
    ];
    if (rounds.every((r) => r.melee.cpuPerRequest !== undefined)) {
      figures.push(
        {
          name: 'GET /health: server CPU per request (user + system)',
          value: m('health', (r) => r.cpuPerRequest!),
          unit: 'µs',
          baseline: { name: 'bare GET /hello', value: m('hello', (r) => r.cpuPerRequest!), unit: 'µs' },
          ratio: cpuRatio('health', 'hello'),
        },
        {
          name: 'POST /v1/eden/attacks/melee: server CPU per request (user + system)',
          value: m('melee', (r) => r.cpuPerRequest!),
          unit: 'µs',
          baseline: { name: 'bare POST, same bytes', value: m('echo', (r) => r.cpuPerRequest!), unit: 'µs' },
          ratio: cpuRatio('melee', 'echo'),
        },
        {
          name: 'floor (bare POST + the melee rules core + JSON.stringify): server CPU per request (user + system)',
          value: m('rules', (r) => r.cpuPerRequest!),
          unit: 'µs',
          baseline: { name: 'bare POST, same bytes', value: m('echo', (r) => r.cpuPerRequest!), unit: 'µs' },
          ratio: cpuRatio('rules', 'echo'),
        },
      );
    }
    figures.push({
      name: `POST /v1/eden/attacks/melee with rate limiting on (in-memory store, limit never reached; ${c.split(',')[0]}; p99 ${meleeLimited.p99ms.toFixed(2)} ms${meleeLimited.non2xx ? `; ${meleeLimited.non2xx} non-2xx` : ''})`,
      value: meleeLimited.rps,
      unit: 'req/s',
      baseline: { name: 'bare POST, same bytes, right after', value: echoAgain.rps, unit: 'req/s' },
      ratio: meleeLimited.rps / echoAgain.rps,
    });
    return figures;
  } finally {
    started.splice(0).forEach(stop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
