/** TypeBox schemas for EDEN requests and responses (CONTRACT §2, §3). Extra members are accepted. */
import { Type, type Static } from '@sinclair/typebox';
import { DiceSpecSchema, EditionSchema } from '../../../kernel/schemas/common.js';
import { defineResolver } from '../../../kernel/validate.js';
import { resolveFighterRef } from '../rules/fighter-ref.js';
import { leagueCatalogOf } from './catalog-ref.js';

export const LimbSchema = Type.Union([Type.Literal('head'), Type.Literal('arms'), Type.Literal('torso'), Type.Literal('legs')], {
  description: 'A limb: head (PSI), arms (CBT), torso (VIG), legs (RAP).',
});

const small = (description: string, min = 0, max = 99) => Type.Integer({ minimum: min, maximum: max, description });

const LimbProfileSchema = Type.Object(
  {
    white: small('White PC boxes.', 1, 20),
    red: small('Red PC boxes (0: the limb can never be Wounded, EDEN-WOUND-3).', 0, 20),
    faces: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), {
      minItems: 0,
      maxItems: 6,
      description: 'Location faces of this limb; the four limbs must partition 1..6.',
    }),
    normal: small('Characteristic value while the limb is Normal (white).', -20, 20),
    wounded: small('Characteristic value while the limb is Wounded (red).', -20, 20),
  },
  { title: 'LimbProfile', description: 'One limb of the profile card (EDEN-WOUND-1).' },
);

export const ModifiersSchema = Type.Object(
  {
    PSI: Type.Optional(Type.Number({ minimum: -20, maximum: 20 })),
    CBT: Type.Optional(Type.Number({ minimum: -20, maximum: 20 })),
    VIG: Type.Optional(Type.Number({ minimum: -20, maximum: 20 })),
    RAP: Type.Optional(Type.Number({ minimum: -20, maximum: 20 })),
  },
  { title: 'CharacteristicModifiers', description: 'Additions to current characteristics (bonus positive, penalty negative); the total rounds up (EDEN-ROUND-1).' },
);

export const EquipmentSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    categories: Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 10,
      description: '`shooting`, `thrown`, `spray`, `protection`, `tech` (EDEN-EQUIP-2); an item with none of the attack categories is a melee weapon when named as `weapon`.',
    }),
    protection: Type.Optional(
      Type.Object({
        limbs: Type.Union([Type.Array(LimbSchema, { maxItems: 4 }), Type.Literal('all')], {
          description: 'The limbs covered, or `"all"`.',
        }),
        value: small('Wounds subtracted from each hit on a covered limb (EDEN-EQUIP-3).', 0, 20),
      }),
    ),
    bonus: Type.Optional(ModifiersSchema),
    range: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'Range in cm (EDEN-EFFECT-RANGE).' })),
    potency: Type.Optional(small('Pot (X) (EDEN-EFFECT-POT).', 0, 30)),
    fire: Type.Optional(small('Fire (X): markers placed.', 0, 20)),
    fear: Type.Optional(small('Fear (X): markers placed.', 0, 20)),
    explosive: Type.Optional(small('Explosive (X): dice per covered fighter.', 0, 30)),
    perGame: Type.Optional(small('X / Game.', 0, 99)),
    perTurn: Type.Optional(small('X / Turn.', 0, 99)),
  },
  { title: 'Equipment', description: 'An equipment item (EDEN-EQUIP-1).' },
);

const limbNumbers = (description: string) =>
  Type.Object(
    {
      head: Type.Optional(small(description)),
      arms: Type.Optional(small(description)),
      torso: Type.Optional(small(description)),
      legs: Type.Optional(small(description)),
    },
    { description },
  );

const MarkersSchema = Type.Object(
  {
    fire: Type.Optional(small('Fire markers.')),
    fear: Type.Optional(small('Fear markers.')),
    rage: Type.Optional(small('Rage markers.')),
    slow: Type.Optional(small('Slow markers.')),
    poison: Type.Optional(small('Poison markers.')),
  },
  { title: 'Markers', description: 'State markers (§15); absent → 0.' },
);

/**
 * CONTRACT §7.5: `{"ref": "<catalog id>"}` (plus state members) stands for the catalog profile in the
 * body's `edition` (the match's, for a match command); an id the catalog cannot complete → 400 at `…/ref`.
 */
