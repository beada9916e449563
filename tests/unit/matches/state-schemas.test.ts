/**
 * CONTRACT §9.3: `state` is one named schema per game (`<Game>MatchState`, each game's
 * src/games/<game>/match/state.schema.ts, declared as `stateSchema` in its index.ts). Every scripted
 * match — the table scripts (tests/fixtures/tables, seats sending their own steps), the matches of
 * the event-schema spec, the scripts the match logs were recorded with (scripts/match-log-scripts.ts)
 * — is played through the match service, and every recorded log (tests/fixtures/match-logs) is put
 * back into an event store; then at EVERY version the state GET /v1/matches/{id} answers the owner,
 * each seat and a spectator (CONTRACT §8.1: `?as=`, the redacted views) matches the game's schema.
 * Where a schema declares `additionalProperties: false` it is strict: a member the projection
 * does not declare there is refused (checked by adding one at every such place of real states).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { GAMES } from '../../../src/games/index.js';
import { matchServices, type MatchServices } from '../../../src/app/matches/service.js';
import { MemoryEventStore } from '../../../src/infra/event-store/memory.js';
import type { EventStore, Player } from '../../../src/app/matches/ports.js';
import { MatchFolds } from '../../../src/app/matches/folds.js';
import { isWithdrawing } from '../../../src/app/matches/events.js';
import { gameMatch } from '../../../src/app/matches/games.js';
import type { Lang } from '../../../src/kernel/i18n.js';
import { RESOLUTIONS, SCRIPTS, type Cmd, type Script, type Table } from '../../../scripts/match-log-scripts.js';
import type { TableScript } from '../../fixtures/tables/script.js';
import { script as edenTable } from '../../fixtures/tables/eden.js';
import { script as animaTable } from '../../fixtures/tables/anima.js';
import { script as exsiliumTable } from '../../fixtures/tables/exsilium.js';
import { script as spiritTable } from '../../fixtures/tables/spirit-of-eden.js';
import { WHOLE_GAME, players as exsiliumPlayers, scenario } from '../../fixtures/exsilium-scenario.js';
import { FULL_GAME, fullScenario } from '../../fixtures/exsilium-full-game.js';
import { toUpkeep } from '../../fixtures/eden-commands.js';

const OWNER = 'state-schemas';
const TITLES: Record<string, string> = { eden: 'EdenMatchState', anima: 'AnimaMatchState', exsilium: 'ExsiliumMatchState', 'spirit-of-eden': 'SpiritOfEdenMatchState' };

const schemaOf = (game: string): TSchema => GAMES.find((g) => g.id === game)!.stateSchema!;
const checks = new Map<string, TypeCheck<TSchema>>();
const checkOf = (game: string): TypeCheck<TSchema> => {
  if (!checks.has(game)) checks.set(game, TypeCompiler.Compile(schemaOf(game)));
  return checks.get(game)!;
};

/** Where `state` breaks its game's schema: `path: message` of every error. */
function problems(game: string, state: unknown): string[] {
  const check = checkOf(game);
  return check.Check(state) ? [] : [...check.Errors(state)].map((e) => `${e.path}: ${e.message}`);
}

/** A match of the service over a fresh in-memory event store. */
interface Played {
  game: string;
  players: Player[];
  store: EventStore;
  service: MatchServices;
  id: string;
}

