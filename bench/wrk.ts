/**
 * wrk (Debian package `wrk`, a separate process) as the HTTP benches run it: one thread, CONNECTIONS
 * connections (BENCH_CONNECTIONS, default 50) for SECONDS seconds (BENCH_SECONDS, default 8), its
 * req/s, p50, p99 and non-2xx answers; with the measured server's CPU time per request read from
 * /proc (`measured`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

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

export function wrk(url: string, opts: { body?: string; seconds?: number; connections?: number; headers?: Record<string, string> } = {}): WrkResult {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-wrk-'));
  const args = ['-t1', `-c${opts.connections ?? CONNECTIONS}`, `-d${opts.seconds ?? SECONDS}s`, '--latency'];
  if (opts.body !== undefined) {
    const script = join(dir, 'post.lua');
    writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.body = ${JSON.stringify(opts.body)}\nwrk.headers["content-type"] = "application/json"\n` +
        Object.entries(opts.headers ?? {})
          .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}\n`)
          .join('') +
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

/** CPU time (user + system) a process has used, in µs (Linux /proc); undefined elsewhere. */
function cpuMicros(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6; // utime, stime in clock ticks (100/s)
  } catch {
    return undefined;
  }
}

export interface Measured extends WrkResult {
  /** Server CPU µs per request: robust to other load on the machine, unlike req/s. */
  cpuPerRequest?: number;
}

/** wrk against `url` (for `seconds`, SECONDS when not given) while reading the server process's CPU time before and after. */
export function measured(pid: number, url: string, body?: string, headers?: Record<string, string>, seconds?: number): Measured {
  const before = cpuMicros(pid);
  const r = wrk(url, { body, headers, seconds });
  const after = cpuMicros(pid);
  return { ...r, cpuPerRequest: before !== undefined && after !== undefined && r.requests > 0 ? (after - before) / r.requests : undefined };
}

/** The median of the finite values (NaN when none). */
export const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
