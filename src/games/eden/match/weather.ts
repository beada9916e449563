/** Optional rule: Weather (§18, EDEN-WEATHER-*). The option and the preparation step are checked by the dispatcher. */
import { diceFact } from '../../../kernel/dice/facts.js';
import { rollWeather } from '../rules/weather.js';
import type { Handler } from './preconditions.js';

/** EDEN-PREP-0 / EDEN-WEATHER-1: 2D6 before step 1; EDEN-WEATHER-9: options.weather rolls (repeats re-rolled, EDEN-AMB-26). */
export const rollWeatherCommand: Handler<'eden.roll_weather'> = (_cmd, state, dice) => {
  const r = rollWeather(dice, state.options.weather);
  return [
    {
      type: 'eden.weather_rolled',
      data: { conditions: r.conditions.map((c) => c.condition), rules: r.conditions.map((c) => c.rule), rolls: r.rolls, dice: diceFact(dice.transcript()) },
    },
  ];
};
