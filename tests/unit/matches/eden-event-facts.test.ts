/**
 * EDEN's other events that stored whole fighters or a rules core's answer store the game's facts
 * (issue 23.3, CONTRACT §8.2), schema version 2 (src/games/eden/match/event-versions.ts), as the
 * attack events do (attack-event-facts.test.ts):
 * - written today: ids, the choices made, what changed on each fighter (`changes`, by id: wounds,
 *   markers, AP — only those that changed, never a profile) and the dice faces drawn — no core
 *   `log`, no melee result, no wound rolls, no `summary`;
 * - written by the previous release (v1, tests/fixtures/match-logs/eden.v1.json): read as v2 by each
 *   type's upcaster (the whole log folding to its recorded state either way is checked in
 *   attack-event-facts.test.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { definitionOf, upcast } from '../../../src/app/matches/events.js';
import { matchSpec } from '../../helpers/match-spec.js';
import { NPCS, SCENERY, toActivation, toUpkeep as activationToUpkeep } from '../../fixtures/eden-optional.js';
import { activeA1, prep, prepWith } from '../../fixtures/eden-commands.js';

type Stored = { type: string; schemaVersion: number; data: any };
const EDEN = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/match-logs/eden.v1.json', import.meta.url)), 'utf8')) as { events: Stored[] };

const TYPES = ['eden.fighter_moved', 'eden.fire_doused', 'eden.upkeep_resolved', 'eden.npc_activated', 'eden.scenery_contact_resolved', 'eden.weather_effects_resolved'];

/** The member names anywhere in `data`. */
function keys(data: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(data)) for (const v of data) keys(v, into);
  else if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) keys(v, into.add(k));
  return into;
}

/** Facts only: no answer, no narrative, no fighter profile (a profile's members: limbs, equipment, name, value…). */
function expectFactsOnly(data: unknown): void {
  const names = keys(data);
  for (const answer of ['result', 'summary', 'fighters', 'log', 'rolls', 'purpose', 'candidates', 'exchanges']) expect(names.has(answer), answer).toBe(false);
  for (const profile of ['limbs', 'equipment', 'faces', 'normal', 'wounded', 'types', 'value']) expect(names.has(profile), profile).toBe(false);
}

/** The recorded v1 events of `type` (at least one), each with its upcast data. */
function recorded(type: string) {
  const events = EDEN.events.filter((e) => e.type === type);
  expect(events.length, type).toBeGreaterThan(0);
  return events.map((e) => {
    expect(e.schemaVersion).toBe(1);
    const up = upcast(e.type, e.schemaVersion, e.data);
    expect(up.schemaVersion).toBe(2);
    return { v1: e.data, v2: up.data as any };
  });
}

/** v1 `fighters` → v2 `changes`: each listed fighter's wounds, markers and AP. */
const changesOf = (fighters: { id: string; fighter: any }[]) =>
  Object.fromEntries(fighters.map((u) => [u.id, { wounds: u.fighter.wounds, markers: u.fighter.markers, ap: u.fighter.ap }]));

/** v1 dice transcript → v2 `{seed, values}`. */
function diceOf(t: { seed: string | null; rolls: { values: number[] }[] }) {
  const values = t.rolls.flatMap((r) => r.values);
  return { seed: values.length ? t.seed : null, values };
}

/** A v1 event read as v2: the members kept as they were, `changes` for the fighters, the faces drawn (when it had dice). */
function expectUpcast(type: string, kept: string[], extra: (v1: any) => object = () => ({})): void {
  for (const { v1, v2 } of recorded(type)) {
    const same = Object.fromEntries(kept.map((k) => [k, v1[k]]));
    expect(v2).toEqual({ ...same, changes: changesOf(v1.fighters), ...(v1.dice ? { dice: diceOf(v1.dice) } : {}), ...extra(v1) });
    expectFactsOnly(v2);
  }
}

