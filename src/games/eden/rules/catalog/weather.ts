/**
 * The weather table (EDEN-WEATHER-1..8, ES «Condiciones climáticas»; absent from DE, which points
 * to the complete rules). Every effect parameter is machine-readable.
 */
import type { PrintedNames, Tagged } from './types.js';

export type WeatherCondition = 'ionic_storm' | 'headwind' | 'thick_fog' | 'normal' | 'mist' | 'acid_rain' | 'snowstorm';

export interface WeatherEffect {
  /** When the effect applies. */
  timing: 'end_of_turn' | 'move_action' | 'targeting' | 'deployment' | 'tactical_phase' | 'none';
  /** End-of-turn roll: characteristic, difficulty, who rolls. */
  roll?: { characteristic: 'VIG'; difficulty: number; who: 'every_fighter' | 'free_fighters'; npcsImmune: boolean };
  /** What 0 successes on that roll does. */
  onFailure?: { wounds?: number; limb?: 'torso'; ignoreProtection?: boolean; poison?: number };
  /** Headwind: Move covers this many cm (10 normally); EDEN-AMB-26: Engage keeps 10. */
  moveDistance?: number;
  engageDistance?: number;
  /** Thick fog: no action may target anything strictly farther than this (cm). */
  maxTargetDistance?: number;
  /** Thick fog (EDEN-AMB-26): Spray has no chosen target and is unaffected. */
  sprayAffected?: boolean;
  /** Mist: deployment alternates one fighter at a time, First player first. */
  deployment?: 'alternate_one_by_one';
  /** Snowstorm: SP cost of a tactic card (2 normally). */
  tacticCost?: number;
}

export interface WeatherEntry extends Tagged {
  condition: WeatherCondition;
  /** Inclusive 2D6 totals. */
  min: number;
  max: number;
  names: PrintedNames;
  rule: string;
  effect: WeatherEffect;
}

export const WEATHER_TABLE: readonly WeatherEntry[] = [
  {
    condition: 'ionic_storm',
    min: 2,
    max: 2,
    names: { en: 'Ionic storm', es: 'Tempestad iónica' },
    rule: 'EDEN-WEATHER-2',
    editions: ['es'],
    effect: {
      timing: 'end_of_turn',
      roll: { characteristic: 'VIG', difficulty: 6, who: 'every_fighter', npcsImmune: true },
      onFailure: { wounds: 1, limb: 'torso', ignoreProtection: true },
    },
  },
  {
    condition: 'headwind',
    min: 3,
    max: 3,
    names: { en: 'Headwind', es: 'Viento contrario' },
    rule: 'EDEN-WEATHER-3',
    editions: ['es'],
    effect: { timing: 'move_action', moveDistance: 8, engageDistance: 10 },
  },
  {
    condition: 'thick_fog',
    min: 4,
    max: 5,
    names: { en: 'Thick fog', es: 'Niebla espesa' },
    rule: 'EDEN-WEATHER-4',
    editions: ['es'],
    effect: { timing: 'targeting', maxTargetDistance: 15, sprayAffected: false },
  },
  { condition: 'normal', min: 6, max: 7, names: { en: 'Normal weather', es: 'El tiempo normal' }, rule: 'EDEN-WEATHER-5', editions: ['es'], effect: { timing: 'none' } },
  {
    condition: 'mist',
    min: 8,
    max: 9,
    names: { en: 'Mist', es: 'Bruma' },
    rule: 'EDEN-WEATHER-6',
    editions: ['es'],
    effect: { timing: 'deployment', deployment: 'alternate_one_by_one' },
  },
  {
    condition: 'acid_rain',
    min: 10,
    max: 11,
    names: { en: 'Acid rain', es: 'Lluvia ácida' },
    rule: 'EDEN-WEATHER-7',
    editions: ['es'],
    effect: { timing: 'end_of_turn', roll: { characteristic: 'VIG', difficulty: 5, who: 'free_fighters', npcsImmune: false }, onFailure: { poison: 1 } },
  },
  {
    condition: 'snowstorm',
    min: 12,
    max: 12,
    names: { en: 'Snowstorm', es: 'Tormenta de nieve' },
    rule: 'EDEN-WEATHER-8',
    editions: ['es'],
    effect: { timing: 'tactical_phase', tacticCost: 3 },
  },
];

export const WEATHER_CONDITIONS: readonly WeatherCondition[] = WEATHER_TABLE.map((w) => w.condition);

/** EDEN-WEATHER-1: the row for a 2D6 total (2..12). */
export function weatherForTotal(total: number): WeatherEntry {
  const row = WEATHER_TABLE.find((w) => total >= w.min && total <= w.max);
  if (!row) throw new RangeError(`2D6 total ${total} is outside 2..12`);
  return row;
}
