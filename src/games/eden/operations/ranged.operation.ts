/** `eden.ranged` — POST /v1/eden/attacks/ranged: Shooting (digest §12.1). */
import { type Static, Type } from '@sinclair/typebox';
import { rangedExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { AimSchema, DiceSpecSchema, EditionSchema, FighterOutSchema, FighterSchema, LocationSchema, ModifiersSchema, RollSchema } from './schemas.js';
import { resolveShot, type ShotInput } from '../rules/ranged.js';
import { assertFighters, ensureFighter } from '../rules/checks.js';
import type { FighterInput } from '../rules/fighter.js';
import { shotSummary } from './summary.js';
import { WeatherInputSchema, weatherList } from './phase-common.js';

const Distance = Type.Number({ minimum: 0, maximum: 10_000, description: 'cm, base edge to base edge (EDEN-AMB-8).' });

export const RangedBodySchema = Type.Object(
  {
    shooter: FighterSchema,
    weapon: Type.String({ minLength: 1, maxLength: 100, description: "Name of the shooter's `shooting` equipment." }),
    candidates: Type.Array(
      Type.Object({
        id: Type.String({ minLength: 1, maxLength: 100 }),
        fighter: FighterSchema,
        distance: Distance,
        lineOfSight: Type.Boolean(),
        obstacles: Type.Optional(
          Type.Integer({
            minimum: 0,
            maximum: 20,
            description:
              'Obstacles in the LoS corridor: −1 CBT each (EDEN-RANGED-3); with Territory an Obstacle (X) element counts X, a burning element one more (EDEN-TERRAIN-R-OBSTACLE/INFLAMMABLE).',
          }),
        ),
        concealed: Type.Optional(Type.Boolean({ description: 'Hidden by Concealment: not eligible unless `distance` ≤ 5 (EDEN-TERRAIN-R-CONCEALMENT).' })),
        nearEnergyBeacon: Type.Optional(Type.Boolean({ description: 'Within 5 cm (≤ 5) of an Energy beacon: Complete +2 protection for this attack (EDEN-TERRAIN-LIST-10).' })),
        engagedWith: Type.Optional(
          Type.Array(
            Type.Object({
              id: Type.String({ minLength: 1, maxLength: 100 }),
              fighter: FighterSchema,
              distanceToShooter: Distance,
              nearEnergyBeacon: Type.Optional(Type.Boolean({ description: 'Within 5 cm of an Energy beacon (EDEN-TERRAIN-LIST-10).' })),
            }),
            {
              maxItems: 20,
              description: 'Fighters whose bases touch this candidate (any side, EDEN-AMB-21); non-empty → the candidate is not free.',
            },
          ),
        ),
      }),
      { maxItems: 50, description: "The shooter's adversaries (and NPCs) with the measurements the caller made." },
    ),
    ignoreEngaged: Type.Optional(Type.Boolean({ description: 'Automatic choice skips candidates that are not free (EDEN-RANGED-2 exception).' })),
    targetId: Type.Optional(Type.String({ maxLength: 100, description: 'Declared target; 422 `illegal_target` with `legalTargets` when not legal.' })),
    shooterElevated: Type.Optional(Type.Boolean({ description: 'Elevation: Range +5 cm (EDEN-EFFECT-RANGE).' })),
    shooterEngaged: Type.Optional(Type.Boolean({ description: 'The shooter is in contact with an adversary → 422 `not_free` (EDEN-RANGED-1).' })),
    aim: Type.Optional(AimSchema),
    modifiers: Type.Optional(Type.Object({ shooter: Type.Optional(ModifiersSchema), target: Type.Optional(ModifiersSchema) })),
    attacksThisTurn: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    weaponUses: Type.Optional(Type.Object({ turn: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })), game: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })) })),
    weather: Type.Optional(WeatherInputSchema),
    edition: Type.Optional(EditionSchema),
    dice: Type.Optional(DiceSpecSchema),
  },
  { title: 'RangedAttack' },
);

/** Every fighter of a ranged body (shooter, candidates, fighters in contact) checked at once, with its path. */
export function assertShotFighters(input: Static<typeof RangedBodySchema>): void {
  const entries: [FighterInput, ...(string | number)[]][] = [[input.shooter as FighterInput, 'shooter']];
  input.candidates.forEach((c, i) => {
    entries.push([c.fighter as FighterInput, 'candidates', i, 'fighter']);
    c.engagedWith?.forEach((e, j) => entries.push([e.fighter as FighterInput, 'candidates', i, 'engagedWith', j, 'fighter']));
  });
  assertFighters(entries);
}