describe('v1 events of the previous release are read as v2 (tests/fixtures/match-logs/eden.v1.json)', () => {
  it('EDEN-MOVE-ACT-1: eden.fighter_moved v1 → v2 keeps the mover, the AP it spent in `changes` and the distance', () => {
    expectUpcast('eden.fighter_moved', ['fighterId', 'apSpent', 'distance', 'disengage']);
  });

  it('EDEN-MOVE-ACT-2: a v1 disengagement keeps its adversaries, difficulty and success, not the core’s roll', () => {
    const v1 = {
      fighterId: 'a1',
      apSpent: 1,
      disengage: { difficulty: 4, roll: { pool: 3, values: [1, 2, 5], successes: 1 }, success: true, adversaries: ['b1'] },
      fighters: [{ id: 'a1', fighter: { name: 'A1', ap: 2, limbs: {} } }],
      dice: { seed: 's', rolls: [{ sides: 6, values: [1, 2, 5], purpose: 'a1 RAP (disengage)' }] },
    };
    expect(upcast('eden.fighter_moved', 1, v1).data).toEqual({
      fighterId: 'a1',
      apSpent: 1,
      disengage: { adversaries: ['b1'], difficulty: 4, success: true },
      changes: { a1: { ap: 2 } },
      dice: { seed: 's', values: [1, 2, 5] },
    });
  });

  it('EDEN-STATE-FIRE-2: eden.fire_doused v1 → v2 keeps the markers removed and the fighter’s markers and AP after, not its profile', () => {
    expectUpcast('eden.fire_doused', ['fighterId', 'markers']);
  });

  it('EDEN-UPKEEP-3..9: eden.upkeep_resolved v1 → v2 keeps what changed on each fighter and the faces drawn, not the core’s log', () => {
    expectUpcast('eden.upkeep_resolved', ['turn'], () => ({ removeRage: [] }));
  });

  it('EDEN-UPKEEP-6: a v1 upkeep keeps the fighters named to remove a Rage marker (its log’s step 6)', () => {
    const log = [
      { step: 6, rule: 'EDEN-UPKEEP-6', side: 'B', fighterId: 'b2', removed: 1, rageLeft: 1 },
      { step: 7, rule: 'EDEN-UPKEEP-7', apLost: 0 },
    ];
    const v1 = { turn: 1, fighters: [], log, dice: { seed: 'u', rolls: [] } };
    expect(upcast('eden.upkeep_resolved', 1, v1).data).toEqual({ turn: 1, removeRage: ['b2'], changes: {}, dice: { seed: null, values: [] } });
  });

  it('EDEN-NPC-3/4/5: eden.npc_activated v1 → v2 keeps what the NPC did, the attack’s reaction and success, not the melee result nor the candidates', () => {
    expectUpcast('eden.npc_activated', ['player', 'npcId', 'responded'], (v1) => ({
      decision: v1.decision.action === 'wander' ? { action: 'wander', distance: v1.decision.distance } : { action: v1.decision.action, targetId: v1.decision.targetId },
      melee: v1.melee ? { reaction: v1.melee.reaction, success: v1.melee.success } : null,
    }));
  });

  it('EDEN-TERRAIN-R-HOSTILE: eden.scenery_contact_resolved v1 → v2 keeps the wounds taken in `changes` and the faces drawn, not the core’s wound rolls', () => {
    expectUpcast('eden.scenery_contact_resolved', ['fighterId', 'sceneryId', 'moment', 'fireAdded']);
  });

  it('EDEN-UPKEEP-11 / EDEN-WEATHER-2: eden.weather_effects_resolved v1 → v2 keeps the conditions in their order, what changed and the faces drawn, not the core’s log', () => {
    expectUpcast('eden.weather_effects_resolved', ['turn', 'conditions']);
  });

  it('every type is registered at version 2 with its v1 upcaster, and v2 data is read unchanged', () => {
    for (const type of TYPES) {
      expect(definitionOf(type), type).toMatchObject({ schemaVersion: 2, upcasters: { 1: expect.any(Function) } });
      for (const { v2 } of recorded(type)) expect(upcast(type, 2, v2).data).toEqual(v2);
    }
  });
});

