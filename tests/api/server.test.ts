/**
 * The real process (`tsx src/server.ts`) with no DATABASE_URL: embedded PGlite in a temp DATA_DIR.
 * /health answers quickly, /ready is 200, data survives a restart, SIGTERM lets an in-flight
 * request finish before the process exits 0. The server runs detached in its own process group
 * (tsx and the node process it starts), killed as a group whatever the test's outcome.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { requestDuringShutdown } from '../helpers/process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const ADMIN = 'server-test-admin';
/** Start-up bound: generous, as the suite must pass while other processes keep both CPUs busy. */
const START_LIMIT_MS = 90_000;

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const began = Date.now();
  const child = spawn(TSX, ['src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  let dead = false;
  void exited.then(() => (dead = true));
  while (Date.now() - began < START_LIMIT_MS && !dead) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200) return { child, base, output: () => out, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  killGroup(child);
  throw new Error(`server did not answer /health within ${START_LIMIT_MS / 1000} s:\n${out}`);
}

/** SIGKILL the whole process group (tsx and the node process behind it). */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function stop(running: Running): Promise<number | null> {
  // the signal reaches tsx, which forwards it to the server
  if (running.child.exitCode === null) running.child.kill('SIGTERM');
  return running.exited;
}

describe('server process', () => {
  let dataDir: string;
  const processes: Running[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'arbiter-server-'));
  });
  afterAll(async () => {
    for (const p of processes) killGroup(p.child);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves /health quickly and /ready, keeps data across a restart, and drains on SIGTERM', { timeout: 300_000 }, async () => {
    // 1. first start: fresh data directory
    const first = await start(dataDir);
    processes.push(first);
    expect(await (await fetch(`${first.base}/health`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${first.base}/ready`);
    expect(ready.status).toBe(200);

    const created = await fetch(`${first.base}/v1/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'persisted' }),
    });
    expect(created.status).toBe(201);
    const key = (await created.json()) as { id: string; key: string };

    // 2. an in-flight request (headers sent, body not yet) when SIGTERM arrives still completes
    const inFlight = requestDuringShutdown(first.base, ADMIN, () => first.child.kill('SIGTERM'));
    const answer = await inFlight;
    expect(answer.status, first.output()).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'in-flight' });
    expect(await first.exited).toBe(0);
    // the listener is gone after the drain
    await expect(fetch(`${first.base}/health`)).rejects.toThrow();

    // 3. restart on the same DATA_DIR: the key still resolves
    const second = await start(dataDir);
    processes.push(second);
    const me = await fetch(`${second.base}/v1/me`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(me.status, second.output()).toBe(200);
    expect(await me.json()).toEqual({ id: key.id, name: 'persisted' });
    expect((await fetch(`${second.base}/ready`)).status).toBe(200);
    expect(await stop(second)).toBe(0);
  });
});
