/** TypeBox schemas shared by the Ánima operations (CONTRACT §4). */
import { Type } from '@sinclair/typebox';

export const CharacterSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    combat: Type.Integer({ minimum: 0, maximum: 99, description: 'Printed Combat value.' }),
    speed: Type.Integer({ minimum: 0, maximum: 99, description: 'Printed Speed value.' }),
    incapacitated: Type.Optional(Type.Boolean({ description: 'Face down this round: adds no Combat, still adds Speed (ANIMA-INCAP-2, ANIMA-AMB-11).' })),
  },
  { title: 'AnimaCharacter', description: 'A Character (ANIMA-CARD-1).' },
);

export const GroupSchema = Type.Object(
  {
    characters: Type.Array(CharacterSchema, { minItems: 1, maxItems: 4, description: 'At most 4 Characters (ANIMA-GROUP-1).' }),
    rested: Type.Optional(Type.Boolean({ description: 'The Group chose Rest last turn: +2 Combat and +2 Speed this turn (ANIMA-MOVE-12).' })),
    modifiers: Type.Optional(
      Type.Object(
        {
          combat: Type.Optional(Type.Integer({ minimum: -99, maximum: 99 })),
          speed: Type.Optional(Type.Integer({ minimum: -99, maximum: 99 })),
        },
        { description: 'Card modifiers played before any die is rolled (ANIMA-COMBAT-1, ANIMA-TIMING-3).' },
      ),
    ),
    handSize: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, description: 'Gift cards in hand, 0..5 (ANIMA-HAND-1).' })),
  },
  { title: 'AnimaGroup', description: 'A Group: Combat = sum of active Characters, Speed = sum of all (ANIMA-GROUP-2).' },
);

export const CombatSideSchema = Type.Object(
  {
    combat: Type.Integer(),
    roll: Type.Integer(),
    total: Type.Integer(),
  },
  { title: 'AnimaCombatSide' },
);

export const CreatureCombatSchema = Type.Object(
  {
    group: CombatSideSchema,
    creature: CombatSideSchema,
    margin: Type.Integer({ description: 'Group total minus creature total.' }),
    winner: Type.Union([Type.Literal('group'), Type.Literal('creature')]),
    characterDies: Type.Boolean({ description: 'The Group lost by 5 or more (ANIMA-COMBAT-4).' }),
  },
  { title: 'AnimaCreatureCombat' },
);
