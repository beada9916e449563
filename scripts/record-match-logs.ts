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
import { operations } from '../src/app/registry.js';
import { canonicalCommandType } from '../src/kernel/resolution-log.js';
import type { IdSource } from '../src/app/ports.js';
import type { Player } from '../src/app/matches/ports.js';
import { format, resolveConfig } from 'prettier';
import { bandA, bandB, npc, FRAGILE, SCENERY } from '../tests/unit/matches/optional-helpers.js';
import { preparation } from '../tests/unit/matches/fixtures.js';
import { ANIMA_PLAYERS, KEEP_GIFTS, animaGiftCards } from '../tests/unit/matches/spec/anima-fixtures.js';
import { FULL_GAME, fullScenario } from '../tests/unit/matches/spec/exsilium-full-game.js';
import { players as EXSILIUM_PLAYERS } from '../tests/unit/matches/spec/exsilium-scenario.js';
import { PLAY_CARDS, PLAY_ROLL, layout, planTurn } from '../tests/unit/matches/spec/spirit-of-eden-setup.js';

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

type Cmd = { type: string; [member: string]: unknown };

/** What a script plays the match through: REST calls on one match, the version kept. */
interface Table {
  command(command: Cmd): Promise<{ events: { type: string; data: any }[]; state: any }>;
  /** Client events (POST /v1/matches/{id}/events). */
  append(events: { type: string; schemaVersion?: number; data: unknown }[]): Promise<void>;
  /** POST /v1/matches/{id}/corrections. */
  correct(body: { reason: string; undo: number }): Promise<void>;
  state(): Promise<any>;
}

interface Script {
  players: Player[];
  options: Record<string, unknown>;
  play(table: Table): Promise<void>;
  /** A command after the log: legal while the match runs, refused once it ended. */
  next: Cmd;
}

// ---------------------------------------------------------------------------------------------
// EDEN: Weather, Territory and Infestation in play; preparation, two turns (tactics, activations,
// interruption, moves, melee, shot, spray, throw, fire doused, scenery attacked / ignited /
// contact, NPCs), upkeeps with weather effects, the end of the game after turn 2. Client events in
// between: a note written with schema v1 (read as v2), a v2 note, a score adjustment, a free-form
// event, and a correction withdrawing a move.

const eden: Script = {
  players: [
    { id: 'p1', name: 'Ana' },
    { id: 'p2', name: 'Ben' },
  ],
  options: { weather: true, territory: true, infestation: true, turns: 2 },
  async play(t) {
    const run = async (...commands: Cmd[]) => {
      for (const c of commands) await t.command(c);
    };
    const prep = preparation(bandA, bandB);
    // EDEN-PREP-0: Ionic storm (1 + 1)
    await run({ type: 'eden.roll_weather', dice: { values: [1, 1] } });
    await t.append([{ type: 'match.note', schemaVersion: 1, data: { text: 'Ionic storm: the VIG tests come in upkeep.' } }]);
    await run(...prep.slice(0, 7));
    await run(...SCENERY);
    await run(
      { type: 'eden.set_infestation_level', level: 3 },
      { type: 'eden.place_npc', player: 'A', npc: npc('n1', { wounds: FRAGILE }), level: 2 },
      { type: 'eden.place_npc', player: 'B', npc: npc('n2'), level: 2, nearestNpcDistance: 20 },
      { type: 'eden.stop_npc_placement', player: 'A' },
      { type: 'eden.stop_npc_placement', player: 'B' },
    );
    await run(...prep.slice(7));
    // Turn 1
    await run(
      { type: 'eden.bid', bids: { A: 1, B: 0 } },
      { type: 'eden.play_tactic', player: 'A', card: 'Fury' },
      { type: 'eden.skip_tactic', player: 'B' },
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
      { type: 'eden.scenery_contact', fighterId: 'a1', sceneryId: 'forest', dice: { values: [4] } },
      { type: 'eden.move', fighterId: 'a1' },
      { type: 'eden.move', fighterId: 'a1', distance: 5 },
    );
    await t.correct({ reason: 'The second move was never made.', undo: 1 });
    await run(
      { type: 'eden.melee', attacker: 'a1', target: 'b2', reaction: 'passive', dice: { values: [6, 6, 5, 1, 4] } },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'B', fighterId: 'b1' },
      { type: 'eden.ranged', shooter: 'b1', weapon: 'Pistol', candidates: [{ id: 'a2', distance: 20, lineOfSight: true }], targetId: 'a2', dice: { seed: 'eden shot 1' } },
      { type: 'eden.spray', attacker: 'b1', weapon: 'Flamer', covered: ['a2'] },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'A', fighterId: 'a2' },
      { type: 'eden.douse_fire', fighterId: 'a2' },
      { type: 'eden.attack_scenery', attacker: 'a2', sceneryId: 'tree' },
      { type: 'eden.thrown', attacker: 'a2', weapon: 'Grenade', point: { distance: 10, lineOfSight: true }, affected: ['b1'], dice: { seed: 'eden grenade' } },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'B', fighterId: 'b2' },
      { type: 'eden.ignite_scenery', fighterId: 'b2', sceneryId: 'tree', markers: 1 },
      { type: 'eden.end_activation' },
      { type: 'eden.activate_npc', player: 'B', npcId: 'n1', visible: [{ id: 'a2', distance: 9.5, lineOfSight: true }], dice: { seed: 'eden npc charge' } },
      { type: 'eden.activate_npc', player: 'A', npcId: 'n2', visible: [] },
      { type: 'eden.upkeep', victoryPoints: { A: 1, B: 2 }, dice: { seed: 'eden upkeep 1' } },
    );
    await t.append([
      { type: 'match.note', data: { text: 'Turn 1 done.', author: 'Ana' } },
      { type: 'match.score_adjusted', data: { player: 'p2', delta: 1, reason: 'Painted band' } },
      { type: 'vtt.token_moved', data: { token: 'a1', to: [12, 4] } },
    ]);
    // Turn 2: B wins the bid
    await run(
      { type: 'eden.bid', bids: { A: 0, B: 2 } },
      { type: 'eden.skip_tactic', player: 'B' },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.activate', player: 'B', fighterId: 'b2' },
      { type: 'eden.melee', attacker: 'b2', target: 'a1', dice: { seed: 'eden melee 2' } },
      { type: 'eden.end_activation' },
      { type: 'eden.pass', player: 'A' },
      { type: 'eden.activate', player: 'B', fighterId: 'b1' },
      { type: 'eden.move', fighterId: 'b1' },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
      { type: 'eden.melee', attacker: 'a1', target: 'n1', reaction: 'passive', dice: { values: [3, 5, 2, 2, 3, 6, 1, 4, 1, 5, 4] } },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'A', fighterId: 'a2' },
      { type: 'eden.end_activation' },
      { type: 'eden.activate_npc', player: 'A', npcId: 'n2', visible: [] },
      { type: 'eden.upkeep', victoryPoints: { A: 2, B: 1 }, dice: { seed: 'eden upkeep 2' } },
    );
  },
  next: { type: 'eden.bid', bids: { A: 1, B: 0 } },
};

