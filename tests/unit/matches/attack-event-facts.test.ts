/**
 * EDEN's attack events and Exsilium's combat store the game's facts (issue 23.3, CONTRACT §8.2),
 * schema version 2 (src/games/eden/match/event-versions.ts, src/games/exsilium/match/event-versions.ts):
 * - written today: who attacked whom with what, what changed on each fighter (`changes`, by id:
 *   wounds, markers, AP — only those that changed, never a profile), the dice faces drawn; an
 *   Exsilium combat its winner, effects, the cards drawn and the seed of its shuffles — no rules-core
 *   `result`, no `summary`;
 * - written by the previous release (v1, the logs in tests/fixtures/match-logs): read as v2 by each
 *   type's upcaster, and folded to the recorded state whether upcast on read or handed to the fold
 *   as stored.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { definitionOf, upcast, withdrawnVersions, CORRECTION_EVENT } from '../../../src/app/matches/events.js';
import { evolve, initialState } from '../../../src/games/eden/match/index.js';
import { matchSpec } from '../../helpers/match-spec.js';
import { SCENERY } from '../../fixtures/eden-optional.js';
import { activeA1, prep, prepWith } from '../../fixtures/eden-commands.js';
import { WHOLE_GAME, players as exsiliumPlayers, scenario } from '../../fixtures/exsilium-scenario.js';

type Stored = { version: number; type: string; schemaVersion: number; data: any };
interface Log {
  players: { id: string; name: string }[];
  options: Record<string, unknown>;
  events: Stored[];
  state: Record<string, unknown>;
}

const DIR = fileURLToPath(new URL('../../fixtures/match-logs/', import.meta.url));
const log = (file: string) => JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as Log;
const EDEN = log('eden.v1.json');
const EXSILIUM = log('exsilium.v1.json');

/** The member names anywhere in `data`. */
function keys(data: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(data)) for (const v of data) keys(v, into);
  else if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) keys(v, into.add(k));
  return into;
}

/** Facts only: no answer, no narrative, no fighter profile (a profile's members: limbs, equipment, name, value…). */
function expectFactsOnly(data: unknown): void {
  const names = keys(data);
  for (const answer of ['result', 'summary', 'fighters', 'rolls', 'purpose']) expect(names.has(answer), answer).toBe(false);
  for (const profile of ['limbs', 'equipment', 'faces', 'normal', 'wounded', 'types', 'value']) expect(names.has(profile), profile).toBe(false);
}

/** The recorded v1 events of `type` (at least one), each with its upcast data. */
function recorded(from: Log, type: string) {
  const events = from.events.filter((e) => e.type === type);
  expect(events.length, type).toBeGreaterThan(0);
  return events.map((e) => {
    expect(e.schemaVersion).toBe(1);
    const up = upcast(e.type, e.schemaVersion, e.data);
    expect(up.schemaVersion).toBe(2);
    return { v1: e.data, v2: up.data as any };
  });
}

/** A v1 attack read as v2: its facts unchanged, each listed fighter's wounds, markers and AP, the faces drawn. */
function expectAttackUpcast(type: string, same: string[]): void {
  for (const { v1, v2 } of recorded(EDEN, type)) {
    for (const member of ['attackerId', 'weapon', 'success', ...same]) expect(v2[member], member).toEqual(v1[member]);
    const changes = Object.fromEntries(v1.fighters.map((u: any) => [u.id, { wounds: u.fighter.wounds, markers: u.fighter.markers, ap: u.fighter.ap }]));
    expect(v2.changes).toEqual(changes);
    const values = v1.dice.rolls.flatMap((r: { values: number[] }) => r.values);
    expect(v2.dice).toEqual({ seed: values.length ? v1.dice.seed : null, values });
    expect(Object.keys(v2).sort()).toEqual(['attackerId', 'changes', 'dice', 'success', 'weapon', ...same].sort());
    expectFactsOnly(v2);
  }
}

