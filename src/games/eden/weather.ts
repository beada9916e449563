/**
 * Weather (EDEN-WEATHER-1..9, ES optional rules). CONTRACT §1: two dice per weather roll.
 * EDEN-WEATHER-9 / EDEN-AMB-26: when combining 2 or 3 conditions, a repeated condition is re-rolled.
 */
import type { Dice } from '../dice/index.js';
import { weatherForTotal, type WeatherCondition, type WeatherEffect } from './catalog/weather.js';

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
export function rollWeatherOnce(dice: Dice, purpose = 'weather 2D6'): Omit<WeatherRoll, 'discarded'> {
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
