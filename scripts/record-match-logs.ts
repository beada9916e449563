/**
 * Records one match log per game with the code checked out now (`npx tsx scripts/record-match-logs.ts`):
 * tests/fixtures/match-logs/<game>.<label>.json (label `v1` unless `--label <name>`). CONTRACT §8.2:
 * "a match written by an earlier release answers the same `state` after an upgrade" — the logs are
 * committed once and never re-recorded; tests/contract/match-logs.test.ts replays them with the
 * code of every later release and expects the recorded `state`.
 *
 * The real app (the composition root over the in-memory stores) is driven through REST inject: one
 * match per game is created and a scripted match is played (the command sequences of the match
 * specs and API tests), then `GET /v1/matches/{id}/events` (every page) and `GET /v1/matches/{id}`
 * are read. The run is deterministic: match ids and command seeds come from a fixed IdSource, the
 * owner is one fixed key id, the dice are fixed values or seeds; only `recordedAt` is the real time.
 *
 * Each file holds `recordedBy` (the commit of HEAD) and `release` (package.json), the match as
 * created (`id`, `game`, `players`, `options`), the events exactly as the event store holds them
 * (`schemaVersion` and `metadata` included, not upcast), the owner's view (`version`, `withdrawn`,
 * `state`), whether the match `ended`, `lastCommand` (the command that wrote the last events, the
 * version it was sent at and the seed its request drew) and `next`: a command after the log with
 * what it answered (201 and the event types while the match runs; 422 and the code once it ended).
 *
 * Options: `--out <dir>`, `--label <name>`, `--only <game,…>`, `--force`, `--allow-dirty`, `--scripts resolutions`
 * (the stateless operations as commands of a match without options, see RESOLUTIONS; with its own `--label`).
 * An existing file is never overwritten (a later release records under a new `--label`) unless
 * `--force`; a working tree whose src/ differs from HEAD is refused (the commit would not name the
 * code that wrote the logs) unless `--allow-dirty` (the files that differ are then listed in
 * `changedSinceCommit`). When others' work in progress is in the tree,
 * record from a clean copy of HEAD with the repository's git directory:
 *   REPO=$PWD; mkdir /tmp/head; git archive HEAD | tar -x -C /tmp/head; ln -s $REPO/node_modules /tmp/head/
 *   cp scripts/record-match-logs.ts /tmp/head/scripts/
 *   cd /tmp/head && GIT_DIR=$REPO/.git npx tsx scripts/record-match-logs.ts --out $REPO/tests/fixtures/match-logs
 */
import { execFileSync } from 'node:child_process';
import { deepStrictEqual } from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../src/composition.js';
import { loadConfig } from '../src/config.js';
import { memoryStores } from '../src/infra/memory/index.js';
import { toPublic } from '../src/app/matches/folds.js';
import type { IdSource } from '../src/app/ports.js';
import { format, resolveConfig } from 'prettier';
import { RESOLUTIONS, SCRIPTS, type Cmd, type Script } from './match-log-scripts.js';

const OWNER = { id: '00000000-0000-4000-8000-00000000a11c', name: 'record-match-logs' };

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const label = option('--label', 'v1');
const out = option('--out', 'tests/fixtures/match-logs');
const only = option('--only', '');
const force = args.includes('--force');
const allowDirty = args.includes('--allow-dirty');

const git = (a: string[], input?: string) => execFileSync('git', a, { encoding: 'utf8', input, maxBuffer: 64 << 20 }).trim();
const commit = git(['rev-parse', 'HEAD']);

/** Files under src/ whose content is not HEAD's (changed, added or deleted): read-only, works in a `git archive` copy with GIT_DIR set. */
function differingFromHead(): string[] {
  const head = new Map(
    git(['ls-tree', '-r', 'HEAD', '--', 'src'])
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(line.indexOf('\t') + 1), line.split(/\s/)[2]!] as const),
  );
  const local = readdirSync('src', { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative('.', join(d.parentPath, d.name)).split(sep).join('/'));
  const hashes = git(['hash-object', '--stdin-paths'], local.join('\n')).split('\n');
  const changed = local.filter((path, i) => head.get(path) !== hashes[i]);
  return [...changed, ...[...head.keys()].filter((path) => !local.includes(path))];
}
const differing = differingFromHead();
if (differing.length && !allowDirty) {
  throw new Error(`src/ differs from HEAD (${differing.join(', ')}): recordedBy must name the code that writes the logs. Record from a clean copy, or pass --allow-dirty.`);
}
const release = (JSON.parse(git(['show', 'HEAD:package.json'])) as { version: string }).version;

const scripts = option('--scripts', 'matches') === 'resolutions' ? RESOLUTIONS : SCRIPTS;

// ---------------------------------------------------------------------------------------------

/** Match ids 00000000-0000-4000-8000-00000000000n and seeds `record-match-logs-n`: the same on every run. */
function fixedIds(): IdSource & { lastSeed?: string } {
  let ids = 0;
  let seeds = 0;
  const source: IdSource & { lastSeed?: string } = {
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    randomSeed: () => (source.lastSeed = `record-match-logs-${++seeds}`),
  };
  return source;
}