async function created(game: string, players: Player[], options: Record<string, unknown>): Promise<Played> {
  let seeds = 0;
  let ids = 0;
  // the seeds scripts/record-match-logs.ts draws: commands without dice roll as they did when the logs were recorded
  const store = MemoryEventStore.create();
  const service = matchServices(store, {
    ids: { newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`, randomSeed: () => `record-match-logs-${++seeds}` },
  });
  const answer = await service.commands.create(OWNER, { game, players, options: structuredClone(options) });
  return { game, players, store, service, id: (answer.body as { id: string }).id };
}

/** The version the match stands at. */
const head = async (m: Played) => (await m.service.reads.head(OWNER, m.id)).version;

/** A table script: each step sent by its seat (CONTRACT §8.1) or by the owner. */
async function playTable(script: TableScript): Promise<Played> {
  const m = await created(script.game, script.players, script.options);
  for (const step of script.steps) {
    const viewer = step.by === 'owner' ? { kind: 'owner' as const } : { kind: 'seat' as const, playerId: step.by };
    await m.service.commands.command(OWNER, m.id, { command: structuredClone(step.command) as Cmd }, undefined, viewer);
  }
  return m;
}

/** Commands sent by the owner. */
async function playCommands(game: string, players: Player[], options: Record<string, unknown>, commands: readonly Record<string, unknown>[]): Promise<Played> {
  const m = await created(game, players, options);
  for (const command of commands) await m.service.commands.command(OWNER, m.id, { command: structuredClone(command) as Cmd });
  return m;
}

/** A script of scripts/match-log-scripts.ts, played as scripts/record-match-logs.ts plays it (commands, client events, corrections). */
async function playScript(game: string, script: Script): Promise<Played> {
  const m = await created(game, script.players, script.options);
  const { commands, reads } = m.service;
  const table: Table = {
    command: async (command) => (await commands.command(OWNER, m.id, { command: structuredClone(command) })).body as never,
    append: async (events) => void (await commands.append(OWNER, m.id, { expectedVersion: await head(m), events: structuredClone(events) })),
    correct: async (body) => void (await commands.correct(OWNER, m.id, { expectedVersion: await head(m), ...body }, { id: OWNER, name: OWNER })),
    state: async () => (await reads.view(OWNER, m.id)).state,
  };
  await script.play(table);
  return m;
}

/** A recorded log put back into an event store exactly as stored (no command runs: today's fold and upcasters read it). */
async function replayLog(log: MatchLog): Promise<Played> {
  const store = MemoryEventStore.create();
  const service = matchServices(store, { ids: { newId: () => log.id, randomSeed: () => 'unused' } });
  await store.createMatch({ id: log.id, ownerId: OWNER, game: log.game, players: log.players, options: log.options });
  await store.append(
    OWNER,
    log.id,
    0,
    log.events.map(({ type, schemaVersion, data, metadata }) => ({ type, schemaVersion, data, metadata })),
  );
  return { game: log.game, players: log.players, store, service, id: log.id };
}

interface MatchLog {
  id: string;
  game: string;
  players: Player[];
  options: Record<string, unknown>;
  events: { type: string; schemaVersion: number; data: unknown; metadata: Record<string, unknown> }[];
}
const DIR = fileURLToPath(new URL('../../fixtures/match-logs/', import.meta.url));
const LOGS = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, log: JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as MatchLog }));

/** The views GET /v1/matches/{id}?version=…&as=… answers at one version: the owner's, each seat's and a spectator's (CONTRACT §8.1), as JSON. */
async function views(m: Played, version: number, lang: Lang = 'en'): Promise<{ viewer: string; state: unknown }[]> {
  const out: { viewer: string; state: unknown }[] = [];
  for (const as of [undefined, ...m.players.map((p) => p.id), 'spectator']) {
    const view = await m.service.reads.viewFor({ ownerId: OWNER, viewer: { kind: 'owner' } }, m.id, { version, ...(as ? { as } : {}) }, lang);
    out.push({ viewer: as ?? 'owner', state: JSON.parse(JSON.stringify(view.state)) });
  }
  return out;
}

/**
 * The same views at every version, folded once (each read folds the log again): the log as the
 * service reads it, folded event by event — after a correction or a takeback folded again, as the
 * service does (MatchFolds) — each fold read by the owner, each seat and a spectator.
 */
async function everyVersion(m: Played): Promise<{ version: number; viewer: string; state: unknown }[]> {
  const g = gameMatch(m.game)!;
  const record = await m.service.reads.head(OWNER, m.id);
  const { events } = await m.service.reads.events(OWNER, m.id, 1, 100_000);
  const folds = new MatchFolds(m.store);
  const json = (state: unknown) => JSON.parse(JSON.stringify(state)) as unknown;
  const out: { version: number; viewer: string; state: unknown }[] = [];
  let fold = g.initialState({ players: record.players, options: record.options });
  for (let version = 0; version <= events.length; version++) {
    const e = events[version - 1];
    if (e) fold = isWithdrawing(e.type) ? folds.fold(record, events.slice(0, version)) : g.evolve(fold, e);
    out.push({ version, viewer: 'owner', state: json(g.stateIn(fold, 'en')) });
    for (const reader of [...m.players.map((p) => p.id), null]) out.push({ version, viewer: reader ?? 'spectator', state: json(g.viewState(fold, reader)) });
  }
  return out;
}

/** Every view at every version that breaks the schema (none expected); how many were checked; the views of the last version. */
async function checkEveryVersion(m: Played) {
  const broken: string[] = [];
  const all = await everyVersion(m);
  const last = await head(m);
  // the fold above reads what GET /v1/matches/{id} answers: the last version through the service itself
  expect(all.filter((v) => v.version === last).map(({ viewer, state }) => ({ viewer, state }))).toEqual(await views(m, last));
  // the owner's state in the other languages too (the resolutions' answers are rendered when read)
  for (const lang of ['es', 'de'] as const) all.push({ version: last, viewer: `owner (${lang})`, state: (await views(m, last, lang))[0]!.state });
  for (const { version, viewer, state } of all) {
    const found = problems(m.game, state);
    if (found.length) broken.push(`version ${version}, ${viewer}: ${found.slice(0, 5).join('; ')}`);
  }
  return { broken, checked: all.length, last: await views(m, last) };
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();
const matches = (schema: TSchema, value: unknown) => {
  if (!compiled.has(schema)) compiled.set(schema, TypeCompiler.Compile(schema));
  return compiled.get(schema)!.Check(value);
};

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** The JSON pointers of `value` where the schema that matched it declares `additionalProperties: false` (records excepted). */
function strictPlaces(schema: TSchema, value: unknown, at = '', out: string[] = []): string[] {
  if (schema.anyOf) {
    const matched = (schema.anyOf as TSchema[]).find((s) => matches(s, value));
    if (matched) strictPlaces(matched, value, at, out);
  } else if (schema.allOf) {
    for (const s of schema.allOf as TSchema[]) strictPlaces(s, value, at, out);
  } else if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => strictPlaces(schema.items as TSchema, item, `${at}/${i}`, out));
  } else if (isObject(value)) {
    const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, TSchema>);
    if (schema.additionalProperties === false && patterns.length === 0) out.push(at);
    for (const [key, member] of Object.entries(value)) {
      const sub =
        (schema.properties as Record<string, TSchema> | undefined)?.[key] ??
        patterns.find(([pattern]) => new RegExp(pattern).test(key))?.[1] ??
        (isObject(schema.additionalProperties) ? (schema.additionalProperties as TSchema) : undefined);
      if (sub) strictPlaces(sub, member, `${at}/${escape(key)}`, out);
    }
  }
  return out;
}

/** `value` with one member no schema declares added to the object at `pointer`. */
function withUndeclared(value: unknown, pointer: string): unknown {
  const copy = structuredClone(value);
  let node = copy as Record<string, unknown>;
  for (const key of pointer.split('/').slice(1)) node = node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Record<string, unknown>;
  node.undeclaredMember = { undeclared: true };
  return copy;
}

/** The last views of every match played, by game: the states the strictness check adds members to. */
const LAST: Record<string, { source: string; viewer: string; state: unknown }[]> = {};
const TABLES: Record<string, TableScript> = Object.fromEntries([edenTable, animaTable, exsiliumTable, spiritTable].map((t) => [t.game, t]));

/** The last views of the matches played so far (when the conformance tests did not run: of the game's table script). */
async function lastViews(game: string) {
  if (LAST[game]?.length) return LAST[game];
  const m = await playTable(TABLES[game]!);
  return (await views(m, await head(m))).map((v) => ({ source: `the ${game} table script`, ...v }));
}

function conformance(name: string, game: string, play: () => Promise<Played>) {
  it(`${name}: the state at every version, for the owner, each seat and a spectator, is a ${TITLES[game]}`, async () => {
    const m = await play();
    const { broken, checked, last } = await checkEveryVersion(m);
    expect(broken.slice(0, 20), `${name}: ${broken.length} states break ${TITLES[game]} (the first 20 listed)`).toEqual([]);
    expect(checked).toBeGreaterThan(m.players.length + 2);
    (LAST[game] ??= []).push(...last.map((v) => ({ source: name, ...v })));
  }, 120_000);
}

describe('every game declares its state schema (CONTRACT §9.3)', () => {
  it('each game’s stateSchema is named <Game>MatchState and refuses undeclared members at its top', () => {
    expect(GAMES.map((g) => g.id).sort()).toEqual(Object.keys(TITLES).sort());
    for (const g of GAMES) {
      expect(g.stateSchema, g.id).toBeDefined();
      expect([g.stateSchema!.$id, g.stateSchema!.title], g.id).toEqual([TITLES[g.id], TITLES[g.id]]);
      expect(g.stateSchema!.additionalProperties, g.id).toBe(false);
      expect(problems(g.id, {}).length, g.id).toBeGreaterThan(0);
    }
  });
});

describe('the scripted matches: every state answered matches its game’s schema', () => {
  for (const script of [edenTable, animaTable, exsiliumTable, spiritTable]) conformance(`the ${script.game} table script`, script.game, () => playTable(script));
  conformance('EDEN: preparation and turn 1 to the upkeep', 'eden', () => playCommands('eden', edenTable.players, {}, toUpkeep));
  conformance('Exsilium: a whole game', 'exsilium', () => playCommands('exsilium', exsiliumPlayers, scenario(), WHOLE_GAME));
  conformance('Exsilium: a whole game with every kind of command', 'exsilium', () => playCommands('exsilium', exsiliumPlayers, fullScenario(), FULL_GAME));
  for (const [game, script] of Object.entries(SCRIPTS)) conformance(`the ${game} match-log script`, game, () => playScript(game, script));
  for (const [game, script] of Object.entries(RESOLUTIONS)) conformance(`the ${game} resolutions script`, game, () => playScript(game, script));
});

describe('the recorded match logs: every state they fold to matches its game’s schema', () => {
  for (const { file, log } of LOGS) conformance(file, log.game, () => replayLog(log));
});

describe('the schemas are strict where they say so (additionalProperties: false)', () => {
  for (const game of Object.keys(TITLES)) {
    it(`${TITLES[game]}: a member the projection does not declare is refused at every strict place of the last states`, async () => {
      const states = await lastViews(game);
      // the redacted views are among them
      expect(states.some(({ state }) => JSON.stringify(state).includes('{"hidden":true}'))).toBe(true);
      const schema = schemaOf(game);
      const accepted: string[] = [];
      let places = 0;
      for (const { source, viewer, state } of states) {
        for (const at of strictPlaces(schema, state)) {
          places++;
          if (checkOf(game).Check(withUndeclared(state, at))) accepted.push(`${source}, ${viewer}: ${at || '/'}`);
        }
      }
      expect(accepted, 'undeclared members accepted where the schema is strict').toEqual([]);
      expect(places).toBeGreaterThan(states.length);
    });
  }
});
