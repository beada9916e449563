/** Response schemas of the EDEN weather table, rolls and end-of-turn effects (EDEN-WEATHER-1..9). */
import { Type } from '@sinclair/typebox';
import { RollSchema } from './schemas.js';
import { TableSideSchema, WeatherConditionSchema } from './phase-common.js';

const lit = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

/** Every effect parameter of one weather condition; only the members of that condition are present. */
export const WeatherEffectSchema = Type.Object(
  {
    timing: lit(['end_of_turn', 'move_action', 'targeting', 'deployment', 'tactical_phase', 'none'], 'When the effect applies.'),
    roll: Type.Optional(
      Type.Object(
        {
          characteristic: Type.Literal('VIG'),
          difficulty: Type.Integer(),
          who: lit(['every_fighter', 'free_fighters']),
          npcsImmune: Type.Boolean(),
        },
        { description: 'End-of-turn roll: characteristic, difficulty, who rolls.' },
      ),
    ),
    onFailure: Type.Optional(
      Type.Object(
        {
          wounds: Type.Optional(Type.Integer()),
          limb: Type.Optional(Type.Literal('torso')),
          ignoreProtection: Type.Optional(Type.Boolean()),
          poison: Type.Optional(Type.Integer()),
        },
        { description: 'What 0 successes on that roll does.' },
      ),
    ),
    moveDistance: Type.Optional(Type.Integer({ description: 'Headwind: cm a Move covers (EDEN-AMB-26: Engage keeps 10).' })),
    engageDistance: Type.Optional(Type.Integer()),
    maxTargetDistance: Type.Optional(Type.Integer({ description: 'Thick fog: nothing strictly farther (cm) may be targeted.' })),
    sprayAffected: Type.Optional(Type.Boolean({ description: 'Thick fog (EDEN-AMB-26): Spray has no chosen target and is unaffected.' })),
    deployment: Type.Optional(Type.Literal('alternate_one_by_one', { description: 'Mist: deployment alternates one fighter at a time.' })),
    tacticCost: Type.Optional(Type.Integer({ description: 'Snowstorm: SP cost of a tactic card.' })),
  },
  { title: 'WeatherEffect', description: 'The machine-readable effect of a weather condition.' },
);

export const WeatherConditionRollSchema = Type.Object({
  total: Type.Integer({ minimum: 2, maximum: 12 }),
  condition: WeatherConditionSchema,
  rule: Type.String(),
  effect: WeatherEffectSchema,
});

export const WeatherRollSchema = Type.Object({
  dice: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { description: 'The two dice.' }),
  total: Type.Integer({ minimum: 2, maximum: 12 }),
  condition: WeatherConditionSchema,
  rule: Type.String(),
  effect: WeatherEffectSchema,
  discarded: Type.Boolean({ description: 'True when this roll repeated an earlier condition and was re-rolled (EDEN-AMB-26).' }),
});

/** One end-of-turn effect applied (EDEN-WEATHER-2 Ionic storm, EDEN-WEATHER-7 Acid rain). */
export const WeatherEffectEntrySchema = Type.Object(
  {
    condition: WeatherConditionSchema,
    rule: Type.String(),
    side: TableSideSchema,
    fighterId: Type.String(),
    roll: RollSchema,
    effect: lit(['torso_wound', 'poison', 'none'], 'What 0 successes did.'),
    marked: Type.Integer(),
    outOfAction: Type.Boolean(),
  },
  { title: 'WeatherEffectEntry' },
);