describe('what a command stores today (v2)', () => {
  const ending = [{ type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }, { type: 'eden.pass', player: 'A' }];
  /** Turn 1 up to the upkeep, a1 having moved once (2 AP left). */
  const toUpkeep = [...activeA1, { type: 'eden.move', fighterId: 'a1' }, ...ending];

  it('EDEN-MOVE-ACT-1/2: a Move stores the AP spent in `changes` and the disengagement as resolved; the faces drawn, no roll answer', async () => {
    const { events } = await matchSpec('eden')
      .givenCommands(activeA1)
      .when({ type: 'eden.move', fighterId: 'a1', disengageFrom: ['b1'], dice: { values: [6, 6, 6, 6, 6, 6] } })
      .then([{ type: 'eden.fighter_moved' }]);
    expect(events[0]).toMatchObject({ schemaVersion: 2 });
    const data = events[0]!.data as any;
    expect(data).toMatchObject({ fighterId: 'a1', apSpent: 1, changes: { a1: { ap: 2 } }, disengage: { adversaries: ['b1'], success: true } });
    expect(data.dice.seed).toBeNull();
    expect(data.dice.values.length).toBeGreaterThan(0);
    expectFactsOnly(data);
  });

  it('EDEN-STATE-FIRE-2: dousing stores the Fire markers and AP after it', async () => {
    const { events } = await matchSpec('eden')
      .givenCommands([...activeA1, { type: 'eden.spray', attacker: 'a1', weapon: 'Flamer', covered: ['a1'] }])
      .when({ type: 'eden.douse_fire', fighterId: 'a1', markers: 1 })
      .then([{ type: 'eden.fire_doused' }]);
    expect(events[0]).toMatchObject({ schemaVersion: 2, data: { fighterId: 'a1', markers: 1 } });
    const data = events[0]!.data as any;
    expect(Object.keys(data.changes)).toEqual(['a1']);
    expect(data.changes.a1.markers.fire).toBe(0);
    expectFactsOnly(data);
  });

  it('EDEN-UPKEEP-6/7/8: an upkeep stores the Rage choice, what changed on each fighter and the faces drawn, no log', async () => {
    const { events } = await matchSpec('eden')
      .givenCommands(toUpkeep)
      .when({ type: 'eden.upkeep', removeRage: ['a2'] })
      .then([{ type: 'eden.upkeep_resolved' }, { type: 'eden.victory_points_scored' }, { type: 'eden.turn_started' }]);
    const data = events[0]!.data as any;
    expect(events[0]!.schemaVersion).toBe(2);
    expect(data).toEqual({ turn: 1, removeRage: ['a2'], changes: { a1: { ap: 3 } }, dice: { seed: null, values: [] } });
    expectFactsOnly(data);
  });

  it('EDEN-UPKEEP-11 / EDEN-WEATHER-7: end-of-turn weather stores the order, the fighters named not free, what changed and the faces drawn', async () => {
    const { events } = await matchSpec('eden', { options: { weather: true } })
      .givenCommands([{ type: 'eden.roll_weather', dice: { values: [5, 5] } }, ...prep, ...activeA1.slice(prep.length), ...ending])
      .when({ type: 'eden.upkeep', engaged: ['b1'], dice: { values: [1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6] } })
      .then([{ type: 'eden.upkeep_resolved' }, { type: 'eden.victory_points_scored' }, { type: 'eden.weather_effects_resolved' }, { type: 'eden.turn_started' }]);
    const data = events[2]!.data as any;
    expect(events[2]!.schemaVersion).toBe(2);
    expect(data).toMatchObject({ turn: 1, conditions: ['acid_rain'], engaged: ['b1'], dice: { seed: null } });
    expect(Object.keys(data.changes)).toEqual(['a1']);
    expect(data.changes.a1.markers.poison).toBe(1);
    expectFactsOnly(data);
  });

  it('EDEN-NPC-4/5: an NPC’s attack stores what it did, the reaction and success and what changed, no melee result', async () => {
    const { events } = await matchSpec('eden', { options: { infestation: { level: 2 } } })
      .givenCommands([...prepWith(NPCS), ...toActivation, ...activationToUpkeep])
      .when({ type: 'eden.activate_npc', player: 'A', npcId: 'n1', contacts: ['a1'], dice: { values: [6, 6, 6, 4] } })
      .then([{ type: 'eden.npc_activated' }]);
    const data = events[0]!.data as any;
    expect(events[0]!.schemaVersion).toBe(2);
    expect(data).toMatchObject({ player: 'A', npcId: 'n1', decision: { action: 'attack', targetId: 'a1' }, melee: { success: true }, responded: false });
    expect(Object.keys(data.decision).sort()).toEqual(['action', 'targetId']);
    expect(data.changes.a1.wounds).toBeDefined();
    expect(data.dice).toEqual({ seed: null, values: [6, 6, 6, 4] });
    expectFactsOnly(data);
  });

  it('EDEN-TERRAIN-R-HOSTILE: contact with a Dark forest stores the wound taken and the face drawn, no wound rolls', async () => {
    const played = [...prepWith(SCENERY), ...activeA1.slice(prep.length)];
    const { events } = await matchSpec('eden', { options: { territory: true } })
      .givenCommands(played)
      .when({ type: 'eden.scenery_contact', fighterId: 'a1', sceneryId: 'forest', dice: { values: [4] } })
      .then([{ type: 'eden.scenery_contact_resolved' }]);
    expect(events[0]).toMatchObject({ schemaVersion: 2 });
    expect(events[0]!.data).toEqual({
      fighterId: 'a1',
      sceneryId: 'forest',
      moment: 'activation_start',
      fireAdded: 0,
      changes: { a1: { wounds: { head: 0, arms: 0, torso: 1, legs: 0 } } },
      dice: { seed: null, values: [4] },
    });
    expectFactsOnly(events[0]!.data);
  });
});

