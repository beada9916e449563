/**
 * EDEN match decider, optional rules (ES only): Weather (EDEN-WEATHER-*, §18), Territory management
 * (EDEN-TERRAIN-*, §16) and Infestation (EDEN-NPC-*, §17). Given events, when a command, then events;
 * fixed dice; a rejected command throws before any event exists.
 */
import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { InvalidInput } from '../../../src/kernel/errors.js';
import { decide, initialState, type EdenMatchState } from '../../../src/games/eden/match/index.js';
import { violation } from '../../helpers/errors.js';
import { NPCS, SCENERY, npc, prep, run, setup, start, toActivation, toUpkeep, type Cmd } from '../../fixtures/eden-optional.js';

const roll = (a: number, b: number): Cmd[] => [{ type: 'eden.roll_weather', dice: { values: [a, b] } }];
const code = (state: EdenMatchState, c: Cmd, values: number[] = []) => violation(() => decide(c, state, new FixedDice(values))).code;
/** Weather via the preparation: the roll's dice are the command's fixed dice. */
const withWeather = (a: number, b: number, rest: Cmd[] = [], options: Record<string, unknown> = { weather: true }) => {
  let { state } = start(options, [], []);
  state = run([{ type: 'eden.roll_weather' }], state, [a, b]).state;
  return run([...prep().slice(0), ...rest], state);
};

