/** `eden.melee` — POST /v1/eden/attacks/melee (digest §11). */
import { Type } from '@sinclair/typebox';
import { meleeExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { AimSchema, DiceSpecSchema, EditionSchema, FighterOutSchema, FighterSchema, LocationSchema, ModifiersSchema, OpposedRollSchema, RollSchema } from './schemas.js';
import { resolveMelee, type MeleeInput } from '../rules/melee.js';
import { assertFighters, ensureFighter } from '../rules/checks.js';
import { withMembers, type FighterInput } from '../rules/fighter.js';
import { meleeSummary } from './summary.js';

const Count = Type.Integer({ minimum: 0, maximum: 10 });

// one schema for the request and the result, so GraphQL gives both one enum
const ReactionSchema = Type.Union([Type.Literal('passive'), Type.Literal('dodge'), Type.Literal('response')], {
  default: 'passive',
  description: "The target's reaction (EDEN-MELEE-2). NPC targets always respond; the target of a disengagement attack is always passive.",
});
const ViaSchema = Type.Union([Type.Literal('attack'), Type.Literal('engage'), Type.Literal('disengage')], {
  default: 'attack',
  description:
    '`attack` (1 AP, EDEN-ATTACK-1), `engage` (2 AP, EDEN-ENGAGE-1), `disengage`: an attack on a fighter that failed to disengage (1 AP, target Passive, EDEN-MOVE-ACT-2).',
});

export const MeleeBodySchema = Type.Object(
  {
    attacker: FighterSchema,
    target: FighterSchema,
    reaction: Type.Optional(ReactionSchema),
    aim: Type.Optional(AimSchema),
    targetAim: Type.Optional(AimSchema),
    via: Type.Optional(ViaSchema),
    modifiers: Type.Optional(
      Type.Object(
        { attacker: Type.Optional(ModifiersSchema), target: Type.Optional(ModifiersSchema) },
        { description: 'Situational modifiers, e.g. Elevation +2 CBT (EDEN-CHAR-1).' },
      ),
    ),
    weapon: Type.Optional(
      Type.String({
        maxLength: 100,
        description: "Name of the attacker's equipment used: its `bonus` applies to the attacker's characteristics, its Fire/Fear to the target (EDEN-EQUIP-4).",
      }),
    ),
    targetWeapon: Type.Optional(Type.String({ maxLength: 100, description: 'Same for the target.' })),
    attacksThisTurn: Type.Optional(
      Type.Object(
        { attacker: Type.Optional(Count), target: Type.Optional(Count) },
        { description: 'Attacks already made this turn; when given, a third is 422 `attack_limit` (EDEN-ATTACK-2).' },
      ),
    ),
    engagesThisTurn: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10, description: 'Engages already made by the attacker this turn; 1 or more with `via: engage` → 422 `engage_limit`.' }),
    ),
    elevated: Type.Optional(
      Type.Object(
        { attacker: Type.Optional(Type.Boolean()), target: Type.Optional(Type.Boolean()) },
        {
          description:
            'Territory Elevation (EDEN-TERRAIN-R-ELEVATION): the side standing on the raised position above its adversary gets +2 CBT for its melee strikes and opposed roll (both true: neither is below, no bonus).',
        },
      ),
    ),
    edition: Type.Optional(EditionSchema),
    dice: Type.Optional(DiceSpecSchema),
  },
  { title: 'MeleeAttack' },
);

const ExchangeSchema = Type.Object(
  {
    striker: Type.Union([Type.Literal('attacker'), Type.Literal('target')]),
    roll: RollSchema,
    location: Type.Union([LocationSchema, Type.Null()]),
    dodge: Type.Union([RollSchema, Type.Null()]),
    inflicted: Type.Integer(),
    protection: Type.Integer(),
    marked: Type.Integer(),
    success: Type.Boolean(),
  },
  { title: 'MeleeExchange' },
);

export const edenMeleeOperation = defineOperation({
  id: 'eden.melee',
  method: 'POST',
  path: '/v1/eden/attacks/melee',
  graphql: { name: 'edenMelee' },
  tags: ['eden'],
  summary: 'Resolve one EDEN melee attack (passive, dodge or response).',
  description: [
    'Rules: EDEN-MELEE-1..7, EDEN-ROLL-1..7, EDEN-WOUND-1..6, EDEN-CHAR-1, EDEN-STATE-*, EDEN-ATTACK-1/2, EDEN-ENGAGE-1.',
    "Dice (CONTRACT §1): passive — attacker CBT, location; dodge — attacker CBT, location, target RAP; response — opposed CBT pair(s) (attacker first), winner CBT + location, then the loser's if still in action. A roll with 0 successes consumes no location die.",
    'Interpretations:',
    '- EDEN-AMB-39: 0 successes → no location roll, no wounds, failure; with 1 success nothing may be spent on the location.',
    '- EDEN-AMB-6: successes move the die in one direction only; `aim` as CONTRACT §2.',
    '- EDEN-AMB-38: Dodge and Passive are allowed under Fear; Response is 422 `fear_forbids_response`. An attacker with Fear is 422 `under_fear`.',
    '- EDEN-AMB-30: NPCs pay no AP, have no attack limit, and always Respond (the requested reaction is replaced).',
    '- EDEN-MELEE-7: the target of a disengagement attack is Passive whatever is requested.',
    '- EDEN-AMB-25: a Fire/Fear `weapon` marks the struck fighter when a success remained after the dodge.',
    "- EDEN-WOUND-6: `success` is the attacker's strike making the target lose ≥ 1 PC; each exchange has its own `success`.",
    '- Opposed roll ties (EDEN-ROLL-5) are broken by the current CBT; full ties consume another pair.',
    '- EDEN-AMB-1: a fighter is out of action when the marks on any one limb equal its boxes; extra wounds are discarded. EDEN-AMB-3: `modifiers` (and the weapon `bonus`, Rage, Poison) are added to the white/red value, then a fractional total rounds up.',
    '- EDEN-AMB-4: the opposed roll adds 1D6 even to a value ≤ 0.',
    "- EDEN-TERRAIN-R-ELEVATION: `elevated.attacker` / `elevated.target` add +2 CBT to that side's strikes and opposed roll (so a Dodge on a raised attacker rolls against the raised CBT); both raised → no bonus.",
    'Errors: 422 `no_ap`, `attack_limit`, `engage_limit`, `under_fear`, `fear_forbids_response`, `out_of_action`, `illegal_shift`, `dice_exhausted`; 400 for an index that does not partition 1..6 or an unknown `weapon`.',
  ].join('\n'),
  examples: meleeExamples,
  body: MeleeBodySchema,
  response: Type.Object(
    {
      success: Type.Boolean(),
      reaction: ReactionSchema,
      via: ViaSchema,
      opposed: Type.Union([OpposedRollSchema, Type.Null()]),
      exchanges: Type.Array(ExchangeSchema),
      attacker: FighterOutSchema,
      target: FighterOutSchema,
      apSpent: Type.Object({ attacker: Type.Integer(), target: Type.Integer() }),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { title: 'MeleeResult' },
  ),
  handle(input, ctx) {
    assertFighters([
      [input.attacker as FighterInput, 'attacker'],
      [input.target as FighterInput, 'target'],
    ]);
    const dice = ctx.dice(input.dice);
    const result = resolveMelee(
      { ...(input as unknown as MeleeInput), attacker: ensureFighter(input.attacker as FighterInput), target: ensureFighter(input.target as FighterInput) },
      dice,
    );
    return withMembers(result, { dice: dice.transcript(), summary: meleeSummary(result, ctx.lang) });
  },
});
