// `npm run build`: compiles the service's sources (src/ only, with esbuild) into dist/, from
// scratch, writes the request bodies' validators out (scripts/prebuilt-validators.mjs), makes the
// embedded database's template (scripts/pglite-template.mjs), and stamps dist/
// when the compilation succeeded. `ensureBuilt()` (scripts/start.mjs)
// rebuilds only when dist/ is missing or older than a source file; concurrent starts share one
// build through a lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');
/** Imports a compiled module of dist/ (`path` relative to it), for the build's steps. */
export const fromDist = (path) => import(pathToFileURL(join(DIST, path)).href);
const STAMP = join(DIST, '.built');
const INPUTS = ['src', 'tsconfig.json', 'tsconfig.build.json'];

/** Newest modification time (ms) of the compiler's inputs; 0 when there are none (image without sources). */
function newestInput() {
  let newest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of INPUTS) visit(join(ROOT, input));
  return newest;
}

export function isBuilt() {
  if (!existsSync(STAMP)) return false;
  return statSync(STAMP).mtimeMs >= newestInput();
}

/** Every TypeScript source of the service (src/, generated Prisma client included), for esbuild. */
function sources(dir = join(ROOT, 'src')) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * A clean compilation into dist/; throws with the compiler's output when it fails. esbuild
 * transpiles each file on its own (no bundling: dist/ is laid out like src/, a second or two);
 * type checking is `npm run typecheck` (tsc), part of `npm run lint`.
 */
export async function build() {
  let esbuild;
  try {
    esbuild = await import(pathToFileURL(createRequire(import.meta.url).resolve('esbuild')).href);
  } catch {
    throw new Error('dist/ is missing or stale and esbuild is not installed (a production install): run `npm run build` where the dev dependencies are installed.');
  }
  const began = new Date();
  rmSync(DIST, { recursive: true, force: true });
  try {
    await esbuild.build({
      entryPoints: sources(),
      outdir: DIST,
      outbase: join(ROOT, 'src'),
      bundle: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'silent',
    });
  } catch (error) {
    throw new Error(`the build failed (esbuild):\n${(error.errors ?? []).map((e) => `${e.location?.file}:${e.location?.line}: ${e.text}`).join('\n') || error.message}`);
  }
  mkdirSync(DIST, { recursive: true });
  // Steps over the compiled dist/, each in a process of its own; the service starts without what they make.
  const step = (script, without) => {
    const run = spawnSync(process.execPath, [join(ROOT, script)], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) process.stderr.write(`${without}:\n${run.stdout}${run.stderr}\n`);
  };
  step('scripts/prebuilt-validators.mjs', 'no prebuilt validators (the service compiles them at start-up)');
  step('scripts/pglite-template.mjs', 'no embedded database template (first starts run initdb)');
  writeFileSync(STAMP, began.toISOString() + '\n');
  // Dated from the build's start: an input edited during the build makes the next start rebuild.
  utimesSync(STAMP, began, began);
}

/** Builds when needed; waits for (and reuses) a build another process is running. */
export async function ensureBuilt() {
  if (isBuilt()) return;
  const { default: lockfile } = await import('proper-lockfile');
  const release = await lockfile.lock(ROOT, { lockfilePath: join(ROOT, '.build.lock'), stale: 120_000, retries: { retries: 240, minTimeout: 250, maxTimeout: 1000 } });
  try {
    if (isBuilt()) return;
    process.stderr.write('building dist/ (esbuild)…\n');
    await build();
  } finally {
    await release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await build();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
