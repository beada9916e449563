/** The response schema of GET /v1/eden/catalog: every entry tagged with its printing(s) (EDEN-DOC-1). */
import { Type, type TProperties } from '@sinclair/typebox';
import { EquipmentSchema } from './schemas.js';
import { WeatherConditionSchema } from './phase-common.js';
import { WeatherEffectSchema } from './weather-schemas.js';
import { SCENERY_RULES } from '../rules/catalog/scenery.js';

const Edition = Type.Union([Type.Literal('es'), Type.Literal('de')]);

const PrintedNamesSchema = Type.Object(
  { en: Type.String(), es: Type.Optional(Type.String()), de: Type.Optional(Type.String()) },
  { title: 'PrintedNames', description: 'A name as printed in each edition (absent when that printing lacks it) plus English.' },
);

/** An entry of one or both printings, with its names. */
const tagged = (properties: TProperties, title: string, description?: string) =>
  Type.Object({ ...properties, editions: Type.Array(Edition, { description: 'The printing(s) the entry comes from.' }) }, { title, description });

const KeywordEntry = tagged(
  { id: Type.String({ description: 'The spelling of the category or effect field.' }), names: PrintedNamesSchema, rule: Type.String(), text: Type.String() },
  'CatalogKeyword',
);

const SceneryRuleIdSchema = Type.Union(
  SCENERY_RULES.map((r) => Type.Literal(r.id)),
  { description: 'A scenery rule (EDEN-TERRAIN-R-*).' },
);

const PartialLimb = Type.Object(
  {
    white: Type.Optional(Type.Integer()),
    red: Type.Optional(Type.Integer()),
    faces: Type.Optional(Type.Array(Type.Integer())),
    normal: Type.Optional(Type.Integer()),
    wounded: Type.Optional(Type.Integer()),
  },
  { description: 'A limb as far as the books print it.' },
);

export const CatalogSchema = {
  editions: Type.Array(Type.Object({ id: Edition, name: Type.String(), contents: Type.String() })),
  factions: Type.Array(
    tagged(
      {
        id: Type.String(),
        names: PrintedNamesSchema,
        aliases: Type.Array(Type.String(), { description: 'Other spellings accepted in requests.' }),
        recruitable: Type.Boolean({ description: 'EDEN-NPC-1: the NPC symbol can never be recruited.' }),
        rule: Type.String(),
      },
      'CatalogFaction',
    ),
  ),
  stigmas: Type.Array(tagged({ id: Type.String(), names: PrintedNamesSchema, aliases: Type.Array(Type.String()), rule: Type.String() }, 'CatalogStigma')),
  equipment: Type.Object({
    categories: Type.Array(KeywordEntry),
    effects: Type.Array(KeywordEntry),
    items: Type.Array(
      tagged(
        {
          id: Type.String(),
          names: PrintedNamesSchema,
          item: EquipmentSchema,
          profilePrinted: Type.Boolean({ description: 'False when the books name the item but print none of its values.' }),
          source: Type.String(),
        },
        'CatalogItem',
      ),
    ),
  }),
  scenery: Type.Object({
    pointsPerPlayer: Type.Integer({ description: 'Scenery Points per player (EDEN-TERRAIN-3).' }),
    rules: Type.Array(
      tagged(
        {
          id: SceneryRuleIdSchema,
          names: PrintedNamesSchema,
          rule: Type.String(),
          takesValue: Type.Boolean({ description: 'Whether the rule takes a value X (EDEN-TERRAIN-2: default 1 when omitted).' }),
        },
        'CatalogSceneryRule',
      ),
    ),
    elements: Type.Array(
      tagged(
        {
          id: Type.String(),
          names: PrintedNamesSchema,
          cost: Type.Integer({ description: 'Cost in Scenery Points.' }),
          rules: Type.Array(Type.Object({ rule: SceneryRuleIdSchema, value: Type.Optional(Type.Integer()) })),
          special: Type.Optional(Type.String()),
          rule: Type.String(),
        },
        'CatalogSceneryElement',
      ),
    ),
  }),
  weather: Type.Array(
    tagged(
      {
        condition: WeatherConditionSchema,
        min: Type.Integer({ description: 'Lowest 2D6 total (inclusive).' }),
        max: Type.Integer({ description: 'Highest 2D6 total (inclusive).' }),
        names: PrintedNamesSchema,
        rule: Type.String(),
        effect: WeatherEffectSchema,
      },
      'CatalogWeather',
    ),
  ),
  fighters: Type.Array(
    tagged(
      {
        id: Type.String({ description: 'Use as a roster entry: `{"ref": "<id>"}`.' }),
        names: PrintedNamesSchema,
        complete: Type.Boolean({ description: 'True when faction, stigma, Value and all four limbs are known (recruitable by ref).' }),
        faction: Type.Union([Type.String(), Type.Null()]),
        stigma: Type.Union([Type.String(), Type.Null()]),
        types: Type.Array(Type.String()),
        value: Type.Union([Type.Object({ es: Type.Optional(Type.Integer()), de: Type.Optional(Type.Integer()) }), Type.Null()], {
          description: 'EDEN-CARD-PROFILE-9: Value per printing (null: not printed).',
        }),
        limbs: Type.Object(
          { head: Type.Optional(PartialLimb), arms: Type.Optional(PartialLimb), torso: Type.Optional(PartialLimb), legs: Type.Optional(PartialLimb) },
          { description: 'Limb profiles as known (partial when the text gives only some values).' },
        ),
        equipment: Type.Array(Type.String()),
        sources: Type.Array(Type.String(), { description: 'Where each fact comes from.' }),
      },
      'CatalogFighter',
    ),
  ),
};
