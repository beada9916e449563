/**
 * Optional rule: Weather (§18, EDEN-WEATHER-*): the command's schema, documentation, preconditions
 * (the option and the preparation step) and handler.
 */
import { diceFact } from '../../../kernel/dice/facts.js';
import { rollWeather } from '../rules/weather.js';
import { defineCommand } from './preconditions.js';
import { commandSchema } from '../../../kernel/commands.js';

export const WEATHER_COMMANDS = {
  /** EDEN-PREP-0 / EDEN-WEATHER-1: 2D6 before step 1; EDEN-WEATHER-9: options.weather rolls (repeats re-rolled, EDEN-AMB-26). */
  'eden.roll_weather': defineCommand({
    schema: commandSchema('eden.roll_weather', {}),
    description:
      'EDEN-PREP-0 / EDEN-WEATHER-1..9 (options.weather: true or 1..3 conditions): 2D6 per condition before preparation step 1; repeats re-rolled (EDEN-AMB-26). Dice: two per condition, in order, re-rolls after the roll they replace.',
    example: { dice: { values: [3, 4] } },
    preconditions: {
      option: { rule: 'weather', what: 'Rolling the weather (EDEN-WEATHER-1)' },
      stage: { phase: 'preparation', prep: 'weather', what: 'Rolling the weather (EDEN-PREP-0)' },
    },
    decide(_cmd, state, dice) {
      const r = rollWeather(dice, state.options.weather);
      return [
        {
          type: 'eden.weather_rolled',
          data: { conditions: r.conditions.map((c) => c.condition), rules: r.conditions.map((c) => c.rule), rolls: r.rolls, dice: diceFact(dice.transcript()) },
        },
      ];
    },
  }),
};
