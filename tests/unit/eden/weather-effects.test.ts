import { describe, expect, it } from 'vitest';
import { applyWeatherEffects } from '../../../src/games/eden/rules/weather.js';
import { dice, grunt, yuri } from '../../fixtures/eden-fighters.js';

describe('EDEN end-of-turn weather (EDEN-UPKEEP-11, EDEN-AMB-26)', () => {
  it('EDEN-WEATHER-2: Ionic storm — VIG vs 6; 0 successes → 1 Torso wound ignoring protection; one success → nothing', () => {
    const armoured = yuri({ equipment: [{ name: 'Armour', categories: ['protection'], protection: { limbs: 'all', value: 3 } }] });
    const d = dice(1, 2, 3, 5, /* B */ 6, 1, 1, 1);
    const r = applyWeatherEffects({ conditions: ['ionic_storm'], firstPlayer: 'A', bands: { A: [armoured], B: [grunt('g')] } }, d);
    expect(r.log.map((e) => [e.fighterId, e.roll.successes, e.effect, e.marked])).toEqual([
      ['yuri-1', 0, 'torso_wound', 1],
      ['g', 1, 'none', 0],
    ]);
    expect(r.bands.A[0]!.wounds.torso).toBe(1);
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['yuri-1 ionic storm VIG', 'g ionic storm VIG']);
  });

  it('EDEN-WEATHER-2: NPCs are immune to the Ionic storm (no dice consumed)', () => {
    const r = applyWeatherEffects({ conditions: ['ionic_storm'], firstPlayer: 'A', bands: { A: [], B: [] }, npcs: [grunt('n', {}, { npc: true })] }, dice());
    expect(r.log).toEqual([]);
  });

  it('EDEN-WEATHER-7: Acid rain — free fighters roll VIG vs 5; 0 successes → 1 Poison marker; engaged fighters and NPCs in contact do not roll', () => {
    const d = dice(1, 1, 1, 1, /* npc */ 5, 1, 1, 1);
    const r = applyWeatherEffects(
      { conditions: ['acid_rain'], firstPlayer: 'B', bands: { A: [grunt('a')], B: [grunt('b')] }, npcs: [grunt('n', {}, { npc: true })], engaged: ['b'] },
      d,
    );
    expect(r.log.map((e) => [e.side, e.fighterId, e.effect])).toEqual([
      ['A', 'a', 'poison'],
      ['npc', 'n', 'none'],
    ]);
    expect(r.bands.A[0]!.markers.poison).toBe(1);
    expect(r.bands.B[0]!.markers.poison).toBe(0);
  });

  it('EDEN-AMB-26: conditions resolve in the given order, fighters alternate from the First player; others are skipped', () => {
    const d = dice(6, 6, 6, 6, /* b storm */ 6, 6, 6, 6, /* a rain */ 5, 1, 1, 1, /* b rain */ 5, 1, 1, 1);
    const r = applyWeatherEffects({ conditions: ['headwind', 'ionic_storm', 'acid_rain', 'ionic_storm'], firstPlayer: 'A', bands: { A: [grunt('a')], B: [grunt('b')] } }, d);
    expect(r.skipped).toEqual(['headwind']);
    expect(r.log.map((e) => `${e.condition}:${e.fighterId}`)).toEqual(['ionic_storm:a', 'ionic_storm:b', 'acid_rain:a', 'acid_rain:b']);
  });

  it('EDEN-WEATHER-2 / EDEN-WOUND-4: a fighter put out of action by the storm does not roll for Acid rain', () => {
    const r = applyWeatherEffects({ conditions: ['ionic_storm', 'acid_rain'], firstPlayer: 'A', bands: { A: [grunt('a', {}, { wounds: { torso: 2 } })], B: [] } }, dice(1, 1, 1));
    // Torso Wounded: VIG 3 → 3 dice; the wound fills the torso
    expect(r.log).toHaveLength(1);
    expect(r.bands.A[0]!.outOfAction).toBe(true);
  });
});
