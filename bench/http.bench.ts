/**
 * HTTP throughput measured from outside: wrk (Debian package `wrk`, a separate process) against
 * the service started as in production, and against bare Fastify baselines started in the same run
 * (bench/servers/bare.mjs): GET hello-world, and a POST that parses the same melee body and answers
 * the same bytes. Loopback only; each run is bounded (`-d`). Goals (issue 15): melee ≥ 0.6 × the
 * bare POST, GET /health ≥ 0.7 × bare hello-world, melee p99 ≤ 10 ms at c=50.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceCommand } from './service-command.js';
import type { BenchFigure } from './run.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
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
  return { rps, p50ms: pct('50'), p99ms: pct('99'), non2xx };
}

/** Starts a server process that prints `{"port": n}` (bare) or answers /ready (the service). */
async function startProcess(cmd: string, args: string[], env: Record<string, string>, readyUrl?: (port: number) => string, port?: number) {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
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
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(readyUrl(found)).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('service not ready in 60 s');
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

export async function run(): Promise<BenchFigure[]> {
  if (!ensureWrk()) {
    console.log('wrk is not installed (apt-get install wrk): HTTP figures skipped');
    return [];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  const children: ChildProcess[] = [];
  try {
    const servicePort = await freePort();
    const [cmd, ...args] = serviceCommand();
    const service = await startProcess(
      cmd!,
      args,
      { NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', PORT: String(servicePort), DATA_DIR: dataDir },
      (p) => `http://127.0.0.1:${p}/ready`,
      servicePort,
    );
    children.push(service.child);
    const base = `http://127.0.0.1:${service.port}`;
    const answer = await fetch(base + '/v1/eden/attacks/melee', { method: 'POST', headers: { 'content-type': 'application/json' }, body: MELEE_BODY });
    const responseFile = join(dataDir, 'melee-response.json');
    writeFileSync(responseFile, Buffer.from(await answer.arrayBuffer()));
    const bare = await startProcess(process.execPath, [join(ROOT, 'bench/servers/bare.mjs')], { RESPONSE_FILE: responseFile });
    children.push(bare.child);
    const bareBase = `http://127.0.0.1:${bare.port}`;

    // Warm-up, then the four measurements back to back.
    wrk(base + '/v1/eden/attacks/melee', { body: MELEE_BODY, seconds: 2 });
    wrk(bareBase + '/echo', { body: MELEE_BODY, seconds: 2 });
    const hello = wrk(bareBase + '/hello');
    const health = wrk(base + '/health');
    const echo = wrk(bareBase + '/echo', { body: MELEE_BODY });
    const melee = wrk(base + '/v1/eden/attacks/melee', { body: MELEE_BODY });
    const lat = (r: WrkResult) => `p50 ${r.p50ms.toFixed(2)} ms, p99 ${r.p99ms.toFixed(2)} ms`;
    const c = `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s`;
    return [
      { name: `bare Fastify GET /hello (${c}; ${lat(hello)})`, value: hello.rps, unit: 'req/s' },
      { name: `bare Fastify POST, same body and bytes (${c}; ${lat(echo)})`, value: echo.rps, unit: 'req/s' },
      {
        name: `GET /health (${c}; ${lat(health)})`,
        value: health.rps,
        unit: 'req/s',
        baseline: { name: 'bare GET /hello', value: hello.rps, unit: 'req/s' },
        ratio: health.rps / hello.rps,
        goal: '≥ 0.7',
        met: health.rps / hello.rps >= 0.7,
      },
      {
        name: `POST /v1/eden/attacks/melee (${c}; ${lat(melee)}${melee.non2xx ? `; ${melee.non2xx} non-2xx` : ''})`,
        value: melee.rps,
        unit: 'req/s',
        baseline: { name: 'bare POST, same bytes', value: echo.rps, unit: 'req/s' },
        ratio: melee.rps / echo.rps,
        goal: '≥ 0.6 (goal 0.8)',
        met: melee.rps / echo.rps >= 0.6 && melee.non2xx === 0,
      },
      { name: `POST /v1/eden/attacks/melee p99 at c=${CONNECTIONS}`, value: melee.p99ms, unit: 'ms', goal: '≤ 10 ms', met: melee.p99ms <= 10 },
    ];
  } finally {
    children.forEach(stop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