describe('Weather (EDEN-WEATHER-1..9, EDEN-PREP-0)', () => {
  it('EDEN-PREP-0 / EDEN-WEATHER-1: the weather is rolled before preparation step 1 and kept in the state', () => {
    const s = initialState(setup({ weather: true }));
    expect(s.prep).toBe('weather');
    expect(code(s, prep()[0]!)).toBe('wrong_step');
    const { state, log } = run([{ type: 'eden.roll_weather' }], s, [6, 6]);
    expect(log.map((e) => e.type)).toEqual(['eden.weather_rolled']);
    expect(log[0]!.data.rules).toEqual(['EDEN-WEATHER-8']);
    expect(state.weather).toEqual(['snowstorm']);
    expect(state.prep).toBe('bands');
    expect(code(state, roll(1, 1)[0]!, [1, 1])).toBe('wrong_step');
  });

  it('EDEN-WEATHER-9 / EDEN-AMB-26: two conditions; a repeated result is re-rolled', () => {
    // 3+3 = 6 normal, 1+5 = 6 normal again (re-rolled), 6+6 = 12 snowstorm
    const { state, log } = run([{ type: 'eden.roll_weather' }], initialState(setup({ weather: 2 })), [3, 3, 1, 5, 6, 6]);
    expect(state.weather).toEqual(['normal', 'snowstorm']);
    expect(log[0]!.data.rolls.map((r: { discarded: boolean }) => r.discarded)).toEqual([false, true, false]);
  });

  it('EDEN-WEATHER-1: without options.weather there is no weather step and no roll', () => {
    const s = initialState(setup());
    expect(s.prep).toBe('bands');
    expect(code(s, { type: 'eden.roll_weather' }, [6, 6])).toBe('option_disabled');
  });

  it('EDEN-WEATHER-8 / EDEN-TACPH-1: under Snowstorm a tactic card costs 3 SP', () => {
    const { state: s } = withWeather(6, 6, [{ type: 'eden.bid', bids: { A: 1, B: 0 } }]);
    const { state, log } = run([{ type: 'eden.play_tactic', player: 'A', card: 'Fury' }], s);
    expect(log[0]!.data.cost).toBe(3);
    expect(state.bands.A.strategyPoints).toBe(s.bands.A.strategyPoints - 3);
    // normal weather: 2 SP
    const { state: n } = withWeather(3, 3, [{ type: 'eden.bid', bids: { A: 1, B: 0 } }]);
    expect(run([{ type: 'eden.play_tactic', player: 'A', card: 'Fury' }], n).log[0]!.data.cost).toBe(2);
  });

  it('EDEN-WEATHER-4: under Thick fog no shot or throw at a target more than 15 cm away', () => {
    const act = [...toActivation, { type: 'eden.activate', player: 'A', fighterId: 'a1' }];
    const shot = { type: 'eden.ranged', shooter: 'a1', weapon: 'Pistol', candidates: [{ id: 'b1', distance: 20, lineOfSight: true }], targetId: 'b1' };
    const throwAt = { type: 'eden.thrown', attacker: 'a1', weapon: 'Grenade', point: { distance: 16, lineOfSight: true }, affected: ['b1'] };
    const { state: fog } = withWeather(2, 2, act);
    expect(fog.weather).toEqual(['thick_fog']);
    expect(code(fog, shot, [6, 6, 6, 6, 4])).toBe('illegal_target');
    expect(code(fog, throwAt, [6, 6, 6, 6, 6, 6])).toBe('out_of_range');
    // the same shot in normal weather is legal (pistol range 30)
    const { state: clear } = withWeather(3, 4, act);
    expect(run([shot], clear, Array(30).fill(4)).log[0]!.data.targetId).toBe('b1');
  });

  it('EDEN-WEATHER-3 / EDEN-AMB-26: under Headwind a Move covers 8 cm (10 otherwise)', () => {
    const act = [...toActivation, { type: 'eden.activate', player: 'A', fighterId: 'a1' }, { type: 'eden.move', fighterId: 'a1' }];
    expect(withWeather(1, 2, act).log.at(-1)!.data.distance).toBe(8);
    expect(withWeather(3, 4, act).log.at(-1)!.data.distance).toBe(10);
  });

  it('EDEN-WEATHER-6 / EDEN-PREP-7: under Mist deployment alternates one fighter at a time, First player first', () => {
    const before = run([{ type: 'eden.roll_weather' }], initialState(setup({ weather: true })), [4, 4]).state;
    expect(before.weather).toEqual(['mist']);
    const { state: s } = run(prep().slice(0, 7), before);
    expect(s.prep).toBe('deployment');
    expect(code(s, { type: 'eden.deploy', player: 'B', fighterId: 'b1' })).toBe('not_your_turn');
    expect(() => decide({ type: 'eden.deploy', player: 'A' }, s, new FixedDice([]))).toThrow(InvalidInput);
    expect(code(s, { type: 'eden.deploy', player: 'A', fighterId: 'b1' })).toBe('not_your_fighter');
    const one = run([{ type: 'eden.deploy', player: 'A', fighterId: 'a1' }], s).state;
    expect(code(one, { type: 'eden.deploy', player: 'A', fighterId: 'a2' })).toBe('not_your_turn');
    const { state, log } = run(
      [
        { type: 'eden.deploy', player: 'B', fighterId: 'b1' },
        { type: 'eden.deploy', player: 'A', fighterId: 'a2' },
        { type: 'eden.deploy', player: 'B', fighterId: 'b2' },
      ],
      one,
    );
    expect(log.map((e) => e.type)).toEqual(['eden.fighter_deployed', 'eden.fighter_deployed', 'eden.fighter_deployed']);
    expect(state.prep).toBe('tactic_hands');
    expect(state.bands.B.deployment).toEqual({ zone: 'ambush', placements: ['b1', 'b2'] });
  });

  it('EDEN-WEATHER-2 / EDEN-UPKEEP-11: Ionic storm, after the VP, VIG difficulty 6; 0 successes → a Torso wound, protection ignored', () => {
    const { state: s } = withWeather(1, 1, [...toActivation, ...toUpkeep]);
    expect(s.phase).toBe('upkeep');
    // order a1, b1, a2, b2 (A is First player); a1 rolls 4 dice with no 6
    const values = [5, 5, 5, 5, 6, 1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1];
    const { state, log, rolled } = run([{ type: 'eden.upkeep' }], s, values);
    expect(log.map((e) => e.type)).toEqual(['eden.upkeep_resolved', 'eden.victory_points_scored', 'eden.weather_effects_resolved', 'eden.turn_started']);
    const w = log[2]!.data;
    expect(rolled).toEqual(['a1 ionic storm VIG', 'b1 ionic storm VIG', 'a2 ionic storm VIG', 'b2 ionic storm VIG']);
    expect(w.changes).toEqual({ a1: { wounds: { head: 0, arms: 0, torso: 1, legs: 0 } } });
    expect(state.fighters.a1!.fighter.wounds.torso).toBe(1);
    expect(state.fighters.b1!.fighter.wounds.torso).toBe(0);
    expect(w.dice).toEqual({ seed: null, values });
  });

  it('EDEN-WEATHER-7: Acid rain, VIG difficulty 5 for free fighters only; 0 successes → a Poison marker that stays (after step 5)', () => {
    const { state: s } = withWeather(5, 5, [...toActivation, ...toUpkeep]);
    const { state, log, rolled } = run([{ type: 'eden.upkeep', engaged: ['b1'] }], s, [1, 1, 1, 1, 5, 1, 1, 1, 6, 1, 1, 1]);
    const w = log.find((e) => e.type === 'eden.weather_effects_resolved')!.data;
    // alternating from the First player: a1, b2 (b1 is not free), a2
    expect(rolled).toEqual(['a1 acid rain VIG', 'b2 acid rain VIG', 'a2 acid rain VIG']);
    expect(w.engaged).toEqual(['b1']);
    expect(Object.keys(w.changes)).toEqual(['a1']);
    expect(state.fighters.a1!.fighter.markers.poison).toBe(1);
    expect(state.fighters.b1!.fighter.markers.poison).toBe(0);
    expect(code(s, { type: 'eden.upkeep', weatherOrder: ['ionic_storm'] })).toBe('wrong_weather_order');
  });
});