export const edenRangedOperation = defineOperation({
  id: 'eden.ranged',
  method: 'POST',
  path: '/v1/eden/attacks/ranged',
  graphql: { name: 'edenRanged' },
  tags: ['eden'],
  summary: 'Resolve one EDEN Shooting attack: target choice, hit roll, redirection, location, Potency.',
  description: [
    'Rules: EDEN-RANGED-1..7, EDEN-EFFECT-RANGE, EDEN-EFFECT-POT, EDEN-ROLL-1..7, EDEN-WOUND-5/6.',
    'Dice (CONTRACT §1): shooter CBT, location die, Potency roll; 0 CBT successes end the shot.',
    'Target (EDEN-RANGED-2): eligible = distance ≤ Range (+5 cm with `shooterElevated`), `lineOfSight`, in action. Legal = eligible with no *free* eligible candidate strictly nearer. Without `targetId` the nearest legal candidate is taken (with `ignoreEngaged`, the nearest free one); ties go to request order (EDEN-AMB-22 — declare `targetId` to choose).',
    'Interpretations:',
    '- No eligible candidate and no `targetId` → `targetId: null`, `success: false`, `reason: "no_target"`; edition `es` pays 1 AP (the shot happens and fails), `de` pays nothing (no attack takes place). A declared `targetId` that is not legal is always 422 `illegal_target` (with `legalTargets`, possibly empty).',
    '- EDEN-RANGED-4 / EDEN-AMB-21: odd successes against a non-free target hit the `engagedWith` fighter nearest to the shooter (any side; ties → request order); no new range, LoS or RAP check. Out-of-action fighters (by wounds or flagged `outOfAction: true`) have left the table (EDEN-WOUND-4): they never receive a redirected shot, and a candidate in contact only with such fighters counts as free. `modifiers.target` applies to the fighter actually rolled against.',
    '- EDEN-RANGED-5: the keep-one-success rule and the 1..6 clamp apply in both editions (DE states them, ES omits them); `aim` as CONTRACT §2.',
    '- EDEN-ROLL-4: the Potency pool follows the cap and ≤ 0 rules.',
    '- EDEN-AMB-8 / EDEN-AMB-9: distances, line of sight and obstacles are measured by the caller (edge to edge) and taken as given.',
    '- EDEN-AMB-25: Fire/Fear markers go on the fighter hit when the CBT roll had a success.',
    '- EDEN-TERRAIN-R-CONCEALMENT (ES optional rule): a candidate flagged `concealed` is eligible only at `distance` ≤ 5, so a hidden fighter farther away neither can be chosen nor counts as the nearest.',
    '- EDEN-TERRAIN-LIST-10 (Energy beacon): when the fighter actually hit (the redirected one after EDEN-RANGED-4) is flagged `nearEnergyBeacon`, it has «Campo giromagnético (Pr): Completa +2» for this attack only: +2 on the located limb, added to its own protection (`protection` reports the total, `energyBeacon: true`); the item is not in the returned fighter.',
    '- EDEN-WEATHER-4: with `weather` containing `thick_fog`, candidates more than 15 cm away are not eligible (the Range is capped at 15 cm).',
    'Errors: 422 `illegal_target`, `no_ap`, `under_fear`, `not_free`, `attack_limit`, `item_limit`, `wrong_category`, `out_of_action`, `illegal_shift`, `dice_exhausted`; 400 for an unknown `weapon`.',
  ].join('\n'),
  examples: rangedExamples,
  body: RangedBodySchema,
  response: Type.Object(
    {
      targetId: Type.Union([Type.String(), Type.Null()]),
      redirectedTo: Type.Union([Type.String(), Type.Null()]),
      success: Type.Boolean(),
      reason: Type.Union([Type.String(), Type.Null()]),
      legalTargets: Type.Array(Type.String()),
      roll: Type.Union([RollSchema, Type.Null()]),
      location: Type.Union([LocationSchema, Type.Null()]),
      potency: Type.Union([Type.Object({ value: Type.Integer(), roll: RollSchema }), Type.Null()]),
      inflicted: Type.Integer(),
      protection: Type.Integer(),
      marked: Type.Integer(),
      hit: Type.Union([Type.Object({ id: Type.String(), fighter: FighterOutSchema }), Type.Null()]),
      shooter: FighterOutSchema,
      apSpent: Type.Integer(),
      energyBeacon: Type.Boolean(),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { title: 'RangedResult' },
  ),
  handle(input, ctx) {
    assertShotFighters(input);
    const dice = ctx.dice(input.dice);
    const shot: ShotInput = {
      ...(input as unknown as ShotInput),
      shooter: ensureFighter(input.shooter as FighterInput),
      weather: weatherList(input.weather),
      candidates: input.candidates.map((c) => ({
        ...c,
        fighter: ensureFighter(c.fighter as FighterInput),
        engagedWith: c.engagedWith?.map((e) => ({ ...e, fighter: ensureFighter(e.fighter as FighterInput) })),
      })),
    };
    const result = resolveShot(shot, dice);
    return { ...result, dice: dice.transcript(), summary: shotSummary(result, ctx.lang) };
  },
});
