/** Pieces shared by the EDEN phase operations (roster, upkeep, weather, initiative, NPC, tactics, terrain). */
import { Type } from '@sinclair/typebox';
import type { Lang } from '../../../kernel/i18n.js';
import { WEATHER_CONDITIONS } from '../rules/catalog/weather.js';
import type { EditionId } from '../rules/catalog/types.js';
import { FighterOutSchema, FighterSchema } from './schemas.js';

export type Text = Record<Lang, string>;
export const tr = (t: Text, lang: Lang): string => t[lang];

export const PlayerSchema = Type.Union([Type.Literal('A'), Type.Literal('B')], { description: 'A player: `A` or `B`.' });

/** Whose fighter: a player's band or the NPCs on the table. */
export const TableSideSchema = Type.Union([PlayerSchema, Type.Literal('npc')], { title: 'TableSide', description: 'A band (`A`, `B`) or the NPCs (`npc`).' });

const Band = Type.Array(FighterSchema, { maxItems: 50 });

/** Both bands on the table, each in its listed order (upkeep, end-of-turn weather). */
export const BandsSchema = Type.Object({ A: Band, B: Band });

/** Both bands as answered: the fighters in the order sent, with `outOfAction`. */
export const BandsOutSchema = Type.Object({ A: Type.Array(FighterOutSchema), B: Type.Array(FighterOutSchema) });

export const WeatherConditionSchema = Type.Union(
  WEATHER_CONDITIONS.map((c) => Type.Literal(c)),
  { description: 'A weather condition (EDEN-WEATHER-2..8).' },
);

/** Weather given as one condition or a list (EDEN-WEATHER-9). */
export const WeatherInputSchema = Type.Union([WeatherConditionSchema, Type.Array(WeatherConditionSchema, { maxItems: 3 })], {
  description: 'Weather condition(s) in play (EDEN-WEATHER-1..9): one name or a list.',
});

export function weatherList(w: string | string[] | undefined): (typeof WEATHER_CONDITIONS)[number][] {
  if (w === undefined) return [];
  return (Array.isArray(w) ? w : [w]) as (typeof WEATHER_CONDITIONS)[number][];
}

/**
 * The optional rules (Territory, Infestation, Weather) are printed only in ES; DE says «Die
 * Erweiterten Regeln sind Teil der kompletten Version der Regeln». Both editions get the ES text.
 */
export function optionalRulesSource(edition: EditionId | undefined): { edition: EditionId; rulesFrom: 'es'; note: string | null } {
  const e = edition ?? 'es';
  return {
    edition: e,
    rulesFrom: 'es',
    note: e === 'de' ? 'The DE printing has no optional rules (it refers to the complete rules); the ES text is applied (EDEN-DOC-1).' : null,
  };
}

export const OPTIONAL_RULES_NOTE =
  'Optional rule printed only in the ES book (DE: «Die Erweiterten Regeln sind Teil der kompletten Version der Regeln»): with `edition: "de"` the ES text is applied and the response says so (`rulesFrom: "es"`, `note`).';
