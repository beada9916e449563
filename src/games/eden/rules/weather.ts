/**
 * Weather (EDEN-WEATHER-1..9, ES optional rules). CONTRACT §1: two dice per weather roll.
 * EDEN-WEATHER-9 / EDEN-AMB-26: when combining 2 or 3 conditions, a repeated condition is re-rolled.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { WEATHER_TABLE, weatherForTotal, type WeatherCondition, type WeatherEffect } from './catalog/weather.js';
import { addMarkers, characteristic, isNpc, isOutOfAction, markWounds, type Fighter } from './fighter.js';
import { characteristicRoll, type CharacteristicRoll } from './rolls.js';
import type { Player } from './initiative.js';

export interface WeatherRoll {
  dice: [number, number];
  total: number;
  condition: WeatherCondition;
  rule: string;
  effect: WeatherEffect;
  /** True when this roll repeated an earlier condition and was re-rolled (EDEN-AMB-26). */
  discarded: boolean;
}

export interface WeatherResult {
  /** The first condition (the whole result when a single roll is made). */
  total: number;
  condition: WeatherCondition;
  rule: string;
  effect: WeatherEffect;
  /** Every condition in play, in roll order (one unless `conditions` > 1). */
  conditions: { total: number; condition: WeatherCondition; rule: string; effect: WeatherEffect }[];
  rolls: WeatherRoll[];
}

/** EDEN-WEATHER-1: 2D6, the sum looks up the table. */
function rollWeatherOnce(dice: Dice, purpose = 'weather 2D6'): Omit<WeatherRoll, 'discarded'> {
  const [a, b] = dice.roll(purpose, 2, 6) as [number, number];
  const total = a + b;
  const row = weatherForTotal(total);
  return { dice: [a, b], total, condition: row.condition, rule: row.rule, effect: row.effect };
}

/** Roll `count` (1..3) distinct conditions (EDEN-WEATHER-9; repeats re-rolled per EDEN-AMB-26). */
export function rollWeather(dice: Dice, count = 1): WeatherResult {
  const rolls: WeatherRoll[] = [];
  const kept: WeatherRoll[] = [];
  while (kept.length < count) {
    const roll = rollWeatherOnce(dice, `weather 2D6 (condition ${kept.length + 1})`);
    // EDEN-AMB-26: a repeated result is re-rolled
    const discarded = kept.some((k) => k.condition === roll.condition);
    const entry = { ...roll, discarded };
    rolls.push(entry);
    if (!discarded) kept.push(entry);
  }
  const first = kept[0]!;
  return {
    total: first.total,
    condition: first.condition,
    rule: first.rule,
    effect: first.effect,
    conditions: kept.map((k) => ({ total: k.total, condition: k.condition, rule: k.rule, effect: k.effect })),
    rolls,
  };
}

/* ------------------------------------------------------------------------------------------------
 * End-of-turn weather effects (EDEN-WEATHER-2 Ionic storm, EDEN-WEATHER-7 Acid rain), resolved at
 * upkeep step 11 (EDEN-UPKEEP-11) in the order the First player chooses (EDEN-AMB-26).
 * ---------------------------------------------------------------------------------------------- */

export interface WeatherEffectsInput {
  /** Conditions in play, in the order the First player resolves them (EDEN-AMB-26). */
  conditions: WeatherCondition[];
  firstPlayer: Player;
  bands: Record<Player, Fighter[]>;
  /** NPCs on the table: immune to Ionic storm, not to Acid rain (only "free" matters there). */
  npcs?: Fighter[];
  /** Ids of fighters that are not free (an adversary's base touches theirs): Acid rain spares them. */
  engaged?: string[];
}

export type WeatherSide = Player | 'npc';

export interface WeatherEffectEntry {
  condition: WeatherCondition;
  rule: string;
  side: WeatherSide;
  fighterId: string;
  /** The VIG roll (difficulty 6 storm, 5 acid rain). */
  roll: CharacteristicRoll;
  /** What 0 successes did: a Torso wound (storm), a Poison marker (acid rain), or nothing. */
  effect: 'torso_wound' | 'poison' | 'none';
  marked: number;
  outOfAction: boolean;
}

