/**
 * No acknowledged event is lost when the writing process is killed (SIGKILL) mid-burst, on the
 * embedded database: a child process runs PGlite on a data directory and appends in parallel bursts,
 * printing every acknowledged version; it is killed, the directory is reopened, and every
 * acknowledged batch must be there, the log 1..n without gaps. (The same proof on a real PostgreSQL
 * server, where the database outlives the writer, is in tests/contract/event-store.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqlEventStore } from '../../src/infra/event-store/index.js';
import { openDatabase } from '../../src/infra/database/index.js';

const owner = 'key-a';
const MATCH = '00000000-0000-4000-8000-00000000000a';

describe('event store on PGlite: a SIGKILLed writer', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged event; the reopened log is 1..n without gaps', async () => {
    dir = await mkdtemp(join(tmpdir(), 'arbiter-killed-writer-'));
    const storeModule = fileURLToPath(new URL('../../src/infra/event-store/index.ts', import.meta.url));
    const databaseModule = fileURLToPath(new URL('../../src/infra/database/index.ts', import.meta.url));
    const code = `
      const { SqlEventStore } = await import(${JSON.stringify(storeModule)});
      const { openDatabase } = await import(${JSON.stringify(databaseModule)});
      const db = await openDatabase({ dataDir: process.env.EVENT_DATA_DIR });
      const store = SqlEventStore.over(db);
      await store.createMatch({ id: '${MATCH}', ownerId: '${owner}', game: 'eden', players: [], options: {} });
      process.stdout.write('ready\\n');
      let version = 0;
      await Promise.all(Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; ; i++) {
          try {
            const r = await store.append('${owner}', '${MATCH}', version, [{ type: 'burst', data: { w, i } }, { type: 'burst2', data: { w, i } }]);
            version = Math.max(version, r.version);
            process.stdout.write('ack ' + r.version + ' ' + w + ' ' + i + '\\n');
          } catch (e) {
            if (e?.name !== 'VersionConflict') throw e;
            version = Math.max(version, e.currentVersion);
          }
        }
      }));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      env: { ...process.env, EVENT_DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks: { version: number; w: number; i: number }[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('child produced too few acks: ' + stderr.slice(0, 2000))), 90_000);
      child.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const [word, v, w, i] = line.split(' ');
          if (word === 'ack') acks.push({ version: Number(v), w: Number(w), i: Number(i) });
        }
        if (acks.length >= 100) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => {
        clearTimeout(timer);
        if (acks.length < 100) reject(new Error('child exited early: ' + stderr.slice(0, 2000)));
      });
    });
    expect(await exited).toBe('SIGKILL');
    const db = await openDatabase({ dataDir: dir });
    try {
      const store = SqlEventStore.over(db);
      const events = await store.read(owner, MATCH);
      expect((await store.getMatch(owner, MATCH))!.version).toBe(events.length);
      expect(events.map((e) => e.version)).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
      for (const ack of acks) {
        const [first, second] = [events[ack.version - 2]!, events[ack.version - 1]!];
        expect(first.type).toBe('burst');
        expect(first.data).toEqual({ w: ack.w, i: ack.i });
        expect(second.type).toBe('burst2');
        expect(second.data).toEqual({ w: ack.w, i: ack.i });
      }
      expect(events.length).toBeGreaterThanOrEqual(2 * acks.length);
    } finally {
      await db.close();
    }
  }, 120_000);
});
