/** TypeBox schemas shared by The Spirit of Eden operations (CONTRACT §4). */
import { Type } from '@sinclair/typebox';

export const ColorSchema = Type.Union([Type.Literal('yellow'), Type.Literal('red'), Type.Literal('black')]);
export const AllyKindSchema = Type.Union([Type.Literal('water'), Type.Literal('fauna'), Type.Literal('flora')]);
export const TerrainSchema = Type.Union([Type.Literal('waterfall'), Type.Literal('swamp'), Type.Literal('forest'), Type.Literal('mountain')]);
const CardId = Type.String({ minLength: 1, maxLength: 100 });

export const ModesSchema = Type.Array(
  Type.Union([Type.Literal('classic'), Type.Literal('celestial'), Type.Literal('fearless'), Type.Literal('resurrection'), Type.Literal('devastator'), Type.Literal('scarcity')]),
  { maxItems: 6, uniqueItems: true, description: 'Game modes, combinable (SOE-MODE-1..6); default Classic.' },
);

export const RingSchema = Type.Array(CardId, {
  minItems: 8,
  maxItems: 8,
  description: 'The 8 Terrain card ids clockwise from the top-left slot: TL, TM, TR, MR, BR, BM, BL, ML (SOE-GRID-2).',
});

export const CardsSchema = Type.Record(
  Type.String(),
  Type.Object({
    terrain: TerrainSchema,
    state: Type.Union([Type.Literal('healthy'), Type.Literal('devastated'), Type.Literal('destroyed')]),
  }),
  { maxProperties: 50, description: 'Card id → terrain and state; a destroyed card keeps its slot (SOE-GRID-4).' },
);

export const GoomzSchema = Type.Array(
  Type.Object({
    color: ColorSchema,
    at: Type.String({ minLength: 1, maxLength: 100, description: 'A ring card id, or `removed` once the figure left the game.' }),
    ambushedBy: Type.Optional(Type.Union([AllyKindSchema, Type.Null()], { description: 'The Ally token under the figure (SOE-ACT-AMBUSH-2).' })),
  }),
  { minItems: 1, maxItems: 3, description: 'Goomz figures; a colour left out counts as removed.' },
);

export const AlliesSchema = Type.Array(
  Type.Object({
    kind: AllyKindSchema,
    at: Type.String({ minLength: 1, maxLength: 100, description: 'A ring card id, or `noa`.' }),
    protecting: Type.Optional(Type.Boolean({ description: 'Blank side up (SOE-ACT-PROTECT-1).' })),
    availableFromTurn: Type.Optional(Type.Integer({ minimum: 1, description: 'On Noa: the turn at whose start it returns (SOE-NOA-RET).' })),
  }),
  { maxItems: 3 },
);

export const ObjectiveCardSchema = Type.Object(
  {
    ally: Type.Optional(AllyKindSchema),
    terrain: Type.Optional(TerrainSchema),
    dieBonus: Type.Optional(Type.Boolean()),
  },
  { title: 'SpiritOfEdenObjective' },
);

export const ObjectivesSchema = Type.Array(
  Type.Object({
    color: ColorSchema,
    pile: Type.Array(ObjectiveCardSchema, { maxItems: 3, description: 'pile[0] is the face-up objective; the rest follow in order.' }),
    claimed: Type.Optional(Type.Array(ObjectiveCardSchema, { maxItems: 3 })),
  }),
  { maxItems: 3, description: 'The Objective pile under each Goomz card (SOE-SETUP-5, SOE-OBJ-3). Absent → piles are not tracked.' },
);
