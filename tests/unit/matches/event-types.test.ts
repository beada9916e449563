/**
 * Every engine event type has a definition with its own schema version (src/app/matches/engine-events.ts,
 * CONTRACT §8.2): every type written by the recorded match logs (tests/fixtures/match-logs) and by
 * the scripted table matches (tests/fixtures/tables) is registered; the logs were stored at a
 * version their type knows; every event a command writes today is stored under its type's current
 * version and, where the type has a schema, validates against it (the recorded ones after upcasting).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { definitionOf, upcast } from '../../../src/app/matches/events.js';
import { ENGINE_EVENTS, RESERVED_PREFIXES } from '../../../src/app/matches/engine-events.js';
import { matchServices } from '../../../src/app/matches/service.js';
import { MemoryEventStore } from '../../../src/infra/event-store/memory.js';
import { compile } from '../../../src/kernel/validate.js';
import type { TableScript } from '../../fixtures/tables/script.js';
import { script as eden } from '../../fixtures/tables/eden.js';
import { script as anima } from '../../fixtures/tables/anima.js';
import { script as exsilium } from '../../fixtures/tables/exsilium.js';
import { script as spirit } from '../../fixtures/tables/spirit-of-eden.js';

type Stored = { type: string; schemaVersion: number; data: unknown };

const DIR = fileURLToPath(new URL('../../fixtures/match-logs/', import.meta.url));
const LOGS = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as { events: Stored[] }) }));

const isEngine = (type: string) => RESERVED_PREFIXES.some((p) => type.startsWith(p));

/** Problems of `data` against its type's schema, if the type has one. */
function problems(type: string, data: unknown): unknown[] {
  const schema = definitionOf(type)?.schema;
  if (!schema) return [];
  const check = compile(schema);
  return check(structuredClone(data)) ? [] : (check.errors ?? []);
}

/** Paths of the members named `summary` in `data` (narrative the service writes: rendered when read, never stored). */
function summaries(data: unknown, path = ''): string[] {
  if (Array.isArray(data)) return data.flatMap((v, i) => summaries(v, `${path}/${i}`));
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([k, v]) => [...(k === 'summary' && typeof v === 'string' ? [`${path}/${k}`] : []), ...summaries(v, `${path}/${k}`)]);
}

/** A scripted table match played by the owner through the match service; its stored events. */
async function played(script: TableScript): Promise<Stored[]> {
  const store = MemoryEventStore.create();
  let n = 0;
  const service = matchServices(store, { ids: { newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, randomSeed: () => 'event-types' } });
  const created = await service.commands.create('owner', { game: script.game, players: script.players, options: script.options });
  const id = (created.body as { id: string }).id;
  for (const step of script.steps) await service.commands.command('owner', id, { command: structuredClone(step.command) as never });
  return store.read('owner', id);
}

it('event types are defined once each, with a schema version ≥ 1 and an upcaster for every earlier version that changed', () => {
  const types = ENGINE_EVENTS.map((d) => d.type);
  expect(new Set(types).size).toBe(types.length);
  for (const d of ENGINE_EVENTS) {
    expect(d.schemaVersion, d.type).toBeGreaterThanOrEqual(1);
    for (const v of Object.keys(d.upcasters).map(Number)) expect(v, d.type).toBeLessThan(d.schemaVersion);
  }
  // the resolutions' facts: v2, with their v1 upcaster
  expect(definitionOf('soe.goomzPhase.resolved')).toMatchObject({ schemaVersion: 2, upcasters: { 1: expect.any(Function) } });
  // EDEN's attacks: the facts (v2), with their v1 upcaster (tests/unit/matches/attack-event-facts.test.ts)
  expect(definitionOf('eden.melee_resolved')).toMatchObject({ schemaVersion: 2, upcasters: { 1: expect.any(Function) } });
});

describe('the recorded match logs (tests/fixtures/match-logs)', () => {
  for (const log of LOGS) {
    it(`${log.file}: every engine event type is registered, stored at a version it knows, and valid once upcast`, () => {
      for (const e of log.events) {
        if (!isEngine(e.type) && !e.type.startsWith('match.')) continue;
        const def = definitionOf(e.type);
        expect(def, e.type).toBeDefined();
        expect(e.schemaVersion, e.type).toBeLessThanOrEqual(def!.schemaVersion);
        const up = upcast(e.type, e.schemaVersion, e.data);
        expect(up.schemaVersion, e.type).toBe(def!.schemaVersion);
        expect(problems(e.type, up.data), `${e.type} v${e.schemaVersion}`).toEqual([]);
      }
    });
  }
});

describe('the scripted table matches (tests/fixtures/tables)', () => {
  for (const script of [eden, anima, exsilium, spirit]) {
    it(`${script.game}: every event written is registered, stored under its type's version and valid against its schema`, async () => {
      const events = await played(script);
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) {
        const def = definitionOf(e.type);
        expect(def, e.type).toBeDefined();
        expect(e.schemaVersion, e.type).toBe(def!.schemaVersion);
        expect(problems(e.type, e.data), e.type).toEqual([]);
        expect(summaries(e.data), e.type).toEqual([]);
      }
    });
  }

  it('a stateless operation played as a command writes a v2 resolution valid against its schema', async () => {
    const events = await played({ ...spirit, steps: [...spirit.steps.slice(0, 1), { by: 'owner', command: { type: 'soe.status' } }] });
    const resolved = events.find((e) => e.type === 'soe.status.resolved')!;
    expect(resolved.schemaVersion).toBe(2);
    expect(Object.keys(resolved.data as object).sort()).toEqual(['dice', 'kind', 'request']);
    expect(problems(resolved.type, resolved.data)).toEqual([]);
    expect(summaries(resolved.data)).toEqual([]);
  });

  it('the recorded v1 resolutions stored English summaries; read today (upcast) they hold none', () => {
    const v1 = LOGS.flatMap((log) => log.events).filter((e) => e.type.endsWith('.resolved') && e.schemaVersion === 1);
    expect(v1.some((e) => summaries(e.data).length > 0)).toBe(true);
    for (const e of v1) expect(summaries(upcast(e.type, e.schemaVersion, e.data).data), e.type).toEqual([]);
  });
});
