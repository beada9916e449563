/**
 * The embedded database (no DATABASE_URL) has exactly one owner: a second `npm start` on the same
 * DATA_DIR exits 1 with a clear message and leaves the owner untouched; `npm run worker` and any
 * other client reach the owner's database through its private Unix socket (never over TCP), and
 * writes of both sides are kept; a lock left by a SIGKILLed owner does not block the next start.
 */
import { mkdtemp, readFile, readdir, readlink, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectEmbedded } from '../../src/infra/database/index.js';
import { killAll, killGroup, run, startServer, until, type Server } from '../helpers/process.js';

const ADMIN = 'owner-test-admin';
const REDIS_URL = process.env.REDIS_URL;

/** TCP ports process `pid` listens on (Linux: its socket inodes matched in /proc/net/tcp{,6}). */
async function tcpListenPorts(pid: number): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const m = /^socket:\[(\d+)\]$/.exec(target);
    if (m) inodes.add(m[1]!);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      // cols: sl local_address rem_address st ... inode (index 9); st 0A = LISTEN
      if (cols[3] === '0A' && inodes.has(cols[9]!)) ports.push(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

async function createKey(server: Server, name: string): Promise<number> {
  const res = await fetch(`${server.base}/v1/admin/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return res.status;
}

describe('embedded database: one owner per DATA_DIR', () => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN });
  const owner = async () => JSON.parse(await readFile(join(dataDir, 'pglite.run', 'owner.json'), 'utf8')) as { pid: number; url?: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'arbiter-owner-'));
  });
  afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server, serves the socket privately, shares it with clients, survives kill -9', { timeout: 240_000 }, async () => {
    const first = await startServer(env());
    await until('first server ready', async () => (await fetch(`${first.base}/ready`)).status === 200);
    const { pid, url } = await owner();

    // 1. a second `npm start` on the same DATA_DIR exits 1 with the reason, no stack trace
    const second = run('src/server.ts', { ...env(), PORT: '0' });
    expect(await second.exited, second.output()).toBe(1);
    expect(second.output()).toContain(`is already open by process ${pid}`);
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect((await owner()).pid).toBe(pid); // the owner's lock is untouched
    expect((await fetch(`${first.base}/ready`)).status).toBe(200);

    // 2. private: a Unix socket in a 0700 directory, owner.json 0600, no TCP port but HTTP's
    const runDir = join(dataDir, 'pglite.run');
    expect((await stat(runDir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(runDir, 'owner.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(runDir, '.s.PGSQL.5432'))).isSocket()).toBe(true);
    expect(url).toBe(`postgresql://postgres@${encodeURIComponent(runDir)}/postgres?sslmode=disable`);
    expect(await tcpListenPorts(pid)).toEqual([first.port]);

    // 3. a client of the owner (what `npm run worker` uses) and the server both write: all kept
    const client = await connectEmbedded(join(dataDir, 'pglite'));
    try {
      const writes = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => createKey(first, `server-${i}`)),
        ...Array.from({ length: 20 }, (_, i) => client.query("INSERT INTO api_keys (name, key_hash) VALUES ($1, md5($1) || md5($1 || 'x'))", [`client-${i}`]).then(() => 201)),
      ]);
      expect(writes.every((s) => s === 201)).toBe(true);
    } finally {
      await client.close();
    }

    // 4. kill -9 (the whole group): the stale lock does not block the next start, nothing is lost
    killGroup(first, 'SIGKILL');
    await first.exited;
    await until('the owner process to be gone', async () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    const third = await startServer(env());
    await until('restarted server ready', async () => (await fetch(`${third.base}/ready`)).status === 200);
    expect((await owner()).pid).not.toBe(pid);
    const check = await connectEmbedded(join(dataDir, 'pglite'));
    try {
      const { rows } = await check.query<{ server: number; client: number }>(
        "SELECT count(*) FILTER (WHERE name LIKE 'server-%')::int AS server, count(*) FILTER (WHERE name LIKE 'client-%')::int AS client FROM api_keys",
      );
      expect(rows).toEqual([{ server: 20, client: 20 }]);
    } finally {
      await check.close();
    }

    // 5. the worker joins the owner's database instead of opening its own (needs Redis)
    if (REDIS_URL) {
      const ownerPid = (await owner()).pid;
      const worker = run('src/worker.ts', { ...env(), REDIS_URL, LOG_LEVEL: 'info', WORKER_CONCURRENCY: '1', QUEUE_NAME: `owner-test-${process.pid}` });
      await until('worker started', async () => worker.output().includes('worker started'), 60_000);
      expect((await owner()).pid).toBe(ownerPid); // it joined; it did not take the database over
      expect((await fetch(`${third.base}/ready`)).status).toBe(200);
      worker.child.kill('SIGTERM'); // tsx relays it to the script
      expect(await worker.exited).toBe(0);
    }

    // 6. SIGTERM frees the directory for the next owner
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    await expect(stat(join(dataDir, 'pglite.run'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a worker without a running API on its DATA_DIR says so and exits 1', { timeout: 60_000 }, async () => {
    // REDIS_URL only has to be set: the database is looked up before Redis is contacted
    const worker = run('src/worker.ts', { DATA_DIR: dataDir, REDIS_URL: REDIS_URL ?? 'redis://127.0.0.1:1' });
    expect(await worker.exited, worker.output()).toBe(1);
    expect(worker.output()).toContain('No running API owns the embedded database');
  });
});
