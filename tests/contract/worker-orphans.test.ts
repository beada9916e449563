/**
 * A BullMQ worker process killed with -9 leaves no child behind (issue: its sandboxed child kept
 * running at ~100 % of a core, memory growing, after the worker died), and with the service's own
 * lock settings (JOB_LOCK_MS) another worker takes its job back and finishes it. Needs REDIS_URL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BullJobRunner } from '../../src/infra/queue/index.js';
import type { JobState } from '../../src/app/ports.js';

const REDIS_URL = process.env.REDIS_URL;

/** State of process `pid` ('R', 'S', 'Z'…), or undefined when it is gone. */
async function stateOf(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
}

/** Pids whose parent is `parent`. */
async function childrenOf(parent: number): Promise<number[]> {
  const out: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent) out.push(Number(entry));
  }
  return out;
}

const spawned: ChildProcess[] = [];
function spawnWorker(queueName: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bull-worker-process.ts', import.meta.url))], {
    env: { ...process.env, REDIS_URL, QUEUE_NAME: queueName, LOCK_MS: 'default' },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  spawned.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`worker process exited (${code})`)));
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!REDIS_URL)('a worker killed with -9 (BullMQ)', () => {
  const queueName = `arbiter-orphans-${randomUUID()}`;
  const runner = REDIS_URL ? new BullJobRunner({ url: REDIS_URL, queueName }) : undefined;
  afterAll(async () => {
    for (const c of spawned) {
      try {
        process.kill(-c.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await runner?.obliterate();
    await runner?.close();
  });

  it('leaves no sandboxed child running, and another worker finishes its job', { timeout: 90_000 }, async () => {
    await runner!.watching();
    const first = await spawnWorker(queueName);
    const id = randomUUID();
    await runner!.enqueue({ id, name: 'contract.spin', data: { steps: 120, ms: 50, value: 'resumed' } });
    await until('the job runs', async () => ((await runner!.get(id))?.progress ?? 0) > 0, 30_000);
    const children = await childrenOf(first.pid!);
    expect(children.length).toBeGreaterThan(0);
    // kill -9 of the worker process alone (not its group): its children get no signal
    process.kill(first.pid!, 'SIGKILL');
    await until(
      'every sandboxed child has exited',
      async () => {
        const states = await Promise.all(children.map(stateOf));
        return states.every((s) => s === undefined || s === 'Z');
      },
      8_000,
    );
    await spawnWorker(queueName);
    const done = await until<JobState>(
      'another worker finished the job',
      async () => {
        const s = await runner!.get(id);
        return s?.status === 'completed' ? s : undefined;
      },
      40_000,
    );
    expect(done.result).toMatchObject({ value: 'resumed' });
  });
});