describe('v1 events of the previous release are read as v2 (tests/fixtures/match-logs/*.v1.json)', () => {
  it('EDEN-ATTACK-1 / EDEN-WOUND-5: eden.melee_resolved v1 → v2 keeps who, the reaction and Response, the wounds, markers and AP of both fighters and the faces drawn', () => {
    expectAttackUpcast('eden.melee_resolved', ['targetId', 'via', 'reaction', 'responded']);
  });

  it('EDEN-RANGED-1..7: eden.shot_resolved v1 → v2 keeps the target the shot went to, what it changed and the faces drawn', () => {
    expectAttackUpcast('eden.shot_resolved', ['targetId']);
  });

  it('EDEN-THROW-1: eden.throw_resolved v1 → v2 keeps every fighter the explosion changed, the thrower included', () => {
    expectAttackUpcast('eden.throw_resolved', []);
  });

  it('EDEN-SPRAY-1/2: eden.spray_resolved v1 → v2 keeps every covered fighter’s wounds and markers; no die drawn, no seed', () => {
    expectAttackUpcast('eden.spray_resolved', []);
    for (const { v2 } of recorded(EDEN, 'eden.spray_resolved')) expect(v2.dice).toEqual({ seed: null, values: [] });
  });

  it('EDEN-TERRAIN-R-DESTRUCTION: eden.scenery_attacked v1 → v2 keeps the attacker’s AP after the Attack, not the attacker whole', () => {
    for (const { v1, v2 } of recorded(EDEN, 'eden.scenery_attacked')) {
      const [attacker] = v1.fighters;
      expect(v2).toEqual({
        ...v1,
        fighters: undefined,
        changes: { [attacker.id]: { wounds: attacker.fighter.wounds, markers: attacker.fighter.markers, ap: attacker.fighter.ap } },
      });
      expect(v2).not.toHaveProperty('fighters');
      expectFactsOnly(v2);
    }
  });

  it('EDEN-WOUND-5: a v1 fighter id "__proto__" is an own member of `changes`', () => {
    const v1 = JSON.parse('{"attackerId":"a","weapon":null,"success":true,"result":{},"dice":{"seed":null,"rolls":[]},"fighters":[{"id":"__proto__","fighter":{"ap":2}}]}');
    const v2 = upcast('eden.spray_resolved', 1, v1).data as { changes: object };
    expect(Object.getPrototypeOf(v2.changes)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v2.changes, '__proto__')?.value).toEqual({ ap: 2 });
  });

  it('EXS-COMBAT-NEWARU-5 / EXS-COMBAT-PVP-5 / EXS-DECK-3: exsilium.combat_resolved v1 → v2 keeps the combat, winner, effects, the cards drawn and the seed of its shuffles', () => {
    for (const { v1, v2 } of recorded(EXSILIUM, 'exsilium.combat_resolved')) {
      const decks = v1.result.decks;
      expect(v2).toEqual({
        combat: v1.combat,
        winner: v1.winner,
        effects: v1.effects,
        draws: decks.draws,
        dice: { seed: decks.shuffles.length ? decks.seed : null, values: [] },
      });
      expect(keys(v2).has('result')).toBe(false);
      expect(keys(v2).has('consequences')).toBe(false);
    }
  });

  it('the recorded EDEN log folds to its recorded state whether its v1 attacks are upcast on read or handed to the fold as stored', () => {
    const withdrawn = withdrawnVersions(EDEN.events);
    const counting = EDEN.events.filter((e) => e.type !== CORRECTION_EVENT && !withdrawn.has(e.version));
    const fold = (events: { type: string; data: unknown }[]) => events.reduce(evolve, initialState({ players: EDEN.players, options: EDEN.options }));
    const asStored = fold(counting);
    const upcast_ = fold(counting.map((e) => ({ type: e.type, data: upcast(e.type, e.schemaVersion, e.data).data })));
    expect(upcast_).toEqual(asStored);
    expect(asStored).toMatchObject(EDEN.state);
  });
});

