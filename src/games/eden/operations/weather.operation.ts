/** `eden.weather` — POST /v1/eden/weather: the weather roll (EDEN-WEATHER-1..9). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { DiceSpecSchema, EditionSchema, FighterOutSchema, FighterSchema } from './schemas.js';
import {
  BandsOutSchema,
  BandsSchema,
  OPTIONAL_RULES_NOTE,
  PlayerSchema,
  WeatherConditionSchema,
  WeatherInputSchema,
  optionalRulesSource,
  tr,
  weatherList,
} from './phase-common.js';
import { WeatherConditionRollSchema, WeatherEffectEntrySchema, WeatherEffectSchema, WeatherRollSchema } from './weather-schemas.js';
import { applyWeatherEffects, rollWeather, type WeatherEffectEntry } from '../rules/weather.js';
import { tableFighters, type TableFighters } from '../rules/checks.js';
import type { FighterInput } from '../rules/fighter.js';
import { WEATHER_TABLE } from '../rules/catalog/weather.js';

export const edenWeatherOperation = defineOperation({
  id: 'eden.weather',
  method: 'POST',
  path: '/v1/eden/weather',
  graphql: { name: 'edenWeather' },
  tags: ['eden'],
  summary: 'EDEN weather: roll 2D6 on the weather table.',
  description: [
    'EDEN-WEATHER-1: two dice (CONTRACT §1), the sum looks up: 2 `ionic_storm` (end of turn VIG vs 6, failure → 1 Torso wound ignoring protection; NPCs immune), 3 `headwind` (Move 8 cm), 4–5 `thick_fog` (no target beyond 15 cm), 6–7 `normal`, 8–9 `mist` (deploy one fighter at a time), 10–11 `acid_rain` (end of turn free fighters VIG vs 5, failure → 1 Poison), 12 `snowstorm` (tactic cards cost 3 SP). `effect` holds every parameter.',
    "- EDEN-WEATHER-9 / EDEN-AMB-26: `conditions` (1–3) combines rolls; a repeated condition is re-rolled (the discarded roll stays in `rolls` and the transcript). End-of-turn effects resolve at upkeep step 11 in the First player's order; Headwind affects Move only (Engage keeps 10 cm); Fog applies to every chosen target but not Spray.",
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
      effect: WeatherEffectSchema,
      conditions: Type.Array(WeatherConditionRollSchema),
      rolls: Type.Array(WeatherRollSchema),
      edition: Type.Optional(EditionSchema),
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
    const summary = tr(
      {
        en: `Weather 2D6 (EDEN-WEATHER-1): ${list}.`,
        es: `Condiciones climáticas 2D6 (EDEN-WEATHER-1): ${list}.`,
        de: `Wetter 2W6 (EDEN-WEATHER-1, nur in der ES-Ausgabe): ${list}.`,
      },
      ctx.lang,
    );
    return { ...r, ...src, dice: dice.transcript(), summary };
  },
});

const weatherFighter = {
  id: 'y',
  name: 'Yûri',
  value: 25,
  limbs: {
    head: { white: 2, red: 2, faces: [1], normal: 4, wounded: 3 },
    arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
    torso: { white: 3, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
    legs: { white: 2, red: 1, faces: [6], normal: 5, wounded: 4 },
  },
};
const weatherFoe = { ...weatherFighter, id: 'g', name: 'Grunt' };

export const edenWeatherEffectsOperation = defineOperation({
  id: 'eden.weatherEffects',
  method: 'POST',
  path: '/v1/eden/weather/effects',
  graphql: { name: 'edenWeatherEffects' },
  tags: ['eden'],
  summary: 'EDEN end-of-turn weather: Ionic storm and Acid rain applied to both bands.',
  description: [
    'The end-of-turn weather effects (EDEN-UPKEEP-11; EDEN-AMB-26: resolved at upkeep step 11, in the order the First player chooses — the order of `conditions`).',
    '- `ionic_storm` (EDEN-WEATHER-2, «Al final de cada turno, cada combatiente efectúa una tirada de VIG con un dificultad de 6»): every fighter on the table rolls its current VIG against 6; 0 successes → 1 wound on the **Torso**, protection ignored (EDEN-EQUIP-3), possibly out of action. NPCs are immune («Los CNJ son inmunes»): `npcs` and band fighters flagged NPC do not roll.',
    "- `acid_rain` (EDEN-WEATHER-7, «los combatientes libres efectúan una tirada de VIG con una dificultad de 5»): every **free** fighter rolls VIG against 5; 0 successes → 1 Poison marker. Fighters whose id is in `engaged` (an adversary's base touches theirs, EDEN-CONTACT-1) do not roll. NPCs are not immune and roll when free.",
    '- Other conditions have no end-of-turn effect and are listed in `skipped`; a condition given twice acts once (EDEN-AMB-26).',
    'Dice (CONTRACT §1 style): for each condition in order, fighters alternate A, B, A… from `firstPlayer`, each band in listed order (when one side has none left the other continues), then NPCs; each roll is one characteristic roll (EDEN-ROLL-1..3: a VIG ≤ 0 fails without dice). Fighters already out of action (or put out of action by the storm) do not roll.',
    '- ' + OPTIONAL_RULES_NOTE,
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    conditions: WeatherInputSchema,
    firstPlayer: PlayerSchema,
    bands: BandsSchema,
    npcs: Type.Optional(Type.Array(FighterSchema, { maxItems: 50, description: 'NPCs on the table (Infestation).' })),
    engaged: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200, description: 'Ids of fighters that are not free (Acid rain spares them).' })),
    dice: Type.Optional(DiceSpecSchema),
  }),
  examples: [
    {
      summary: 'Ionic storm, fixed dice',
      value: { conditions: 'ionic_storm', firstPlayer: 'A', bands: { A: [weatherFighter], B: [weatherFoe] }, dice: { values: [1, 2, 3, 4, 6, 1, 1, 1] } },
    },
    {
      summary: 'Acid rain; Grunt is engaged',
      value: { conditions: ['acid_rain'], firstPlayer: 'B', bands: { A: [weatherFighter], B: [weatherFoe] }, engaged: ['g'], dice: { seed: 'rain' } },
    },
  ],
  response: Type.Object(
    {
      bands: BandsOutSchema,
      npcs: Type.Array(FighterOutSchema),
      log: Type.Array(WeatherEffectEntrySchema, { description: 'One entry per effect applied.' }),
      skipped: Type.Array(Type.String()),
      edition: Type.Optional(EditionSchema),
      rulesFrom: Type.Literal('es'),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const table = tableFighters({ bands: input.bands, npcs: input.npcs ?? [] } as TableFighters<FighterInput>);
    const dice = ctx.dice(input.dice);
    const r = applyWeatherEffects({ conditions: weatherList(input.conditions), firstPlayer: input.firstPlayer, ...table, engaged: input.engaged }, dice);
    const entry = (e: WeatherEffectEntry): string => {
      const res =
        e.effect === 'torso_wound'
          ? tr({ en: `Torso wound, ${e.marked} PC lost`, es: `herida en el torso, ${e.marked} PC perdidos`, de: `Rumpfwunde, ${e.marked} KP verloren` }, ctx.lang)
          : e.effect === 'poison'
            ? tr({ en: '1 Poison marker', es: '1 marcador de Veneno', de: '1 Giftmarker' }, ctx.lang)
            : tr({ en: 'no effect', es: 'sin efecto', de: 'keine Wirkung' }, ctx.lang);
      return `${e.fighterId}: VIG ${e.roll.value} vs ${e.roll.difficulty}, ${e.roll.successes} → ${res} (${e.rule})`;
    };
    const body = r.log.length ? r.log.map(entry).join('; ') : tr({ en: 'nobody rolls', es: 'nadie tira', de: 'niemand würfelt' }, ctx.lang);
    const summary = tr(
      {
        en: `End-of-turn weather (EDEN-UPKEEP-11, EDEN-AMB-26): ${body}.`,
        es: `Clima al final del turno (EDEN-UPKEEP-11, EDEN-AMB-26): ${body}.`,
        de: `Wetter am Rundenende (EDEN-UPKEEP-11, EDEN-AMB-26, nur in der ES-Ausgabe): ${body}.`,
      },
      ctx.lang,
    );
    return { ...r, ...optionalRulesSource(input.edition), dice: dice.transcript(), summary };
  },
});
