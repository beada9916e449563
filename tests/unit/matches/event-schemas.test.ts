/**
 * The full-match events' schemas (issue 23.3, CONTRACT §8.2: each stored event type has a schema
 * and a version): every type of the four games has a JSON Schema of its data, generated from the
 * game's TypeScript event type by scripts/event-schemas.mjs (`npm run events:schemas`); the
 * committed modules (src/games/<game>/match/events.schema.ts) are what the script writes today, so
 * an event type that changes without them fails here. Every full-match event of the recorded logs
 * (after upcasting) and of the scripted matches validates against its type's schema.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES, generate, moduleText, outputPath, type GameEventSchemas } from '../../../scripts/event-schemas.mjs';
import { EDEN_EVENT_SCHEMAS } from '../../../src/games/eden/match/events.schema.js';
import { ANIMA_EVENT_SCHEMAS } from '../../../src/games/anima/match/events.schema.js';
import { EXSILIUM_EVENT_SCHEMAS } from '../../../src/games/exsilium/match/events.schema.js';
import { SPIRIT_EVENT_SCHEMAS } from '../../../src/games/spirit-of-eden/match/events.schema.js';
import { EDEN_EVENT_TYPES } from '../../../src/games/eden/match/index.js';
import { animaFolds } from '../../../src/games/anima/match/index.js';
import { EXSILIUM_EVENT_TYPES } from '../../../src/games/exsilium/match/index.js';
import { SPIRIT_EVENT_TYPES } from '../../../src/games/spirit-of-eden/match/evolve.js';
import { definitionOf, upcast } from '../../../src/app/matches/events.js';
import { matchServices } from '../../../src/app/matches/service.js';
import { MemoryEventStore } from '../../../src/infra/event-store/memory.js';
import { compile } from '../../../src/kernel/validate.js';
import type { TableScript } from '../../fixtures/tables/script.js';
import { script as eden } from '../../fixtures/tables/eden.js';
import { script as anima } from '../../fixtures/tables/anima.js';
import { script as exsilium } from '../../fixtures/tables/exsilium.js';
import { script as spirit } from '../../fixtures/tables/spirit-of-eden.js';
import { WHOLE_GAME, players as exsiliumPlayers, scenario } from '../../fixtures/exsilium-scenario.js';
import { FULL_GAME, fullScenario } from '../../fixtures/exsilium-full-game.js';
import { toUpkeep } from '../../fixtures/eden-commands.js';

type Stored = { type: string; schemaVersion: number; data: unknown };

const COMMITTED: Record<string, GameEventSchemas> = {
  eden: EDEN_EVENT_SCHEMAS,
  anima: ANIMA_EVENT_SCHEMAS,
  exsilium: EXSILIUM_EVENT_SCHEMAS,
  'spirit-of-eden': SPIRIT_EVENT_SCHEMAS,
};
const TYPES: Record<string, readonly string[]> = {
  eden: EDEN_EVENT_TYPES,
  anima: animaFolds.types,
  exsilium: [...EXSILIUM_EVENT_TYPES],
  'spirit-of-eden': SPIRIT_EVENT_TYPES,
};
const gameOf = new Map(Object.entries(TYPES).flatMap(([game, types]) => types.map((t) => [t, game] as const)));

/** The generated schema of a full-match type's data, self-contained (its game's `$defs` beside it). */
function generatedSchema(type: string): object {
  const game = COMMITTED[gameOf.get(type)!]!;
  return { ...game.events[type], $defs: game.$defs };
}

/**
 * `schema` with `additionalProperties: false` on every object shape that declares its members and
 * says nothing of others: an event whose data carries a member its TypeScript type does not
 * declare (so its stored facts are not what the type says) fails the strict pass.
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'const' || key === 'enum' || key === 'default' ? value : strict(value);
  if (out.properties !== undefined && out.additionalProperties === undefined && out.patternProperties === undefined) out.additionalProperties = false;
  return out;
}

/** Problems of `data` against the generated schema of its type (also strictly: no undeclared member) and against the schema its definition carries. */
function problems(type: string, data: unknown): unknown[] {
  const out: unknown[] = [];
  for (const schema of [generatedSchema(type), strict(generatedSchema(type)) as object, definitionOf(type)!.schema!]) {
    const check = compile(schema);
    if (!check(structuredClone(data))) out.push(...(check.errors ?? []));
  }
  return out;
}

const DIR = fileURLToPath(new URL('../../fixtures/match-logs/', import.meta.url));
const LOGS = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as { events: Stored[] }) }));

