/**
 * EDEN match gaps: fighters' outOfAction in the projection (EDEN-WOUND-4), caller-measured
 * distances on moves, deployment and scenery (EDEN-MOVE-ACT-1, EDEN-WEATHER-3, EDEN-PREP-6/7), and
 * the German printing's shot with no eligible target (EDEN-RANGED-2 EDITION NOTE).
 */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { activeA1, prep } from '../../../fixtures/eden-commands.js';

const de = { options: { edition: 'de' } };
const miss = { type: 'eden.melee', attacker: 'a1', target: 'b1', reaction: 'passive', dice: { values: [1, 1, 1, 1, 1] } };
/** b2 is 40 cm away: out of the Pistol's 30 cm, so no fighter is eligible. */
const noTarget = { type: 'eden.ranged', shooter: 'a1', weapon: 'Pistol', candidates: [{ id: 'b2', distance: 40, lineOfSight: true }] };
const weather = (a: number, b: number) => ({ type: 'eden.roll_weather', dice: { values: [a, b] } });
const deployA = prep[7]!;
const deployB = prep[8]!;

describe('EDEN projection: outOfAction (EDEN-WOUND-4)', () => {
  it('EDEN-WOUND-4: every fighter of the projection says whether it is out of action', async () => {
    const spec = matchSpec('eden').givenCommands(activeA1);
    const before = await spec.state();
    expect(Object.values(before.fighters).map((f: any) => f.outOfAction)).toEqual([false, false, false, false]);
    // 6 successes on the head (location 1): its 3 boxes are all marked
    const { state } = await spec
      .when({ type: 'eden.melee', attacker: 'a1', target: 'b1', reaction: 'passive', dice: { values: [6, 6, 6, 6, 1] } })
      .then([{ type: 'eden.melee_resolved' }]);
    expect(state.fighters.b1.outOfAction).toBe(true);
    expect(state.fighters.a1.outOfAction).toBe(false);
  });
});

describe('EDEN measured distances (EDEN-MOVE-ACT-1, EDEN-WEATHER-3, EDEN-PREP-6/7)', () => {
  it('EDEN-MOVE-ACT-1: a measured move of 10 cm is taken, 10.5 cm is refused', async () => {
    const spec = matchSpec('eden').givenCommands(activeA1);
    await spec.when({ type: 'eden.move', fighterId: 'a1', distance: 10.5 }).thenProblem('move_too_far');
    await spec.when({ type: 'eden.move', fighterId: 'a1', distance: 10 }).then([{ type: 'eden.fighter_moved', data: { distance: 10 } }]);
  });

  it('EDEN-WEATHER-3: in a Headwind a measured move above 8 cm is refused', async () => {
    const spec = matchSpec('eden', { options: { weather: true } }).givenCommands([weather(1, 2), ...activeA1]);
    await spec.when({ type: 'eden.move', fighterId: 'a1', distance: 9 }).thenProblem('move_too_far');
    await spec.when({ type: 'eden.move', fighterId: 'a1', distance: 8 }).then([{ type: 'eden.fighter_moved', data: { distance: 8 } }]);
  });

  it('EDEN-PREP-7 (ES «a más de 20 cm»): a fighter exactly 20 cm from the centre line is refused', async () => {
    const spec = matchSpec('eden').givenCommands(prep.slice(0, 7));
    await spec
      .when({
        ...deployA,
        centreDistances: [
          { fighterId: 'a1', distance: 25 },
          { fighterId: 'a2', distance: 20 },
        ],
      })
      .thenProblem('deployment_too_close');
    await spec
      .when({
        ...deployA,
        centreDistances: [
          { fighterId: 'a1', distance: 25 },
          { fighterId: 'a2', distance: 20.5 },
        ],
      })
      .then([{ type: 'eden.band_deployed' }]);
  });

  it('EDEN-PREP-7 (DE «Mindestabstand von 20 cm»): exactly 20 cm is enough, 19 cm is refused (Ambush: from the centre)', async () => {
    const spec = matchSpec('eden', de).givenCommands(prep.slice(0, 8));
    await spec.when({ ...deployB, centreDistances: [{ fighterId: 'b1', distance: 19 }] }).thenProblem('deployment_too_close');
    await spec
      .when({
        ...deployB,
        centreDistances: [
          { fighterId: 'b1', distance: 20 },
          { fighterId: 'b2', distance: 30 },
        ],
      })
      .then([{ type: 'eden.band_deployed' }]);
  });

  it('EDEN-WEATHER-6 / EDEN-PREP-7: under Mist each fighter placed one at a time is checked', async () => {
    const spec = matchSpec('eden', { options: { weather: true } }).givenCommands([weather(4, 4), ...prep.slice(0, 7)]);
    await spec.when({ type: 'eden.deploy', player: 'A', fighterId: 'a1', centreDistance: 12 }).thenProblem('deployment_too_close');
    await spec.when({ type: 'eden.deploy', player: 'A', fighterId: 'a1', centreDistance: 21 }).then([{ type: 'eden.fighter_deployed' }]);
  });

  it('EDEN-PREP-6 / EDEN-AMB-29 (ES «a más de 5 cm»): an element exactly 5 cm from another is refused', async () => {
    const spec = matchSpec('eden', { options: { territory: true } }).givenCommands(prep.slice(0, 7));
    await spec.when({ type: 'eden.place_scenery', player: 'A', element: 'tree', nearestDistance: 5 }).thenProblem('scenery_too_close');
    await spec.when({ type: 'eden.place_scenery', player: 'A', element: 'tree', nearestDistance: 6 }).then([{ type: 'eden.scenery_placed' }]);
  });

  it('EDEN-PREP-6 (DE «mindestens 5 cm»): exactly 5 cm is enough', async () => {
    await matchSpec('eden', { options: { edition: 'de', territory: true } })
      .givenCommands(prep.slice(0, 7))
      .when({ type: 'eden.place_scenery', player: 'A', element: 'tree', nearestDistance: 5 })
      .then([{ type: 'eden.scenery_placed' }]);
  });
});

describe('EDEN-RANGED-2 EDITION NOTE: a shot with no eligible target', () => {
  it('DE («kann auch kein Fernkampf stattfinden»): no attack takes place, a second melee attack is still allowed', async () => {
    const spec = matchSpec('eden', de).givenCommands([...activeA1, miss, noTarget]);
    const state = await spec.state();
    expect(state.fighters.a1.turn.attacks).toBe(1);
    expect(state.fighters.a1.itemUses.Pistol).toBeUndefined();
    await spec.when(miss).then([{ type: 'eden.melee_resolved' }]);
  });

  it('ES («el tiro es un fallo»): the shot is a paid failure and counts as one of the 2 Attacks', async () => {
    const spec = matchSpec('eden').givenCommands([...activeA1, miss, noTarget]);
    const state = await spec.state();
    expect(state.fighters.a1.turn.attacks).toBe(2);
    await spec.when(miss).thenProblem('attack_limit');
  });
});
