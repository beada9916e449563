/** `eden.thrown` and `eden.spray` — POST /v1/eden/attacks/thrown and /spray (digest §12.2, §12.3). */
import { Type } from '@sinclair/typebox';
import { sprayExamples, thrownExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { DiceSpecSchema, EditionSchema, FighterOutSchema, FighterSchema, RollSchema } from './schemas.js';
import { resolveThrow } from '../rules/thrown.js';
import { resolveSpray } from '../rules/spray.js';
import { assertFighters, ensureFighter } from '../rules/checks.js';
import type { Fighter, FighterInput } from '../rules/fighter.js';
import { spraySummary, throwSummary } from './summary.js';
import { WeatherInputSchema, weatherList } from './phase-common.js';

const Entry = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), fighter: FighterSchema });
const Uses = Type.Object({ turn: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })), game: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })) });
const PerLimb = Type.Object({ head: Type.Integer(), arms: Type.Integer(), torso: Type.Integer(), legs: Type.Integer() });
const common = {
  attacker: FighterSchema,
  weapon: Type.String({ minLength: 1, maxLength: 100 }),
  attackerEngaged: Type.Optional(Type.Boolean({ description: 'In contact with an adversary → 422 `not_free` (EDEN-RANGED-1).' })),
  attacksThisTurn: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  weaponUses: Type.Optional(Uses),
  edition: Type.Optional(EditionSchema),
  dice: Type.Optional(DiceSpecSchema),
};

/**
 * The attacker and the fighters under the template (`affected` / `covered`), checked together (one
 * 400 listing every problem, at `/attacker` and `/<field>/i/fighter`), then with defaults filled.
 */
function templateFighters(attacker: unknown, list: { id: string; fighter: unknown }[], field: string): { attacker: Fighter; entries: { id: string; fighter: Fighter }[] } {
  assertFighters([[attacker as FighterInput, 'attacker'], ...list.map((e, i): [FighterInput, ...(string | number)[]] => [e.fighter as FighterInput, field, i, 'fighter'])]);
  return {
    attacker: ensureFighter(attacker as FighterInput),
    entries: list.map((e) => ({ id: e.id, fighter: ensureFighter(e.fighter as FighterInput) })),
  };
}

export const edenThrownOperation = defineOperation({
  id: 'eden.thrown',
  method: 'POST',
  path: '/v1/eden/attacks/thrown',
  graphql: { name: 'edenThrown' },
  tags: ['eden'],
  summary: 'Resolve one EDEN Throwing attack at a point (Explosive, Fire, Fear).',
  description: [
    'Rules: EDEN-THROW-1, EDEN-EFFECT-EXPLOSIVE, EDEN-EFFECT-FIRE/FEAR, EDEN-EFFECT-RANGE, EDEN-EQUIP-3.',
    'The point must be within Range (+5 cm with `attackerElevated`) → else 422 `out_of_range`; with line of sight → else 422 `no_line_of_sight`. No hit roll: automatic success.',
    "Dice (CONTRACT §1): for each `affected` fighter in request order, X dice (Explosive (X)) against that fighter's VIG (EDEN-ROLL-4: cap and ≤ 0 rules apply); one success is enough for one wound on each limb, protection ignored, out-of-action checked after all four (EDEN-AMB-13).",
    'Interpretations: EDEN-AMB-23 — `affected` lists the fighters whose base contains the point plus everything the template covers, as the caller measured them. EDEN-AMB-25 — Fire/Fear markers go on every affected fighter, wounded or not. A fighter already out of action is reported unchanged and rolls no dice.',
    'EDEN-WEATHER-4: with `weather` containing `thick_fog`, a point more than 15 cm away is 422 `out_of_range`.',
  ].join('\n'),
  examples: thrownExamples,
  body: Type.Object({
    ...common,
    point: Type.Object({ distance: Type.Number({ minimum: 0, maximum: 10_000 }), lineOfSight: Type.Boolean() }),
    affected: Type.Array(Entry, { maxItems: 50 }),
    attackerElevated: Type.Optional(Type.Boolean()),
    weather: Type.Optional(WeatherInputSchema),
  }),
  response: Type.Object({
    success: Type.Boolean(),
    results: Type.Array(Type.Object({ id: Type.String(), roll: Type.Union([RollSchema, Type.Null()]), marked: Type.Integer(), markedByLimb: PerLimb, fighter: FighterOutSchema })),
    attacker: FighterOutSchema,
    apSpent: Type.Integer(),
    dice: DiceTranscriptSchema,
    summary: SummarySchema,
  }),
  handle(input, ctx) {
    const { attacker, entries } = templateFighters(input.attacker, input.affected, 'affected');
    const dice = ctx.dice(input.dice);
    const result = resolveThrow({ ...input, attacker, weather: weatherList(input.weather), affected: entries }, dice);
    return { ...result, dice: dice.transcript(), summary: throwSummary(result, ctx.lang) };
  },
});

export const edenSprayOperation = defineOperation({
  id: 'eden.spray',
  method: 'POST',
  path: '/v1/eden/attacks/spray',
  graphql: { name: 'edenSpray' },
  tags: ['eden'],
  summary: 'Resolve one EDEN Spray attack on the fighters the template covers.',
  description: [
    'Rules: EDEN-SPRAY-1/2, EDEN-EQUIP-3, EDEN-WOUND-5, EDEN-EFFECT-FIRE/FEAR. No roll and no line of sight; no dice are consumed.',
    "Every `covered` fighter (own fighters and NPCs included, as the caller placed the template per EDEN-SPRAY-1) takes one wound on each limb, protection ignored; the out-of-action check follows all four (EDEN-AMB-13); the weapon's Fire/Fear markers go on everyone covered (EDEN-AMB-25).",
    'Interpretation EDEN-AMB-24: `success` is true when any covered fighter lost at least 1 PC.',
  ].join('\n'),
  examples: sprayExamples,
  body: Type.Object({ ...common, covered: Type.Array(Entry, { maxItems: 50 }) }),
  response: Type.Object({
    success: Type.Boolean(),
    results: Type.Array(Type.Object({ id: Type.String(), marked: Type.Integer(), markedByLimb: PerLimb, fighter: FighterOutSchema })),
    attacker: FighterOutSchema,
    apSpent: Type.Integer(),
    dice: DiceTranscriptSchema,
    summary: SummarySchema,
  }),
  handle(input, ctx) {
    const { attacker, entries } = templateFighters(input.attacker, input.covered, 'covered');
    const dice = ctx.dice(input.dice);
    const result = resolveSpray({ ...input, attacker, covered: entries });
    return { ...result, dice: dice.transcript(), summary: spraySummary(result, ctx.lang) };
  },
});
