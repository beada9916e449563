/**
 * Spawning the real entry points (`tsx src/server.ts`, `tsx src/worker.ts`) for the suites that
 * run the processes (tests/reliability). Each child leads its own process group (tsx runs the
 * script in a grandchild), so `killGroup` ends all of it; `spawned` keeps every child so
 * `afterEach` can kill what a failing test left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { freePort } from './free-port.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

export { freePort };

export interface Child {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export const spawned: Child[] = [];

/** Runs `script` (relative to the repository) with `env` on top of a clean copy of ours. */
export function run(script: string, env: NodeJS.ProcessEnv): Child {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', MAX_EVENT_LOOP_DELAY_MS: '0' };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  const child = spawn(TSX, [script], { cwd: ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const c = { child, output: () => out, exited };
  spawned.push(c);
  return c;
}

/** Signals the whole process group of `c` (no-op once it is gone). */
export function killGroup(c: Child, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (c.child.pid === undefined) return;
  try {
    process.kill(-c.child.pid, signal);
  } catch {
    // already gone
  }
}

/** Kills every spawned group and waits for the leaders to exit (for afterEach). */
export async function killAll(): Promise<void> {
  const all = spawned.splice(0);
  for (const c of all) killGroup(c);
  await Promise.all(all.map((c) => Promise.race([c.exited, new Promise((r) => setTimeout(r, 5000))])));
}

export interface Server extends Child {
  base: string;
  port: number;
}

/** Starts `npm start`'s entry point and waits until /health answers (or the process exits). */
export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Server> {
  const port = await freePort();
  const c = run('src/server.ts', { PORT: String(port), HOST: '127.0.0.1', ...env });
  const base = `http://127.0.0.1:${port}`;
  let dead = false;
  void c.exited.then(() => (dead = true));
  const began = Date.now();
  while (Date.now() - began < timeoutMs && !dead) {
    try {
      if ((await fetch(`${base}/health`)).status === 200) return { ...c, base, port };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  killGroup(c);
  throw new Error(`server ${dead ? 'exited' : 'did not answer /health'}:\n${c.output()}`);
}

/** Polls `fn` until it returns true, or fails after `timeoutMs` with `what`. */
export async function until(what: string, fn: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const began = Date.now();
  while (Date.now() - began < timeoutMs) {
    if (await fn().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A request in flight when the server is told to stop: `POST /v1/admin/keys` sent with
 * `Expect: 100-continue`, so the server's `100 Continue` proves it has parsed the headers (the
 * request is active, not an idle connection); then part of the body, `signal()` (a SIGTERM), and
 * the rest of the body `endAfterMs` later. A server that drains answers it in full.
 */
export function requestDuringShutdown(base: string, adminToken: string, signal: () => void, endAfterMs = 500): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ name: 'in-flight' });
  const url = new URL(`${base}/v1/admin/keys`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${adminToken}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.on('continue', () => {
      req.write(body.slice(0, 5));
      signal();
      setTimeout(() => req.end(body.slice(5)), endAfterMs);
    });
    req.flushHeaders();
  });
}