async function recorderApp() {
  const stores = memoryStores();
  const keys = stores.apiKeys!;
  // one fixed owner id: it is written into `match.corrected` events (`by`)
  stores.apiKeys = { ...keys, resolve: async (k) => ((await keys.resolve(k)) ? { ...OWNER } : undefined) };
  const config = { ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0, maxStreamsPerKey: 0, maxStreamsPerIp: 0 };
  const ids = fixedIds();
  const app: FastifyInstance = await createApp(config, { stores, ids });
  await app.ready();
  const { key } = await keys.create(OWNER.name);
  return { app, key, ids, events: stores.events! };
}

async function record(game: string, script: Script) {
  const { app, key, ids, events: store } = await recorderApp();
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  const created = await call('POST', '/v1/matches', { game, players: script.players, options: script.options });
  if (created.status !== 201) throw new Error(`${game}: creation refused: ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const url = `/v1/matches/${id}`;
  let version = 0;
  let steps = 0;
  /** The last command: the version it was sent at, and the seed its request drew (its dice when it names none). */
  let last: { fromVersion: number; command: Cmd; seed: string } | undefined;
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await call('POST', `${url}${path}`, { expectedVersion: version, ...body });
    steps++;
    if (r.status !== 201) throw new Error(`${game}: step ${steps} refused (${r.status}): ${JSON.stringify(body).slice(0, 300)}\n${JSON.stringify(r.body).slice(0, 800)}`);
    version = r.body.version;
    return r.body;
  };
  await script.play({
    command: async (command) => {
      const from = version;
      const answer = await post('/commands', { command });
      last = { fromVersion: from, command, seed: ids.lastSeed! };
      return answer;
    },
    append: async (events) => void (await post('/events', { events })),
    correct: async (body) => void (await post('/corrections', body)),
    state: async () => (await call('GET', url)).body.state,
  });

  // the log through REST, every page
  const events: unknown[] = [];
  for (let from = 1; ;) {
    const page = await call('GET', `${url}/events?from=${from}&limit=50`);
    if (page.status !== 200) throw new Error(`${game}: events page refused: ${JSON.stringify(page.body)}`);
    if (page.body.events.length === 0) break;
    events.push(...page.body.events);
    from = page.body.next;
  }
  const view = (await call('GET', url)).body;
  // the same log as the store holds it (schema versions before upcasting, metadata)
  const stored = await store.read(OWNER.id, id);
  deepStrictEqual(stored.map(toPublic), events, `${game}: the REST log is the stored log, upcast`);
  if (view.version !== stored.length) throw new Error(`${game}: the view is at ${view.version}, the log has ${stored.length} events`);

  // each game says so in its own member today (CONTRACT §8.2 `outcome.ended` is coming)
  const ended = view.state?.phase === 'ended' || view.state?.summary?.phase === 'ended' || view.state?.outcome?.ended === true;
  const after = await call('POST', `${url}/commands`, { expectedVersion: version, command: script.next });
  if (ended ? after.status !== 422 : after.status !== 201) throw new Error(`${game}: (ended: ${ended}) the next command answered ${after.status}: ${JSON.stringify(after.body)}`);
  await app.close();

  return {
    recordedBy: commit,
    ...(differing.length ? { changedSinceCommit: differing } : {}),
    release,
    game,
    id,
    players: view.players,
    options: view.options,
    version: view.version,
    ended,
    ...(view.withdrawn ? { withdrawn: view.withdrawn } : {}),
    eventTypes: [...new Set(stored.map((e) => e.type))],
    events: stored.map((e) => ({ version: e.version, type: e.type, schemaVersion: e.schemaVersion, data: e.data, metadata: e.metadata, recordedAt: e.recordedAt })),
    state: view.state,
    lastCommand: last,
    next: ended
      ? { command: script.next, status: after.status, code: after.body.code }
      : { command: script.next, status: after.status, eventTypes: after.body.events.map((e: { type: string }) => e.type) },
  };
}

mkdirSync(out, { recursive: true });
for (const [game, script] of Object.entries(scripts).filter(([game]) => !only || only.split(',').includes(game))) {
  const file = join(out, `${game}.${label}.json`);
  if (existsSync(file) && !force) {
    console.log(`${file}: exists, kept (--force to overwrite)`);
    continue;
  }
  const log = await record(game, script);
  // formatted as the repository's Prettier configuration wants it (`npm run lint` checks the fixtures), wherever --out points
  const text = await format(JSON.stringify(log), { ...(await resolveConfig(join(process.cwd(), file.replace(/^.*\//, '')))), filepath: file });
  writeFileSync(file, text);
  console.log(`${file}: ${log.events.length} events of ${log.eventTypes.length} types, ${Math.round(text.length / 1024)} KB, ${log.ended ? 'ended' : 'running'}`);
}
