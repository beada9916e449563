/**
 * A template of the embedded database, made once by `npm run build` (scripts/pglite-template.mjs):
 * a PGlite data directory that initdb created and every migration of the build migrated, cleanly
 * shut down, kept in `dist/pglite-template/`. A first start on an empty DATA_DIR copies it instead
 * of running initdb (most of a cold start); the migrator then applies any migration newer than the
 * template, as on any start. A template of another PGlite version (or none) is not used: initdb runs.
 */
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the build keeps the template: `dist/pglite-template` next to the compiled sources. */
export const DEFAULT_TEMPLATE_DIR = fileURLToPath(new URL('../../pglite-template', import.meta.url));

const DATA = 'data';
const MANIFEST = 'template.json';

interface Manifest {
  pglite: string;
  migrations: string[];
}

/** The installed PGlite's version (its data directories are only opened by the same version). */
export function pgliteVersion(): string {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(main);
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

async function readManifest(templateDir: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(join(templateDir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * Fills an empty (or missing) `dataDir` from the template; true when it did. Never touches a
 * directory that holds a database (PG_VERSION) or anything else. The copy lands next to `dataDir`
 * and is renamed into place, so an interrupted copy leaves no half database behind.
 */
export async function seedFromTemplate(dataDir: string, templateDir: string = DEFAULT_TEMPLATE_DIR): Promise<boolean> {
  const manifest = await readManifest(templateDir);
  if (!manifest || manifest.pglite !== pgliteVersion() || !existsSync(join(templateDir, DATA, 'PG_VERSION'))) return false;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) return false;
  const staging = `${dataDir}.template-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    // synchronous: it runs on the database's own thread (pglite-thread.ts)
    copyTree(join(templateDir, DATA), staging);
    await rm(dataDir, { recursive: true, force: true });
    await rename(staging, dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await chmod(dataDir, 0o700);
  return true;
}

/**
 * Copies the directory `from` to `to` (which must not exist): directories, files and symbolic
 * links. Each file is cloned where the file system can (copy-on-write: no data copied), else
 * copied. On a cold start's critical path (1,000-odd files, 39 MB): 141–147 ms of CPU here against
 * `fs.cpSync`'s 212–251 ms, which checks and stats each entry several times (13,300 system calls
 * against 16,600); fs.promises.cp was 2–3× slower still.
 */
function copyTree(from: string, to: string): void {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else copyFileSync(source, target, constants.COPYFILE_FICLONE);
  }
}

/**
 * Writes a template into `templateDir` from `migrated`, a data directory that was initdb'd,
 * migrated and closed (by the build script), recording the PGlite version and the migrations in it.
 */
export async function writeTemplate(templateDir: string, migrated: string, migrations: string[]): Promise<void> {
  await rm(templateDir, { recursive: true, force: true });
  await mkdir(templateDir, { recursive: true });
  await cp(migrated, join(templateDir, DATA), { recursive: true });
  // Readable by the service's own (possibly other) user: each copy is made private (0700) when used.
  await chmodTree(join(templateDir, DATA));
  const manifest: Manifest = { pglite: pgliteVersion(), migrations };
  await writeFile(join(templateDir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
}

async function chmodTree(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(path);
    else await chmod(path, 0o644);
  }
}
