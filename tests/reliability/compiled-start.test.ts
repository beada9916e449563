/**
 * The production runtime: the runtime stage's CMD of docker/Dockerfile (`node dist/server.js`),
 * run exactly, over a built dist/ (scripts/build.mjs, rebuilt here when stale) on the embedded
 * defaults. A loader hook (NODE_OPTIONS, inherited by worker threads) fails any attempt to load
 * tsx or a TypeScript file, so the API, its warm-up and a simulation on the worker threads all
 * run compiled JavaScript. Then `npm start`'s own command (scripts/start.mjs) runs the server in its
 * own process. Both answer /ready and drain an in-flight request on SIGTERM before exiting 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/build.mjs';
import { ROOT, runtimeStage } from '../helpers/dockerfile.js';
import { requestDuringShutdown } from '../helpers/process.js';
import { rangedRequest } from '../fixtures/simulate.js';

const ADMIN = 'compiled-start-admin';

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `argv` on a port of its choosing (PORT=0, read from its log), once /ready answers 200. */
async function launch(argv: string[], env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(argv[0]!, argv.slice(1), { cwd: ROOT, env: { ...env, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const began = Date.now();
  while (Date.now() - began < 90_000 && child.exitCode === null) {
    const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (
      base &&
      (await fetch(`${base}/ready`).then(
        (r) => r.status === 200,
        () => false,
      ))
    )
      return { child, base, output: () => out, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${argv.join(' ')} did not answer /ready with 200:\n${out}`);
}

/** Kills the process group (the server and anything it started). */
function killGroup(running: Running | undefined) {
  if (!running?.child.pid || running.child.exitCode !== null) return;
  try {
    process.kill(-running.child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** Sends SIGTERM while a request is in flight (headers sent, body not yet): it must still complete. */
const drains = (running: Running) => requestDuringShutdown(running.base, ADMIN, () => running.child.kill('SIGTERM'));

describe('compiled production runtime', () => {
  let scratch: string;
  let baseEnv: NodeJS.ProcessEnv;
  const started: Running[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    scratch = await mkdtemp(join(tmpdir(), 'arbiter-compiled-'));
    const guard = join(scratch, 'no-typescript.mjs');
    const hooks = `export async function resolve(specifier, context, next) {
      if (/^tsx(\\/|$)/.test(specifier) || /\\.[cm]?ts$/.test(specifier)) throw new Error('TypeScript loaded at runtime: ' + specifier);
      return next(specifier, context);
    }`;
    await writeFile(guard, `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));\n`);
    baseEnv = { ...process.env, ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0', NODE_OPTIONS: `--import=${pathToFileURL(guard).href}` };
    delete baseEnv.DATABASE_URL;
    delete baseEnv.REDIS_URL;
  }, 300_000);

  afterAll(async () => {
    started.forEach(killGroup);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('dist/ holds compiled JavaScript only, importing no development dependency', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const files = (await readdir(join(ROOT, 'dist'), { recursive: true })).filter((f) => /\.[cm]?[jt]s$/.test(f));
    expect(files.filter((f) => !f.endsWith('.js'))).toEqual([]);
    const foreign: string[] = [];
    for (const file of files) {
      const text = await readFile(join(ROOT, 'dist', file), 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        const spec = (m[1] ?? m[2])!;
        if (spec.startsWith('.') || spec.startsWith('node:')) continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!pkg.dependencies[name]) foreign.push(`${file}: ${spec}`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('the runtime stage’s CMD serves /ready, runs a simulation on compiled worker threads, and drains on SIGTERM', { timeout: 240_000 }, async () => {
    const { cmd, env } = runtimeStage();
    expect(cmd[0]).toBe('node');
    const running = await launch(cmd, { ...baseEnv, ...env, DATA_DIR: join(scratch, 'image') });
    started.push(running);

    const key = await fetch(`${running.base}/v1/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'compiled' }),
    });
    expect(key.status, running.output()).toBe(201);
    const auth = { authorization: `Bearer ${((await key.json()) as { key: string }).key}`, 'content-type': 'application/json' };
    const submitted = await fetch(`${running.base}/v1/simulations`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ kind: 'eden.ranged', request: rangedRequest(), iterations: 200, seed: 'compiled' }),
    });
    expect(submitted.status, running.output()).toBeLessThan(300);
    const { id } = (await submitted.json()) as { id: string };
    let state: { status: string; error?: string } = { status: 'queued' };
    for (let i = 0; i < 600 && !['completed', 'failed', 'cancelled'].includes(state.status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await (await fetch(`${running.base}/v1/simulations/${id}`, { headers: auth })).json()) as typeof state;
    }
    expect(state, running.output()).toMatchObject({ status: 'completed' });

    const answer = await drains(running);
    expect(answer.status, running.output()).toBe(201);
    expect(await running.exited).toBe(0);
    expect(running.output()).not.toMatch(/TypeScript loaded at runtime/);
  });

  it('npm start runs the compiled server as npm’s own child (exec), so a SIGTERM to the npm process drains and stops it', { timeout: 120_000 }, async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // exec: no shell between npm and node, so the signal npm forwards reaches the server
    expect(pkg.scripts.start).toBe('exec node scripts/start.mjs server');
    const running = await launch(['npm', 'start'], { ...baseEnv, DATA_DIR: join(scratch, 'start') });
    started.push(running);
    const pids = new Set([...running.output().matchAll(/"pid":(\d+)/g)].map((m) => Number(m[1])));
    expect(pids.size).toBe(1);
    expect(pids.has(running.child.pid!)).toBe(false); // the server is npm's child, not npm

    const answer = await drains(running); // SIGTERM to the npm process
    expect(answer.status, running.output()).toBe(201);
    expect(await running.exited).toBe(0);
    // the server stopped with npm: nothing listens on its port any more
    await expect(fetch(`${running.base}/health`)).rejects.toThrow();
    expect(running.output()).toMatch(/"msg":"shut down"/);
  });
});
