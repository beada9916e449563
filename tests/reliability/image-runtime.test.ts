/**
 * The production image's runtime stage, run as the Dockerfile runs it (Docker cannot run here):
 * in an empty scratch directory, the stage's own `npm ci` line (read from docker/Dockerfile, so
 * the test and the image cannot drift) installs from package.json and the lockfile; the built
 * dist/ and the migrations are copied in as the stage copies them; then the stage's CMD starts
 * with its ENV (PORT and DATA_DIR moved to free places). It must answer /ready with 200 and draw
 * a chart as PNG — the native renderer is an optional dependency an install can leave out.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, ensureBuilt } from '../../scripts/build.mjs';
import { ROOT, runtimeStage } from '../helpers/dockerfile.js';
import { freePort } from '../helpers/free-port.js';

describe('the image runtime stage: its install line, then its CMD', () => {
  let scratch: string;
  let child: ChildProcess | undefined;
  let out = '';
  let base: string;

  beforeAll(async () => {
    const stage = runtimeStage();
    scratch = await mkdtemp(join(tmpdir(), 'arbiter-image-'));
    for (const file of ['package.json', 'package-lock.json']) await cp(join(ROOT, file), join(scratch, file));
    // a private npm cache, as in a fresh image: the line ends with `npm cache clean --force`, which
    // must neither empty the developer's cache nor race other npm processes over it
    const npmEnv = { ...process.env, NODE_ENV: 'production', npm_config_cache: join(scratch, '.npm-cache') };
    const install = spawnSync('sh', ['-c', stage.install], { cwd: scratch, encoding: 'utf8', env: npmEnv });
    if (install.status !== 0) throw new Error(`${stage.install} failed:\n${install.stdout}${install.stderr}`);
    await ensureBuilt();
    await cp(DIST, join(scratch, 'dist'), { recursive: true });
    await cp(join(ROOT, 'prisma/migrations'), join(scratch, 'prisma/migrations'), { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...stage.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(scratch, '.data') };
    child = spawn(stage.cmd[0]!, stage.cmd.slice(1), { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    // a hang fails by the hook's timeout; an early exit fails at once with the process's output
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${stage.cmd.join(' ')} exited with ${child.exitCode}:\n${out}`);
      const ready = await fetch(`${base}/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 240_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('answers /ready with 200 and draws a distribution chart as PNG', async () => {
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    const chart = await fetch(`${base}/v1/dice/distribution`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'image/png' },
      body: JSON.stringify({ notation: '2d6' }),
    });
    expect(chart.status, out).toBe(200);
    expect(chart.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await chart.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