// ---------------------------------------------------------------------------------------------
// Ánima: the API test's full game with the Gift deck, Organisations and a Resist mission, from
// setup to a winner (tests/api/anima-match.test.ts).

const anima: Script = {
  players: ANIMA_PLAYERS,
  options: (() => {
    const cards = animaGiftCards();
    cards.basicMissions[0] = { name: 'Defender las Ruinas', test: { kind: 'resist', rounds: 1, enemy: { name: 'Bandidos', combat: 3 } } } as never;
    cards.locations[1]!.rewards[1] = { kind: 'mission', name: 'Pozo del Infierno', mission: 'Defender las Ruinas' };
    return cards;
  })(),
  async play(t) {
    const run = async (...commands: Cmd[]) => {
      for (const c of commands) await t.command(c);
    };
    const end = (player: string) => ({ type: 'anima.end_phase', player });
    await run(...KEEP_GIFTS);
    // Turn 1
    await run({ type: 'anima.play_gift', player: 'p1', gift: 'Sol Negro' }, end('p1'), { type: 'anima.play_gift', player: 'p2', gift: 'Inquisición' }, end('p2'));
    await run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas' }, { type: 'anima.go', player: 'p2', location: 'Arkángel', dice: { values: [5, 1] } }, end('p1'), end('p2'));
    await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } }, { type: 'anima.claim_reward', player: 'p1', reward: 1 });
    await run({ type: 'anima.explore', player: 'p2', dice: { values: [2] } }, { type: 'anima.claim_reward', player: 'p2', reward: 1 });
    await t.append([{ type: 'match.note', data: { text: 'Turn 1: p1 holds Las Ruinas.', author: null } }]);
    // Turn 2
    await run(end('p1'), end('p2'), { type: 'anima.go', player: 'p2', location: 'Las Ruinas' });
    await run({ type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: [{ gift: 'Furia', character: 'Acróbata' }], dice: { values: [3, 5, 2] } }, end('p1'));
    await run({ type: 'anima.resist', player: 'p1', dice: { values: [6, 1, 3, 2] } });
    // Turn 3
    await run(end('p1'), end('p2'), { type: 'anima.go', player: 'p1', location: 'Las Ruinas' }, { type: 'anima.go', player: 'p2', location: 'Arkángel' }, end('p1'), end('p2'));
    await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } }, { type: 'anima.claim_reward', player: 'p1', reward: 2, dice: { values: [9, 1] } });
  },
  next: { type: 'anima.end_phase', player: 'p2' },
};

