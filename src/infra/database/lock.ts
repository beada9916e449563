/**
 * One owner per embedded data directory. The owner holds `<data>.run/`, a 0700 directory created
 * with `mkdir` (atomic on every filesystem): it keeps `owner.json` (0600: pid, host, boot id and,
 * once the socket server listens, the connection url) and the private Unix socket.
 *
 * Why not `proper-lockfile`: its staleness is an mtime refreshed by a timer, so a restart after
 * `kill -9` is refused until the mtime ages out, and a live owner whose event loop is blocked
 * (PGlite runs on the main thread) looks stale and is taken over — the very double opening this
 * lock prevents. Node has no flock/fcntl without a native addon. Here a lock is stale when its
 * owner process is gone (same host, same boot, pid not alive), which is known at once.
 */
import { hostname } from 'node:os';
import { readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';

export interface OwnerRecord {
  pid: number;
  host: string;
  bootId?: string;
  startedAt: string;
  /** Where the owner's socket server listens (written once it does). */
  url?: string;
}

/** A second process tried to open a data directory that another process owns. */
export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Partial<OwnerRecord> | undefined,
  ) {
    const who = owner?.pid ? `process ${owner.pid}${owner.host && owner.host !== hostname() ? ` on ${owner.host}` : ''}` : 'another process that is starting';
    super(
      `The embedded database in ${dataDir} is already open by ${who}. Only one process may open it: ` +
        'stop that process, or give this one its own DATA_DIR (or DATABASE_URL). `npm run worker` connects to the running API instead.',
    );
    this.name = 'DataDirLocked';
  }
}

/** A lock directory without owner.json older than this was left by a crash between mkdir and write. */
const UNCLAIMED_STALE_MS = 30_000;

export const runDirOf = (dataDir: string) => `${dataDir}.run`;
const ownerFileOf = (dataDir: string) => `${runDirOf(dataDir)}/owner.json`;

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The recorded owner of `dataDir`, or undefined when there is none or it cannot be read. */
export async function readOwner(dataDir: string): Promise<OwnerRecord | undefined> {
  try {
    return JSON.parse(await readFile(ownerFileOf(dataDir), 'utf8')) as OwnerRecord;
  } catch {
    return undefined;
  }
}

/** True when `owner` is certainly gone: same host and boot, and its pid is not alive. */
export function ownerGone(owner: OwnerRecord): boolean {
  if (owner.host !== hostname()) return false; // cannot tell: treat as alive
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return true; // written before a reboot
  return !processAlive(owner.pid);
}

async function writeOwner(dataDir: string, record: OwnerRecord): Promise<void> {
  const tmp = `${ownerFileOf(dataDir)}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(record) + '\n', { mode: 0o600 });
  await rename(tmp, ownerFileOf(dataDir));
}

/** Removes a stale lock directory, unless someone else took it over meanwhile. */
async function takeOver(dataDir: string, stale: OwnerRecord | undefined): Promise<void> {
  const aside = `${runDirOf(dataDir)}.stale-${randomBytes(4).toString('hex')}`;
  try {
    await rename(runDirOf(dataDir), aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another starter removed it
    throw error;
  }
  const record = await readFile(`${aside}/owner.json`, 'utf8').then(
    (t) => JSON.parse(t) as OwnerRecord,
    () => undefined,
  );
  if (record && (record.pid !== stale?.pid || record.startedAt !== stale?.startedAt)) {
    // Raced with a starter that had just taken the stale lock: give its lock back.
    await rename(aside, runDirOf(dataDir)).catch(() => undefined);
    return;
  }
  await rm(aside, { recursive: true, force: true });
}

export interface DataDirLock {
  /** The 0700 directory that holds owner.json (and the socket, when its path is short enough). */
  runDir: string;
  /** Records the url the owner's socket server listens on, for `npm run worker`. */
  publish(url: string): Promise<void>;
  release(): Promise<void>;
}

/** Takes ownership of `dataDir` (an absolute path), or throws `DataDirLocked`. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const runDir = runDirOf(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(runDir, { mode: 0o700 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(dataDir);
      const stale = owner
        ? ownerGone(owner)
        : Date.now() -
            (await stat(runDir).then(
              (s) => s.mtimeMs,
              () => Date.now(),
            )) >
          UNCLAIMED_STALE_MS;
      if (!stale || attempt >= 2) throw new DataDirLocked(dataDir, owner);
      await takeOver(dataDir, owner);
    }
  }
  await chmod(runDir, 0o700); // mkdir's mode is filtered by the umask; make it exact
  const record: OwnerRecord = { pid: process.pid, host: hostname(), bootId: bootId(), startedAt: new Date().toISOString() };
  let released = false;
  // Normal exits that skip close() (process.exit after an error) still free the directory.
  const onExit = () => {
    if (!released) rmSync(runDir, { recursive: true, force: true });
  };
  process.on('exit', onExit);
  try {
    await writeOwner(dataDir, record);
  } catch (error) {
    onExit();
    process.off('exit', onExit);
    throw error;
  }
  return {
    runDir,
    publish: (url) => writeOwner(dataDir, { ...record, url }),
    release: async () => {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      // Only remove what is still ours (never a successor's directory).
      const current = await readOwner(dataDir);
      if (current?.pid === record.pid && current.startedAt === record.startedAt) await rm(runDir, { recursive: true, force: true });
    },
  };
}