describe('what a command stores today (v2)', () => {
  const territory = { options: { territory: true } };

  it('EDEN-ATTACK-1 / EDEN-WOUND-5: a melee stores the AP its attacker spent and the wounds its target took, the faces drawn, no answer', async () => {
    const { events } = await matchSpec('eden')
      .givenCommands(activeA1)
      .when({ type: 'eden.melee', attacker: 'a1', target: 'b1', dice: { values: [6, 6, 6, 6, 4] } })
      .then([{ type: 'eden.melee_resolved' }]);
    expect(events[0]).toMatchObject({ schemaVersion: 2, data: { attackerId: 'a1', targetId: 'b1', via: 'attack', success: true } });
    const data = events[0]!.data as any;
    expect(data.changes).toEqual({ a1: { ap: 2 }, b1: { wounds: { head: 0, arms: 0, torso: 4, legs: 0 } } });
    expect(data.dice).toEqual({ seed: null, values: [6, 6, 6, 6, 4] });
    expectFactsOnly(data);
  });

  it('EDEN-RANGED-1..7: a shot stores the target, what it changed and the seeded faces', async () => {
    const shot = { type: 'eden.ranged', shooter: 'a1', weapon: 'Pistol', candidates: [{ id: 'b1', distance: 20, lineOfSight: true }], targetId: 'b1', dice: { seed: 'facts' } };
    const { events } = await matchSpec('eden')
      .givenCommands(activeA1)
      .when(shot)
      .then([{ type: 'eden.shot_resolved' }]);
    const data = events[0]!.data as any;
    expect(events[0]).toMatchObject({ schemaVersion: 2, data: { attackerId: 'a1', targetId: 'b1', weapon: 'Pistol' } });
    expect(data.dice.seed).toBe('facts');
    expect(data.dice.values.length).toBeGreaterThan(0);
    expect(data.changes.a1).toEqual({ ap: 2 });
    expectFactsOnly(data);
  });

  it('EDEN-SPRAY-1/2 and EDEN-THROW-1: area attacks store each fighter they changed, by id; a spray draws no die', async () => {
    const sprayed = await matchSpec('eden')
      .givenCommands(activeA1)
      .when({ type: 'eden.spray', attacker: 'a1', weapon: 'Flamer', covered: ['b2'] })
      .then([{ type: 'eden.spray_resolved' }]);
    const spray = sprayed.events[0]!.data as any;
    expect(sprayed.events[0]!.schemaVersion).toBe(2);
    expect(spray.changes.b2).toEqual({ wounds: { head: 1, arms: 1, torso: 1, legs: 1 }, markers: { fire: 1, fear: 0, rage: 0, slow: 0, poison: 0 } });
    expect(spray.dice).toEqual({ seed: null, values: [] });
    expectFactsOnly(spray);
    const grenade = { type: 'eden.thrown', attacker: 'a1', weapon: 'Grenade', point: { distance: 10, lineOfSight: true }, affected: ['b2'], dice: { values: [6, 6, 6] } };
    const thrown = await matchSpec('eden')
      .givenCommands(activeA1)
      .when(grenade)
      .then([{ type: 'eden.throw_resolved' }]);
    const data = thrown.events[0]!.data as any;
    expect(thrown.events[0]!.schemaVersion).toBe(2);
    expect(Object.keys(data.changes).sort()).toEqual(['a1', 'b2']);
    expect(data.dice).toEqual({ seed: null, values: [6, 6, 6] });
    expectFactsOnly(data);
  });

  it('EDEN-TERRAIN-R-DESTRUCTION: an Attack on scenery stores the attacker’s AP after it', async () => {
    const played = [...prepWith(SCENERY), ...activeA1.slice(prep.length)];
    const { events } = await matchSpec('eden', territory)
      .givenCommands(played)
      .when({ type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'tree' })
      .then([{ type: 'eden.scenery_attacked' }]);
    expect(events[0]).toMatchObject({ schemaVersion: 2, data: { attackerId: 'a1', sceneryId: 'tree', apSpent: 1, changes: { a1: { ap: 2 } } } });
    expectFactsOnly(events[0]!.data);
  });

  it('EXS-COMBAT-NEWARU-1/5 / EXS-DECK-3: a combat stores its winner, effects, the cards drawn and the seed of its shuffles, no answer', async () => {
    const { events } = await matchSpec('exsilium', { players: exsiliumPlayers, options: scenario() })
      .givenCommands(WHOLE_GAME.slice(0, 8))
      .when(WHOLE_GAME[8]!)
      .then([{ type: 'exsilium.combat_resolved' }]);
    expect(events[0]!.schemaVersion).toBe(2);
    const data = events[0]!.data as any;
    expect(Object.keys(data).sort()).toEqual(['combat', 'dice', 'draws', 'effects', 'winner']);
    expect(data.draws).toEqual([
      { deck: 'advanced', card: { name: 'Bite', kind: 'attack', damage: 9 } },
      { deck: 'outcome', card: 4, for: 'newaru' },
      { deck: 'outcome', card: 8, for: 'player' },
    ]);
    expect(data.dice).toEqual({ seed: expect.any(String), values: [] });
    expect(keys(data).has('result')).toBe(false);
    expect(keys(data).has('summary')).toBe(false);
  });

  it('every type is registered at version 2 with its v1 upcaster', () => {
    for (const type of ['eden.melee_resolved', 'eden.shot_resolved', 'eden.throw_resolved', 'eden.spray_resolved', 'eden.scenery_attacked', 'exsilium.combat_resolved']) {
      expect(definitionOf(type), type).toMatchObject({ schemaVersion: 2, upcasters: { 1: expect.any(Function) } });
    }
  });
});