defineResolver('eden-fighter', (data, root, context) => {
  if (typeof data.ref !== 'string' || data.limbs !== undefined) return undefined;
  const body = root as { edition?: unknown } | null;
  const edition = (body?.edition ?? context?.edition) === 'de' ? 'de' : 'es';
  // CONTRACT §8.4: a league's stored catalog named by the body's `catalogRef` (looked up before validation)
  const resolved = resolveFighterRef(data as { ref: string }, edition, leagueCatalogOf(root));
  return 'fighter' in resolved ? { replace: resolved.fighter } : { member: 'ref', code: resolved.code, message: resolved.message };
});

export const FighterSchema = Type.Object(
  {
    ref: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'A built-in catalog id (GET /v1/eden/catalog), e.g. `yuri`: the profile is taken from the catalog in the chosen edition and the other members (state: `wounds`, `markers`, `ap`, or `id`) are applied over it. Unknown → 400 at `…/ref`.',
      }),
    ),
    id: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({ maxLength: 200 }),
    faction: Type.Optional(Type.String({ maxLength: 100 })),
    stigma: Type.Optional(Type.String({ maxLength: 100 })),
    types: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 })),
    value: Type.Optional(small('Points cost (Valor).', 0, 1000)),
    limbs: Type.Object({
      head: LimbProfileSchema,
      arms: LimbProfileSchema,
      torso: LimbProfileSchema,
      legs: LimbProfileSchema,
    }),
    equipment: Type.Optional(Type.Array(EquipmentSchema, { maxItems: 50 })),
    wounds: Type.Optional(limbNumbers('Marked PC boxes per limb; absent → 0.')),
    markers: Type.Optional(MarkersSchema),
    ap: Type.Optional(small('Action points left; absent → 3.', 0, 20)),
    npc: Type.Optional(Type.Boolean({ description: 'Non-player fighter (EDEN-NPC); also when `types` contains "npc".' })),
  },
  {
    title: 'Fighter',
    description: 'A fighter: profile and current state (CONTRACT §2), or `{"ref": "<catalog id>"}` plus state members.',
    'x-resolve': 'eden-fighter',
  },
);
export type FighterBody = Static<typeof FighterSchema>;

/** A fighter as responses return it. */
export const FighterOutSchema = Type.Intersect([FighterSchema, Type.Object({ outOfAction: Type.Boolean() })], { title: 'ResolvedFighter' });

export const AimSchema = Type.Union(
  [LimbSchema, Type.Object({ shift: Type.Integer({ minimum: -5, maximum: 5 }) }, { description: 'Exact shift of the location die; 422 `illegal_shift` when not allowed.' })],
  {
    description:
      'A limb: spend the fewest successes that move the location die onto it, keeping at least one (EDEN-MELEE-3 step 5, EDEN-RANGED-5); impossible → the die stays. `{shift: n}`: exactly n steps (one direction), 422 `illegal_shift` when it would spend every success or leave 1..6.',
  },
);

export { DiceSpecSchema, EditionSchema };

export const RollSchema = Type.Object(
  {
    value: Type.Integer({ description: 'Characteristic before the difficulty cap.' }),
    difficulty: Type.Integer({ description: 'Difficulty as called for.' }),
    pool: Type.Integer({ description: 'Dice rolled after EDEN-ROLL-2 (0 when ≤ 0: EDEN-ROLL-3).' }),
    threshold: Type.Integer({ description: 'Difficulty after the cap at 6.' }),
    values: Type.Array(Type.Integer()),
    successes: Type.Integer(),
  },
  { title: 'CharacteristicRoll', description: 'A characteristic roll (EDEN-ROLL-1).' },
);

const OpposedParty = Type.Object({ value: Type.Integer({ description: 'The characteristic rolled with.' }), total: Type.Integer({ description: '1D6 + value (EDEN-AMB-4).' }) });

export const OpposedRollSchema = Type.Object(
  {
    a: OpposedParty,
    b: OpposedParty,
    rounds: Type.Array(Type.Object({ a: Type.Integer(), b: Type.Integer() }), { description: 'Every pair rolled; all but the last were full ties.' }),
    winner: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    by: Type.Union([Type.Literal('total'), Type.Literal('characteristic')], { description: 'Higher total, or higher characteristic on equal totals.' }),
  },
  { title: 'OpposedRoll', description: 'An opposed roll (EDEN-ROLL-5).' },
);

export const LocationSchema = Type.Object(
  {
    rolled: Type.Integer({ description: 'The location die as rolled.' }),
    shift: Type.Integer({ description: 'Steps moved by spending successes (negative: down).' }),
    face: Type.Integer({ description: 'Final result after the shift, looked up on the index.' }),
    limb: LimbSchema,
  },
  { title: 'HitLocation' },
);
