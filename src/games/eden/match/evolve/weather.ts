/** Folding the Weather events (§18): the conditions rolled (EDEN-WEATHER-1) and the end-of-turn effects (EDEN-UPKEEP-11). */
import { current } from '../event-versions.js';
import { applyChanges, type EvolverTable } from './fold.js';

export const WEATHER_EVENTS: EvolverTable<'eden.weather_rolled' | 'eden.weather_effects_resolved'> = {
  'eden.weather_rolled': (state, d) => ({ ...state, weather: [...d.conditions], prep: 'bands' }),
  // event schema v2 (event-versions.ts; v1 data is upcast first)
  'eden.weather_effects_resolved': (state, d) => applyChanges(state, current('eden.weather_effects_resolved', d).changes),
};