describe('Territory management (EDEN-TERRAIN-*)', () => {
  it('EDEN-TERRAIN-1/3 / EDEN-AMB-29: replaces PREP-6; 8 points each, all spent, alternating from the First player', () => {
    const { state: s } = start({ territory: true }, prep().slice(0, 7));
    expect(s.prep).toBe('scenery');
    expect(code(s, { type: 'eden.place_scenery', player: 'B', element: 'tree' })).toBe('not_your_turn');
    expect(() => decide({ type: 'eden.place_scenery', player: 'A', element: 'castle' }, s, new FixedDice([]))).toThrow(InvalidInput);
    const { state: mid } = run(SCENERY.slice(0, 4), s);
    // B spent 5 + 3: A places the rest of his elements (EDEN-AMB-29)
    expect(mid.territory!.points).toEqual({ A: 2, B: 0 });
    expect(mid.territory!.next).toBe('A');
    expect(code(mid, { type: 'eden.place_scenery', player: 'B', element: 'tree' })).toBe('not_your_turn');
    expect(code(mid, { type: 'eden.place_scenery', player: 'A', element: 'rubbish_heap' })).toBe('insufficient_scenery_points');
    const { state } = run(SCENERY.slice(4), mid);
    expect(state.prep).toBe('deployment');
    expect(Object.keys(state.scenery)).toEqual(['lake', 'river', 'forest', 'heap', 'tree', 'bushes']);
    expect(state.scenery.tree).toMatchObject({ element: 'tree', owner: 'A', cost: 1, attacks: 0, fire: 0 });
  });

  it('EDEN-TERRAIN-1: without options.territory, scenery is not recorded', () => {
    const { state } = start({}, prep().slice(0, 7));
    expect(state.prep).toBe('deployment');
    expect(code(state, { type: 'eden.place_scenery', player: 'A', element: 'tree' })).toBe('option_disabled');
  });

  const played = () => start({ territory: true }, [...prep({ scenery: SCENERY }), ...toActivation, { type: 'eden.activate', player: 'A', fighterId: 'a1' }]).state;

  it('EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: automatic, 1 AP and one of the 2 Attacks; after X attacks a Devastated zone replaces it', () => {
    const s = played();
    expect(code(s, { type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'lake' })).toBe('not_destructible');
    const twice = run(
      [
        { type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'tree' },
        { type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'tree' },
      ],
      s,
    ).state;
    expect(twice.fighters.a1!.fighter.ap).toBe(1);
    expect(twice.scenery.tree!.attacks).toBe(2);
    expect(code(twice, { type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'tree' })).toBe('attack_limit');
    const { state, log } = run(
      [{ type: 'eden.end_activation' }, { type: 'eden.activate', player: 'B', fighterId: 'b1' }, { type: 'eden.attack_scenery', attacker: 'b1', sceneryId: 'tree' }],
      twice,
    );
    expect(log.at(-1)!.data).toMatchObject({ destroyed: true, attacks: 3 });
    expect(state.scenery.tree!.destroyed).toBe(true);
    expect(state.scenery['tree-devastated']).toMatchObject({ element: 'devastated_zone', owner: null });
    expect(code(state, { type: 'eden.attack_scenery', attacker: 'b1', sceneryId: 'tree' })).toBe('scenery_destroyed');
  });

  it('EDEN-TERRAIN-R-INFLAMMABLE: a burning element gains a Fire marker in upkeep (step 3), counting towards Destruction; contact gives 1 Fire marker', () => {
    const s = played();
    expect(code(s, { type: 'eden.ignite_scenery', fighterId: 'a1', sceneryId: 'river' })).toBe('not_inflammable');
    const lit = run(
      [
        { type: 'eden.ignite_scenery', fighterId: 'a1', sceneryId: 'tree', markers: 1 },
        { type: 'eden.scenery_contact', fighterId: 'a1', sceneryId: 'tree', moment: 'move_end' },
      ],
      s,
    );
    expect(lit.state.scenery.tree!.fire).toBe(1);
    expect(lit.log.at(-1)!.data.fireAdded).toBe(1);
    expect(lit.state.fighters.a1!.fighter.markers.fire).toBe(1);
    const up = run([{ type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }, { type: 'eden.pass', player: 'A' }], lit.state).state;
    // a1 burns in step 3: 3 damage dice of 1 and a location die; then the tree gains its marker
    const { state, log } = run([{ type: 'eden.upkeep' }], up, [1, 1, 1, 4]);
    expect(log.map((e) => e.type)).toEqual(['eden.upkeep_resolved', 'eden.scenery_burned', 'eden.victory_points_scored', 'eden.turn_started']);
    expect(state.scenery.tree!.fire).toBe(2);
    expect(state.scenery.tree!.destroyed).toBeUndefined();
  });

  it('EDEN-TERRAIN-R-HOSTILE: contact with a Dark forest → X wounds, a location roll each, protection ignored', () => {
    const { state, log } = run([{ type: 'eden.scenery_contact', fighterId: 'a1', sceneryId: 'forest' }], played(), [4]);
    expect(log[0]!.data).toEqual({
      fighterId: 'a1',
      sceneryId: 'forest',
      moment: 'activation_start',
      fireAdded: 0,
      changes: { a1: { wounds: { head: 0, arms: 0, torso: 1, legs: 0 } } },
      dice: { seed: null, values: [4] },
    });
    expect(state.fighters.a1!.fighter.wounds.torso).toBe(1);
    expect(code(played(), { type: 'eden.scenery_contact', fighterId: 'a2', sceneryId: 'forest' })).toBe('not_active');
  });

  it('EDEN-WEATHER-4 / EDEN-AMB-26: Thick fog also limits attacks on scenery to 15 cm', () => {
    let { state } = start({ territory: true, weather: true }, []);
    state = run([{ type: 'eden.roll_weather' }], state, [2, 3]).state;
    state = run([...prep({ scenery: SCENERY }), ...toActivation, { type: 'eden.activate', player: 'A', fighterId: 'a1' }], state).state;
    expect(code(state, { type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'tree', distance: 16 })).toBe('out_of_range');
    expect(run([{ type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'tree', distance: 15 }], state).state.scenery.tree!.attacks).toBe(1);
  });
});