/** A match played by the owner through the match service (fixed ids, seeded dice); its stored events. */
async function played(script: Pick<TableScript, 'game' | 'players' | 'options'> & { commands: Record<string, unknown>[] }): Promise<Stored[]> {
  const store = MemoryEventStore.create();
  let n = 0;
  const service = matchServices(store, { ids: { newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, randomSeed: () => 'event-schemas' } });
  const created = await service.commands.create('owner', { game: script.game, players: script.players, options: script.options });
  const id = (created.body as { id: string }).id;
  for (const command of script.commands) await service.commands.command('owner', id, { command: structuredClone(command) as never });
  return store.read('owner', id);
}

const fromTable = (s: TableScript) => ({ ...s, commands: s.steps.map((step) => step.command) });
const EDEN_PLAYERS = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
const MATCHES = [
  { name: 'the EDEN table script', ...fromTable(eden) },
  { name: 'the Ánima table script', ...fromTable(anima) },
  { name: 'the Exsilium table script', ...fromTable(exsilium) },
  { name: 'The Spirit of Eden table script', ...fromTable(spirit) },
  { name: 'EDEN: preparation and turn 1 to the upkeep (spec/setup.ts)', game: 'eden' as const, players: EDEN_PLAYERS, options: {}, commands: toUpkeep },
  { name: 'Exsilium: a whole game (spec/exsilium-scenario.ts)', game: 'exsilium' as const, players: exsiliumPlayers, options: scenario(), commands: WHOLE_GAME },
  {
    name: 'Exsilium: a whole game with every kind of command (spec/exsilium-full-game.ts)',
    game: 'exsilium' as const,
    players: exsiliumPlayers,
    options: fullScenario(),
    commands: FULL_GAME,
  },
];

describe('the generated schemas (scripts/event-schemas.mjs)', () => {
  it('the committed modules are what `npm run events:schemas` writes from the event types today', async () => {
    const generated = generate();
    expect(Object.keys(generated).sort()).toEqual(GAMES.map((g) => g.game).sort());
    for (const game of Object.keys(generated)) {
      expect(COMMITTED[game], `${game}: run npm run events:schemas`).toEqual(generated[game]);
      expect(readFileSync(outputPath(game), 'utf8'), `${game}: run npm run events:schemas`).toBe(await moduleText(game, generated[game]!));
    }
  }, 60_000);

  it("every full-match event type of every game has one, at its type's current version, and no other type has one", () => {
    for (const [game, types] of Object.entries(TYPES)) {
      expect(Object.keys(COMMITTED[game]!.events).sort(), game).toEqual([...types].sort());
      for (const type of types) expect(definitionOf(type)?.schema, type).toBeDefined();
    }
  });

  it('every schema compiles (its $refs name shapes of its game) and rejects data of another shape', () => {
    for (const type of gameOf.keys()) expect(() => compile(generatedSchema(type)), type).not.toThrow();
    expect(problems('eden.turn_started', { turn: 'one' })).not.toEqual([]);
    expect(problems('anima.deck_shuffled', { deck: 'tarot', order: [1] })).not.toEqual([]);
    expect(problems('exsilium.card_played', { player: 'p1', card: 'c', use: 'fly' })).not.toEqual([]);
    expect(problems('soe.game_ended', { turn: 3, won: true, lost: false })).not.toEqual([]);
    // a member the type does not declare (the strict pass)
    expect(problems('anima.deck_shuffled', { deck: 'gifts', order: [1], by: 'p1' })).not.toEqual([]);
    expect(problems('anima.deck_shuffled', { deck: 'gifts', order: [1] })).toEqual([]);
  });
});

describe('the recorded match logs (tests/fixtures/match-logs): every full-match event, upcast, matches its schema', () => {
  for (const log of LOGS) {
    it(log.file, () => {
      for (const [i, e] of log.events.entries()) {
        if (!gameOf.has(e.type)) continue;
        const { data } = upcast(e.type, e.schemaVersion, e.data);
        expect(problems(e.type, data), `${log.file} event ${i + 1} (${e.type} v${e.schemaVersion})`).toEqual([]);
      }
    });
  }
});

describe('the scripted matches: every full-match event written matches its schema', () => {
  for (const match of MATCHES) {
    it(match.name, async () => {
      const events = (await played(match)).filter((e) => gameOf.has(e.type));
      expect(events.length).toBeGreaterThan(0);
      for (const [i, e] of events.entries()) expect(problems(e.type, e.data), `event ${i + 1} (${e.type})`).toEqual([]);
    });
  }
});