export interface WeatherEffectsResult {
  bands: Record<Player, Fighter[]>;
  npcs: Fighter[];
  log: WeatherEffectEntry[];
  /** Conditions given that have no end-of-turn effect (headwind, fog, mist, normal, snowstorm). */
  skipped: WeatherCondition[];
}

/** First player's next fighter, then the other's, alternating; NPCs after both (as in upkeep). */
function alternateOrder(first: Player, queues: Record<WeatherSide, number[]>): { side: WeatherSide; index: number }[] {
  const second: Player = first === 'A' ? 'B' : 'A';
  const q: Record<Player, number[]> = { A: [...queues.A], B: [...queues.B] };
  const order: { side: WeatherSide; index: number }[] = [];
  let turn: Player = first;
  while (q.A.length > 0 || q.B.length > 0) {
    const next = q[turn].shift();
    if (next !== undefined) order.push({ side: turn, index: next });
    turn = turn === first ? second : first;
  }
  for (const index of queues.npc) order.push({ side: 'npc', index });
  return order;
}

export function applyWeatherEffects(input: WeatherEffectsInput, dice: Dice): WeatherEffectsResult {
  const state: Record<WeatherSide, Fighter[]> = { A: [...input.bands.A], B: [...input.bands.B], npc: [...(input.npcs ?? [])] };
  const engaged = new Set(input.engaged ?? []);
  const log: WeatherEffectEntry[] = [];
  const skipped: WeatherCondition[] = [];
  const seen = new Set<WeatherCondition>();
  const gone = (f: Fighter) => f.outOfAction === true || isOutOfAction(f);

  for (const condition of input.conditions) {
    // EDEN-AMB-26: a condition in play twice acts once (repeats are re-rolled when combining)
    if (seen.has(condition)) continue;
    seen.add(condition);
    const row = WEATHER_TABLE.find((w) => w.condition === condition)!;
    if (condition !== 'ionic_storm' && condition !== 'acid_rain') {
      skipped.push(condition);
      continue;
    }
    const storm = condition === 'ionic_storm';
    const affected = (side: WeatherSide) =>
      state[side]
        .map((f, i) => ({ f, i }))
        .filter(({ f }) => {
          if (gone(f)) return false;
          // EDEN-WEATHER-2: «Los CNJ son inmunes a esta regla»
          if (storm) return side !== 'npc' && !isNpc(f);
          // EDEN-WEATHER-7: «los combatientes libres» — fighters in contact with an adversary are spared
          return !engaged.has(f.id);
        })
        .map(({ i }) => i);
    for (const slot of alternateOrder(input.firstPlayer, { A: affected('A'), B: affected('B'), npc: affected('npc') })) {
      let f = state[slot.side][slot.index]!;
      const difficulty = storm ? 6 : 5;
      const roll = characteristicRoll(dice, `${f.id} ${storm ? 'ionic storm' : 'acid rain'} VIG`, characteristic(f, 'VIG'), difficulty);
      let effect: WeatherEffectEntry['effect'] = 'none';
      let marked = 0;
      if (roll.successes === 0) {
        if (storm) {
          // EDEN-WEATHER-2: one wound on the Torso, protection ignored
          const r = markWounds(f, 'torso', 1, { ignoreProtection: true });
          f = r.fighter;
          marked = r.marked;
          effect = 'torso_wound';
        } else {
          // EDEN-WEATHER-7: one Poison marker
          f = addMarkers(f, { poison: 1 });
          effect = 'poison';
        }
        state[slot.side][slot.index] = f;
      }
      log.push({ condition, rule: row.rule, side: slot.side, fighterId: f.id, roll, effect, marked, outOfAction: isOutOfAction(f) });
    }
  }
  const out = (f: Fighter): Fighter => ({ ...f, outOfAction: gone(f) });
  return { bands: { A: state.A.map(out), B: state.B.map(out) }, npcs: state.npc.map(out), log, skipped };
}