// ---------------------------------------------------------------------------------------------
// Exsilium: the full game of the match specs (tests/unit/matches/spec/exsilium-full-game.ts): bid,
// activations, moves with a reveal and pick-ups, card Actions, a Newaru combat, a purchase, a
// controlled terminal, Drop, Eliminate, the SYL drone, a player combat and a winner.

const exsilium: Script = {
  players: EXSILIUM_PLAYERS,
  options: fullScenario(),
  async play(t) {
    for (const c of FULL_GAME) await t.command(c);
  },
  next: { type: 'exsilium.end_turn', player: 'p2' },
};

// ---------------------------------------------------------------------------------------------
// The Spirit of Eden: the API test's solo game (tests/api/spirit-of-eden-match.test.ts) — set-up,
// then turns of roll, placed dice, a re-roll when two dice are left over and a Goomz phase, until all
// three Goomz are removed; turn 1 uses Noa's power.

const OBJECTIVES = (['yellow', 'red', 'black'] as const).map((color) => ({ color, pile: [{ ally: 'water' }, { ally: 'fauna' }, { ally: 'flora' }] }));

const spiritOfEden: Script = {
  players: [{ id: 'p1', name: 'Noa' }],
  options: { actionCards: PLAY_CARDS },
  async play(t) {
    await t.command({ type: 'soe.set_up', board: layout(OBJECTIVES) });
    let state = await t.state();
    for (let turn = 1; state.phase !== 'ended'; turn++) {
      if (turn > 30) throw new Error('spirit-of-eden: the game did not end');
      if (turn === 1) {
        // Noa sets die 0 to the face the plan needs (SOE-NOA-1)
        await t.command({ type: 'soe.roll', dice: { values: [1, ...PLAY_ROLL.slice(1)] } });
        await t.command({ type: 'soe.noa', die: 0, value: PLAY_ROLL[0] });
      } else {
        await t.command({ type: 'soe.roll', dice: { values: PLAY_ROLL } });
      }
      state = await t.state();
      for (const place of planTurn(state.board)) await t.command(place as Cmd);
      // two dice left over: one is set aside to re-roll the other (SOE-REROLL-1)
      const unused = ((await t.state()).dice as { state: string }[]).flatMap((d, i) => (d.state === 'unused' ? [i] : []));
      if (unused.length >= 2) await t.command({ type: 'soe.reroll', die: unused[0], discard: unused[1], dice: { values: [6] } });
      state = (await t.command({ type: 'soe.goomz' })).state;
    }
  },
  next: { type: 'soe.roll', dice: { values: PLAY_ROLL } },
};

const SCRIPTS: Record<string, Script> = { eden, anima, exsilium, 'spirit-of-eden': spiritOfEden };

/**
 * `--scripts resolutions`: a match of Ánima, Exsilium and The Spirit of Eden without options (the
 * resolution log, src/app/matches/resolution-log.ts) in which every stateless operation of the game
 * is sent as a command: each example as documented (its canonical name), then again without its
 * `dice` and `seed` (the dice drawn from the command's seed, and the shuffles too), and the
 * deprecated alias of the first operation whose id is not snake_case.
 */
function resolutionScript(prefix: string, players: Player[], last: Cmd[] = []): Script {
  const ops = operations.filter((op) => op.id.startsWith(`${prefix}.`) && op.body && op.examples?.length);
  const commands: Cmd[] = [];
  for (const op of ops) {
    const type = canonicalCommandType(op.id);
    for (const example of op.examples!) commands.push({ type, ...(example.value as Record<string, unknown>) });
    const { dice: _dice, seed: _seed, ...unseeded } = op.examples![0]!.value as Record<string, unknown>;
    commands.push({ type, ...unseeded });
  }
  const alias = ops.find((op) => canonicalCommandType(op.id) !== op.id);
  if (alias) commands.push({ type: alias.id, ...(alias.examples![0]!.value as Record<string, unknown>) });
  commands.push(...last);
  return {
    players,
    options: {},
    async play(t) {
      for (const c of commands) await t.command(c);
    },
    next: commands[0]!,
  };
}
const RESOLUTION_PLAYERS = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
const RESOLUTIONS: Record<string, Script> = {
  anima: resolutionScript('anima', RESOLUTION_PLAYERS),
  exsilium: resolutionScript('exsilium', RESOLUTION_PLAYERS),
  // the status example is a lost game (SOE-END-2): the last status, on the projected board, is not
  'spirit-of-eden': resolutionScript('soe', [{ id: 'p1', name: 'Noa' }], [{ type: 'soe.status' }]),
};
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