describe('the roll-off and the Weather keep the faces drawn, not the transcript’s labels (v2)', () => {
  for (const type of ['eden.first_player_determined', 'eden.weather_rolled']) {
    it(`EDEN-PREP-3 / EDEN-WEATHER-1: ${type} v1 → v2 keeps its transcript’s faces as {seed, values} and every other member as stored`, () => {
      expect(definitionOf(type)?.schemaVersion).toBe(2);
      const v1 = EDEN.events.filter((e) => e.type === type && e.schemaVersion === 1);
      if (type === 'eden.first_player_determined') expect(v1.length).toBeGreaterThan(0);
      // a v1 event as stored, or (no Weather in the recorded log) one as the previous release wrote it
      const stored = v1.length
        ? v1
        : [
            {
              type,
              schemaVersion: 1,
              data: { conditions: ['snowstorm'], rules: ['EDEN-WEATHER-8'], rolls: [], dice: { seed: 'w', rolls: [{ purpose: 'Weather 2D6', sides: 6, values: [6, 6] }] } },
            },
          ];
      for (const e of stored) {
        const up = upcast(e.type, e.schemaVersion, e.data);
        const { dice, ...rest } = up.data as { dice: unknown };
        expect(up.schemaVersion).toBe(2);
        const faces = (e.data.dice.rolls as { values: number[] }[]).flatMap((r) => r.values);
        expect(dice).toEqual({ seed: faces.length ? e.data.dice.seed : null, values: faces });
        expect(rest).toEqual(Object.fromEntries(Object.entries(e.data).filter(([k]) => k !== 'dice')));
      }
    });
  }

  it('EDEN-PREP-3: a bid stores the roll-off’s faces, no purpose label', async () => {
    const { events } = await matchSpec('eden')
      .givenCommands(prep.slice(0, 2))
      .when({ type: 'eden.bid', bids: { A: 1, B: 1 }, dice: { values: [5, 2] } })
      .then([{ type: 'eden.first_player_determined' }]);
    expect(events[0]).toMatchObject({ schemaVersion: 2 });
    const data = events[0]!.data as { dice: { seed: string | null; values: number[] } };
    expect(JSON.stringify(data)).not.toMatch(/"purpose"|"rolls":\[\{/);
    expect(data.dice).toEqual({ seed: null, values: [5, 2] });
  });
});