describe('Infestation (EDEN-NPC-*, EDEN-UPKEEP-2)', () => {
  it('EDEN-NPC-2: step 6bis after the missions; Level X costs X points; alternate from the First player; 15 cm apart; a player who stops lets the other continue', () => {
    const { state: s } = start({ infestation: { level: 3 } }, prep().slice(0, 7));
    expect(s.prep).toBe('infestation');
    expect(s.infestation!.points).toEqual({ A: 3, B: 3 });
    expect(code(s, { type: 'eden.place_npc', player: 'B', npc: npc('n1'), level: 1 })).toBe('not_your_turn');
    expect(code(s, { type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 4 })).toBe('insufficient_infestation_points');
    expect(code(s, { type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 1, nearestNpcDistance: 14.9 })).toBe('npc_too_close');
    expect(code(s, { type: 'eden.place_npc', player: 'A', npc: npc('a2'), level: 1 })).toBe('duplicate_fighter_id');
    const { state } = run(
      [
        { type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 2, nearestNpcDistance: 15 },
        { type: 'eden.place_npc', player: 'B', npc: npc('n2'), level: 3 },
        { type: 'eden.stop_npc_placement', player: 'A' },
      ],
      s,
    );
    expect(state.prep).toBe('deployment');
    expect(state.npcs).toEqual({ n1: { level: 2, placedBy: 'A' }, n2: { level: 3, placedBy: 'B' } });
    expect(state.fighters.n1).toMatchObject({ side: 'npc' });
  });

  it('EDEN-NPC-2 (1): an agreed level when options.infestation gives none', () => {
    const { state: s } = start({ infestation: true }, prep().slice(0, 7));
    expect(code(s, { type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 1 })).toBe('level_not_set');
    const { state } = run(
      [
        { type: 'eden.set_infestation_level', level: 1 },
        { type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 1 },
        { type: 'eden.place_npc', player: 'B', npc: npc('n2'), level: 1 },
      ],
      s,
    );
    expect(state.prep).toBe('deployment');
  });

  const upkeepWithNpcs = () => start({ infestation: { level: 2 } }, [...prep({ npcs: NPCS }), ...toActivation, ...toUpkeep]).state;

  it('EDEN-UPKEEP-2 / EDEN-NPC-3: every NPC is activated (First player first, then alternately) before upkeep step 3', () => {
    const s = upkeepWithNpcs();
    expect(code(s, { type: 'eden.upkeep' })).toBe('npcs_pending');
    expect(code(s, { type: 'eden.activate_npc', player: 'B', npcId: 'n1' })).toBe('not_your_turn');
    expect(code(s, { type: 'eden.activate_npc', player: 'A', npcId: 'a1' })).toBe('not_an_npc');
    // EDEN-NPC-4 (3): nothing in contact or within 10 cm → Wander 5 cm
    const one = run([{ type: 'eden.activate_npc', player: 'A', npcId: 'n2', visible: [{ id: 'b1', distance: 10, lineOfSight: true }] }], s);
    expect(one.log[0]!.data.decision).toMatchObject({ action: 'wander', distance: 5 });
    expect(code(one.state, { type: 'eden.activate_npc', player: 'B', npcId: 'n2' })).toBe('already_activated');
    expect(code(one.state, { type: 'eden.upkeep' })).toBe('npcs_pending');
    // EDEN-NPC-4 (2): Charge the nearest fighter in LoS closer than 10 cm; EDEN-AMB-30: NPCs are ignored
    const two = run(
      [
        {
          type: 'eden.activate_npc',
          player: 'B',
          npcId: 'n1',
          visible: [
            { id: 'n2', distance: 1, lineOfSight: true },
            { id: 'a2', distance: 9.5, lineOfSight: true },
            { id: 'b2', distance: 5, lineOfSight: false },
          ],
        },
      ],
      one.state,
      [1, 1, 1, 1],
    );
    expect(two.log[0]!.data.decision).toMatchObject({ action: 'charge', targetId: 'a2' });
    const { log } = run([{ type: 'eden.upkeep' }], two.state);
    expect(log[0]!.type).toBe('eden.upkeep_resolved');
  });

  it('EDEN-NPC-4 (1) / EDEN-NPC-5: Attack is mandatory on a fighter in contact; the target reacts normally', () => {
    const s = upkeepWithNpcs();
    expect(code(s, { type: 'eden.activate_npc', player: 'A', npcId: 'n2', contacts: ['b1'], targetId: 'a1' })).toBe('illegal_target');
    // passive b1: NPC CBT 4 rolls 6,6,6,6 vs VIG 4 → 4 successes, location 6 (legs)
    const { state, log } = run([{ type: 'eden.activate_npc', player: 'A', npcId: 'n2', contacts: ['b1'], reaction: 'passive' }], s, [6, 6, 6, 6, 6]);
    expect(log[0]!.data.decision).toMatchObject({ action: 'attack', targetId: 'b1' });
    expect(state.fighters.b1!.fighter.wounds.legs).toBeGreaterThan(0);
  });

  it('EDEN-NPC-5 / EDEN-NPC-6: an NPC attacked in melee always Responds; putting it out of action earns its Level in VP at once', () => {
    const s = start({ infestation: { level: 2 } }, [...prep({ npcs: NPCS }), ...toActivation, { type: 'eden.activate', player: 'A', fighterId: 'a1' }]).state;
    const { state, log } = run([{ type: 'eden.melee', attacker: 'a1', target: 'n1', reaction: 'passive' }], s, [3, 5, 2, 2, 3, 6, 1, 4, 1, 5]);
    expect(log.map((e) => e.type)).toEqual(['eden.melee_resolved', 'eden.npc_eliminated']);
    expect(log[0]!.data.reaction).toBe('response');
    expect(log[1]!.data).toMatchObject({ npcId: 'n1', player: 'A', byFighter: 'a1', victoryPoints: 2 });
    expect(state.bands.A.victoryPoints).toBe(2);
    // an NPC out of action is not activated in upkeep step 2
    const up = run([{ type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }, { type: 'eden.pass', player: 'A' }], state).state;
    expect(code(up, { type: 'eden.upkeep' })).toBe('npcs_pending');
    expect(code(up, { type: 'eden.activate_npc', player: 'A', npcId: 'n1' })).toBe('out_of_action');
  });

  it('EDEN-WEATHER-2 / EDEN-GAME-2: NPCs are immune to Ionic storm and do not count for the end of the game', () => {
    let { state } = start({ infestation: { level: 2 }, weather: true }, []);
    state = run([{ type: 'eden.roll_weather' }], state, [1, 1]).state;
    state = run(
      [...prep({ npcs: NPCS }), ...toActivation, ...toUpkeep, { type: 'eden.activate_npc', player: 'A', npcId: 'n1' }, { type: 'eden.activate_npc', player: 'B', npcId: 'n2' }],
      state,
    ).state;
    const { log, rolled } = run([{ type: 'eden.upkeep' }], state, Array(16).fill(6));
    expect(log.some((e) => e.type === 'eden.weather_effects_resolved')).toBe(true);
    expect(rolled).toEqual(['a1 ionic storm VIG', 'b1 ionic storm VIG', 'a2 ionic storm VIG', 'b2 ionic storm VIG']);
    expect(log.at(-1)!.type).toBe('eden.turn_started');
  });
});
