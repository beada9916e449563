/**
 * The card lists of an Ánima match as its state carries them (`state.cards`: the match options'
 * lists, each in draw order, ANIMA-SETUP-1..5), as any viewer reads them: a card a seat or a
 * spectator may not see where it lies now (an undrawn deck, another player's hand or Basic
 * Missions, a face-down prior encounter) reads `{"hidden": true}` (CONTRACT §8.1, table.ts). The
 * cards keep every member they were sent with (the options are stored as sent). Part of
 * state.schema.ts (`AnimaMatchState`).
 */
import { Type, type TObject } from '@sinclair/typebox';
import { orHidden } from '../../../kernel/schemas/match-state.js';
import { CharacterSchema } from '../operations/schemas.js';
import { EncounterCardSchema, animaExplorationOperation } from '../operations/exploration.operation.js';
import { animaRewardsOperation } from '../operations/rewards.operation.js';

const explorationLocation = (animaExplorationOperation.body as TObject).properties.location as TObject;
const rewardLocation = (animaRewardsOperation.body as TObject).properties.location as TObject;

export const Skill = Type.Union([Type.Literal('ki'), Type.Literal('magic'), Type.Literal('scheme')], { description: 'A skill icon (ANIMA-CARD-1, ANIMA-TIMING-4).' });
const Modifier = (description: string) => Type.Optional(Type.Integer({ description }));

const CharacterCard = Type.Object(
  { ...CharacterSchema.properties, skills: Type.Optional(Type.Array(Skill, { description: 'Skill icons (ANIMA-TIMING-4).' })) },
  { description: 'A Character card (ANIMA-CARD-1).' },
);

const LocationCard = Type.Object(
  {
    name: Type.String({ description: 'Its name.' }),
    level: Type.Integer({ minimum: 1, maximum: 3, description: 'Its level.' }),
    table: explorationLocation.properties.table!,
    rewards: rewardLocation.properties.rewards!,
    trade: Type.Optional(Type.Boolean({ description: 'The Trade icon (ANIMA-INTERACT-1).' })),
    combatAllowed: Type.Optional(Type.Boolean({ description: 'false: the card forbids combat there (ANIMA-INTERACT-2).' })),
  },
  { description: 'A Location card (ANIMA-CARD-2): its exploration table and rewards.' },
);

const Enemy = Type.Object(
  { name: Type.String({ description: 'The enemy.' }), combat: Type.Integer({ description: 'Its Combat.' }) },
  { description: 'The enemy fought each round.' },
);
const MissionCard = Type.Object(
  {
    name: Type.String({ description: 'Its name.' }),
    test: Type.Union(
      [
        Type.Object({
          kind: Type.Literal('combat', { description: 'A combat.' }),
          enemy: Type.String({ description: 'The enemy.' }),
          combat: Type.Integer({ description: 'Its Combat.' }),
        }),
        Type.Object({ kind: Type.Literal('speed', { description: 'A speed test.' }), difficulty: Type.Integer({ description: 'The Speed to beat.' }) }),
        Type.Object({
          kind: Type.Literal('resist', { description: 'Hold the Location.' }),
          rounds: Type.Integer({ description: 'Exploration phases to hold it.' }),
          enemy: Type.Optional(Enemy),
        }),
      ],
      { description: 'ANIMA-MISSION-6: a combat, a speed test, or ANIMA-MISSION-5: hold the Location for `rounds` Exploration phases.' },
    ),
    benefit: Type.Optional(
      Type.Union(
        [
          Type.String(),
          Type.Object({
            text: Type.Optional(Type.String({ description: 'The Benefit’s text.' })),
            gifts: Modifier('Gift cards drawn.'),
            combat: Modifier('Combat while the completed Mission lies by the player.'),
            speed: Modifier('Speed while the completed Mission lies by the player.'),
          }),
        ],
        { description: 'ANIMA-MISSION-4: the Benefit.' },
      ),
    ),
  },
  { description: 'A Mission card (ANIMA-CARD-4).' },
);

const GiftCard = Type.Object(
  {
    name: Type.String({ description: 'Its name.' }),
    category: Type.Union([Type.Literal('ability'), Type.Literal('plot')], { description: 'An Ability or a Plot card.' }),
    skill: Type.Optional(Skill),
    phase: Type.Optional(Type.Union([Type.Literal('start'), Type.Literal('move'), Type.Literal('interaction'), Type.Literal('exploration')], { description: 'ANIMA-TIMING-1.' })),
    timing: Type.Union([Type.Literal('normal'), Type.Literal('interrupt'), Type.Literal('combat')], { description: 'ANIMA-TIMING-1..3.' }),
    persistent: Type.Optional(Type.Boolean({ description: 'Stays in play (ANIMA-CARD-5).' })),
    organisation: Type.Optional(
      Type.Object(
        { enemies: Type.Array(Type.String(), { description: 'The Organisations it is enemy of (ANIMA-INTERACT-4).' }) },
        { description: 'An Organisation (ANIMA-HAND-2).' },
      ),
    ),
    combat: Modifier('Combat modifier.'),
    speed: Modifier('Speed modifier.'),
    incapacitates: Type.Optional(Type.Boolean({ description: 'ANIMA-INCAP-1.' })),
    zeppelin: Type.Optional(Type.Boolean({ description: 'ANIMA-OPT-TREE-5.' })),
    redirect: Type.Optional(Type.Boolean({ description: 'ANIMA-TIMING-2.' })),
    text: Type.Optional(Type.String({ description: 'The card’s text, for the table.' })),
  },
  { description: 'A Gift card (ANIMA-CARD-5).' },
);

const list = <T extends TObject>(card: T, description: string) => Type.Array(orHidden(card), { description });

/** `state.cards`: the options' card lists (null without them). */
export const AnimaCardsSchema = Type.Union(
  [
    Type.Object(
      {
        characters: list(CharacterCard, 'The Character deck (ANIMA-CARD-1).'),
        locations: list(LocationCard, 'The Location deck (ANIMA-CARD-2).'),
        encounters: list(EncounterCardSchema, 'The Encounter deck (ANIMA-CARD-3).'),
        basicMissions: list(MissionCard, 'The Basic Missions (ANIMA-SETUP-2).'),
        finalMissions: list(MissionCard, 'The Final Missions (ANIMA-MISSION-2).'),
        gifts: Type.Optional(list(GiftCard, 'The Gift deck (ANIMA-CARD-5), when the options gave one.')),
      },
      { description: 'The card lists of the options, each in draw order; the options’ other members come with them.' },
    ),
    Type.Null(),
  ],
  { description: 'The card lists of a full match (null without them): a card this viewer may not see where it lies now reads `{"hidden": true}`.' },
);
