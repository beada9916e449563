/** The Weather events (§18): the conditions rolled (EDEN-WEATHER-1) and the end-of-turn effects (EDEN-UPKEEP-11): their data and their folds. */
import type { FoldTable } from '../../../../kernel/folds.js';
import type { DiceFact } from '../../../../kernel/dice/facts.js';
import type { WeatherCondition } from '../../rules/catalog/weather.js';
import { current } from '../event-versions.js';
import type { EdenMatchState, FighterChanges } from '../state.js';
import { applyChanges } from './fold.js';

export type WeatherEvent =
  | { type: 'eden.weather_rolled'; data: { conditions: WeatherCondition[]; rules: string[]; rolls: unknown[]; dice: DiceFact } }
  | {
      type: 'eden.weather_effects_resolved';
      /** v2: `engaged` the fighters named not free (EDEN-WEATHER-7; absent from v1 data, which did not keep it). */
      data: { turn: number; conditions: WeatherCondition[]; engaged?: string[]; changes: FighterChanges; dice: DiceFact };
    };

export const WEATHER_FOLDS: FoldTable<EdenMatchState, WeatherEvent> = {
  'eden.weather_rolled': (state, d) => ({ ...state, weather: [...d.conditions], prep: 'bands' }),
  // event schema v2 (event-versions.ts; v1 data is upcast first)
  'eden.weather_effects_resolved': (state, d) => applyChanges(state, current('eden.weather_effects_resolved', d).changes),
};
