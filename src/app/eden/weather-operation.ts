/** `eden.weather` — POST /v1/eden/weather: the weather roll (EDEN-WEATHER-1..9). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../schemas/common.js';
import { DiceSpecSchema, EditionSchema } from './schemas.js';
import { OPTIONAL_RULES_NOTE, WeatherConditionSchema, optionalRulesSource, tr } from './phase-common.js';
import { rollWeather } from '../../games/eden/weather.js';
import { WEATHER_TABLE } from '../../games/eden/catalog/weather.js';

export const edenWeatherOperation = defineOperation({
  id: 'eden.weather',
  method: 'POST',
  path: '/v1/eden/weather',
  graphql: { name: 'edenWeather', kind: 'mutation' },
  tags: ['eden'],
  summary: 'EDEN weather: roll 2D6 on the weather table.',
  description: [
    'EDEN-WEATHER-1: two dice (CONTRACT §1), the sum looks up: 2 `ionic_storm` (end of turn VIG vs 6, failure → 1 Torso wound ignoring protection; NPCs immune), 3 `headwind` (Move 8 cm), 4–5 `thick_fog` (no target beyond 15 cm), 6–7 `normal`, 8–9 `mist` (deploy one fighter at a time), 10–11 `acid_rain` (end of turn free fighters VIG vs 5, failure → 1 Poison), 12 `snowstorm` (tactic cards cost 3 SP). `effect` holds every parameter.',
    '- EDEN-WEATHER-9 / EDEN-AMB-26: `conditions` (1–3) combines rolls; a repeated condition is re-rolled (the discarded roll stays in `rolls` and the transcript). End-of-turn effects resolve at upkeep step 11 in the First player\'s order; Headwind affects Move only (Engage keeps 10 cm); Fog applies to every chosen target but not Spray.',
    '- ' + OPTIONAL_RULES_NOTE,
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    conditions: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'How many distinct conditions to roll (EDEN-WEATHER-9); default 1.' })),
    dice: Type.Optional(DiceSpecSchema),
  }),
  examples: [
    { summary: 'Fixed dice 6 + 6: snowstorm', value: { dice: { values: [6, 6] } } },
    { summary: 'Two seeded conditions', value: { conditions: 2, dice: { seed: 'weather' } } },
  ],
  response: Type.Object(
    {
      total: Type.Integer({ minimum: 2, maximum: 12 }),
      condition: WeatherConditionSchema,
      rule: Type.String(),
      effect: Type.Object({}, { additionalProperties: true }),
      conditions: Type.Array(Type.Object({}, { additionalProperties: true })),
      rolls: Type.Array(Type.Object({}, { additionalProperties: true })),
      rulesFrom: Type.Literal('es'),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const dice = ctx.dice(input.dice);
    const r = rollWeather(dice, input.conditions ?? 1);
    const src = optionalRulesSource(input.edition);
    const name = (c: string) => {
      const row = WEATHER_TABLE.find((w) => w.condition === c)!;
      return ctx.lang === 'es' ? row.names.es! : row.names.en;
    };
    const list = r.conditions.map((c) => `${c.total} → ${name(c.condition)} (${c.rule})`).join('; ');
    const summary = tr({ en: `Weather 2D6 (EDEN-WEATHER-1): ${list}.`, es: `Condiciones climáticas 2D6 (EDEN-WEATHER-1): ${list}.`, de: `Wetter 2W6 (EDEN-WEATHER-1, nur in der ES-Ausgabe): ${list}.` }, ctx.lang);
    return { ...r, ...src, dice: dice.transcript(), summary };
  },
});
