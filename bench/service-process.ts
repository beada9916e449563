/**
 * A service process for the benchmarks that need real ones (feeds across processes, a fleet behind a
 * proxy): started as `npm start` runs it (./service-command.ts) on a free port with `env`, ready once
 * /health answers; stopped with SIGTERM (its drain), SIGKILL after 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/helpers/free-port.js';
import { serviceCommand } from './service-command.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServiceProcess {
  base: string;
  child: ChildProcess;
}

export async function startService(env: Record<string, string>, timeoutMs = 120_000): Promise<ServiceProcess> {
  const port = await freePort();
  const [cmd, ...args] = serviceCommand();
  const child = spawn(cmd!, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
  }
  throw new Error(`service did not start within ${timeoutMs / 1000} s`);
}

export function stopService(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    process.kill(-child.pid!, 'SIGTERM');
  });
}
