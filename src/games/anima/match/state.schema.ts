/**
 * The Ánima match state as GET /v1/matches/{id} answers it (CONTRACT §8.1, §8.2, §9.3): the
 * resolution log of the stateless operations (`resolutions`, `byKind`, `latest`, each player's
 * kept Group in `groups`) and the full table (state.ts `AnimaTable`: phase, turn order, Groups,
 * Locations, decks, missions), with `outcome` and `pending`, as any viewer reads it. A seat or a
 * spectator reads `{"hidden": true}` for what the table keeps from it (table.ts): another player's
 * hand, the cards dealt to choose from and its Basic Missions (ANIMA-SETUP-2/3, ANIMA-HAND-1), a
 * face-down prior encounter (ANIMA-PRIOR-2), every undrawn deck's order (ANIMA-DECK-2) and the
 * Combat cards a seeker committed (ANIMA-TIMING-3). The card lists: state.schema-cards.ts.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Count, OUTCOME_MEMBERS, PendingMember, orHidden, resolutionLogMembers } from '../../../kernel/schemas/match-state.js';
import { GroupSchema } from '../operations/schemas.js';
import { animaOperations } from '../operations/index.js';
import { AnimaCardsSchema, Skill } from './state.schema-cards.js';

const closed = { additionalProperties: false } as const;
const Player = (description: string) => Type.String({ description });
const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const CardIndex = (description: string) => Type.Integer({ minimum: 0, description });
const HiddenCards = (description: string) => Type.Array(orHidden(CardIndex('A card index in its list.')), { description });
const Modifiers = (description: string) =>
  Type.Object({ combat: Type.Integer({ description: 'Combat.' }), speed: Type.Integer({ description: 'Speed.' }) }, { ...closed, description });

/** A player's record of the resolution log (projection.ts): the Group last sent and what it went through. */
const PlayerRecord = Type.Object(
  {
    group: Type.Union([GroupSchema, Type.Null()], { description: 'The Group last sent (its hand size as the result left it); null once a Character died (ANIMA-COMBAT-4).' }),
    explorations: Count('Explorations resolved.'),
    combats: Count('Combats fought.'),
    casualties: Count('Characters lost.'),
  },
  closed,
);

const GroupCharacter = Type.Object(
  {
    card: CardIndex('Its card in `cards.characters`.'),
    name: Type.String({ description: 'The Character’s name.' }),
    combat: Type.Integer({ description: 'Printed Combat.' }),
    speed: Type.Integer({ description: 'Printed Speed.' }),
    skills: Type.Array(Skill, { description: 'Its skill icons (ANIMA-TIMING-4).' }),
    tapped: Type.Boolean({ description: 'Tapped to power an Ability card (ANIMA-TIMING-4).' }),
    incapacitated: Type.Boolean({ description: 'Face down until the next Start phase (ANIMA-INCAP-1).' }),
  },
  { ...closed, description: 'A Character in a Group (ANIMA-CARD-1).' },
);

const GroupState = Type.Object(
  {
    characters: Type.Array(GroupCharacter, { description: 'The Group’s Characters (ANIMA-GROUP-1).' }),
    dealt: HiddenCards('ANIMA-SETUP-3: the two Characters dealt, one to keep.'),
    handSize: Count('Gift cards in hand (ANIMA-HAND-1).'),
    location: NullableString('The Location its token is on (ANIMA-SETUP-5, ANIMA-LOSE-2).'),
    arrived: Type.Boolean({ description: 'Arrived at a Location this turn (ANIMA-EXPLORE-1).' }),
    turnLost: Type.Boolean({ description: 'Lost the rest of this turn (ANIMA-LOSE-1/2).' }),
    losesNextTurn: Type.Boolean({ description: 'Also loses the next turn (ANIMA-LOSE-1).' }),
    resting: Type.Boolean({ description: 'Chose Rest this turn (ANIMA-MOVE-11).' }),
    rested: Type.Boolean({ description: '+2 Combat and Speed this turn (ANIMA-MOVE-12).' }),
    lastRecruit: Type.Union([Type.Object({ location: Type.String({ description: 'Where.' }), turn: Type.Integer({ description: 'In which turn.' }) }, closed), Type.Null()], {
      description: 'ANIMA-REWARD-4: its last Recruit.',
    }),
    drewWith: Type.Array(Player('A player.'), { description: 'Groups it drew against this turn (ANIMA-INTERACT-5).' }),
    missions: Type.Array(
      orHidden(
        Type.Object(
          {
            card: CardIndex('In `cards.basicMissions`.'),
            name: Type.String({ description: 'The mission’s name.' }),
            completed: Type.Boolean({ description: 'Completed (ANIMA-MISSION-4).' }),
          },
          closed,
        ),
      ),
      {
        description: 'ANIMA-SETUP-2: its two secret Basic Missions (public once completed or under way, ANIMA-MISSION-4/5).',
      },
    ),
    hand: HiddenCards('The Gift cards in hand (in `cards.gifts`).'),
    giftsDealt: HiddenCards('ANIMA-SETUP-3: the four Gifts dealt, three to keep.'),
    organisation: Type.Union([CardIndex('A Gift card.'), Type.Null()], { description: 'ANIMA-HAND-2: its Organisation.' }),
    inPlay: Type.Array(CardIndex('A Gift card.'), { description: 'Persistent Plot cards in play (ANIMA-CARD-5).' }),
    bonus: Modifiers('Modifiers of the Gifts played this turn (ANIMA-GROUP-2).'),
    lasting: Modifiers('Modifiers of the persistent cards in play.'),
    resist: Type.Union(
      [
        Type.Object(
          {
            mission: Type.String({ description: 'The mission.' }),
            final: Type.Boolean({ description: 'The Final Mission.' }),
            location: Type.String({ description: 'The Location held.' }),
            progress: Count('Rounds held.'),
            rounds: Count('Rounds to hold.'),
          },
          closed,
        ),
        Type.Null(),
      ],
      { description: 'ANIMA-MISSION-5: the Resist mission under way.' },
    ),
  },
  { ...closed, description: 'A player’s Group; another player’s hand, cards dealt and Basic Missions read `{"hidden": true}` (sizes kept).' },
);

const TableLocation = Type.Object(
  {
    card: CardIndex('In `cards.locations`.'),
    name: Type.String({ description: 'The Location’s name.' }),
    level: Type.Integer({ minimum: 1, maximum: 3, description: 'Its level.' }),
    prior: Type.Union(
      [
        Type.Object({ card: orHidden(CardIndex('In `cards.encounters`.'), 'The encounter card.'), faceDown: Type.Boolean({ description: 'Still face down.' }) }, closed),
        Type.Null(),
      ],
      {
        description: 'ANIMA-SETUP-4 / ANIMA-PRIOR-1: the prior encounter in front of it; face down it reads `{"hidden": true}` for everyone but the owner.',
      },
    ),
  },
  { ...closed, description: 'A Location on the table.' },
);

const Choosing = Type.Union(
  [
    Type.Object({ kind: Type.Literal('casualty', { description: 'A casualty to choose.' }), player: Player('Who chooses the Character lost (ANIMA-COMBAT-4).') }, closed),
    Type.Object(
      {
        kind: Type.Literal('reward', { description: 'A reward to claim.' }),
        player: Player('Who claims a reward (ANIMA-REWARD-1).'),
        location: Type.String({ description: 'Where.' }),
      },
      closed,
    ),
    Type.Object(
      {
        kind: Type.Literal('removal', { description: 'A Location to remove (Seek new horizons over the maximum).' }),
        player: Player('The seeker (ANIMA-MOVE-7/8).'),
        source: Type.Union([Type.Literal('deck'), Type.Literal('discard')], { description: 'Where the new Location came from (ANIMA-MOVE-5.1/5.2).' }),
        location: CardIndex('The new Location.'),
        encounter: CardIndex('Its face-up prior encounter.'),
        gifts: Type.Optional(
          Type.Array(
            orHidden(Type.Object({ gift: Type.String({ description: 'The Gift card.' }), character: Type.Optional(Type.String({ description: 'The Character powering it.' })) })),
            {
              description: 'ANIMA-TIMING-3: the seeker’s committed Combat cards.',
            },
          ),
        ),
        removal: Type.Array(Type.String(), { description: 'Locations chosen for removal so far.' }),
        saved: Type.Array(
          Type.Object(
            { location: Type.String({ description: 'The Location saved.' }), by: Player('Who saved it.'), gift: Type.Optional(CardIndex('The Gift sacrificed.')) },
            closed,
          ),
          {
            description: 'The saves so far.',
          },
        ),
        deciding: Type.Array(Player('A player.'), { description: 'Players still to say whether they save the last Location chosen.' }),
      },
      closed,
    ),
    Type.Null(),
  ],
  { description: 'The choice the table waits for (also in `pending`, kind `choice`).' },
);

const Piles = (item: TSchema, description: string) =>
  Type.Object(
    {
      characters: Type.Array(item, { description: 'Characters.' }),
      locations: Type.Array(item, { description: 'Locations.' }),
      encounters: Type.Array(item, { description: 'Encounters.' }),
      gifts: Type.Array(item, { description: 'Gifts.' }),
    },
    { ...closed, description },
  );

const AnimaOutcome = Type.Object(
  {
    ...OUTCOME_MEMBERS,
    reason: Type.Optional(Type.Literal('ANIMA-MISSION-3', { description: 'The Final Mission completed.' })),
    winner: Type.Optional(Type.String({ description: 'Deprecated: the winner (use `winners`).' })),
    mission: Type.Optional(Type.String({ description: 'Deprecated: the Final Mission completed.' })),
  },
  { ...closed, description: 'How the match stands (CONTRACT §8.2): won by completing the Final Mission (ANIMA-MISSION-3).' },
);

export const AnimaStateSchema = Type.Object(
  {
    ...resolutionLogMembers('anima', 'anima', animaOperations),
    groups: Type.Record(Type.String(), PlayerRecord, { description: 'The resolution log: per player, the Group last sent and its counts.' }),
    phase: Type.Union(
      ['setup', 'start', 'move', 'interaction', 'exploration', 'turn_end', 'ended'].map((p) => Type.Literal(p)),
      { description: 'The phase (ANIMA-TURN-1).' },
    ),
    turn: Count('The turn; 0 in setup.'),
    turnOrder: Type.Array(Player('A player.'), { description: 'ANIMA-ORDER-1..3: this turn’s order.' }),
    tieBreaks: Type.Array(
      Type.Object({ speed: Type.Integer({ description: 'The tied Speed.' }), order: Type.Array(Type.String(), { description: 'The order rolled.' }) }, closed),
      { description: 'ANIMA-ORDER-2: stored tie-breaks.' },
    ),
    done: Type.Array(Player('A player.'), { description: 'Players done in this phase (ANIMA-TURN-1).' }),
    toAct: NullableString('The player who acts now.'),
    choosing: Choosing,
    soughtBy: NullableString('ANIMA-MOVE-4: who sought new horizons this turn.'),
    groupsInPlay: Type.Record(Type.String(), GroupState, { description: 'Each player’s Group, by player id.' }),
    locations: Type.Array(TableLocation, { description: 'The Locations on the table.' }),
    decks: Piles(orHidden(CardIndex('A card index.')), 'ANIMA-DECK-2: the undrawn decks in draw order (each card `{"hidden": true}` for seats and spectators).'),
    discards: Piles(CardIndex('A card index.'), 'The discard piles (face up, ANIMA-DECK-1).'),
    finalMission: Type.Union([Type.Object({ card: CardIndex('In `cards.finalMissions`.'), name: Type.String({ description: 'Its name.' }) }, closed), Type.Null()], {
      description: 'ANIMA-MISSION-2: the Final Mission revealed.',
    }),
    finalDeck: HiddenCards('The face-down Final Missions.'),
    multipleMissions: Type.Boolean({ description: 'ANIMA-OPT-MULTI-1.' }),
    tree: Type.Boolean({ description: 'ANIMA-OPT-TREE-1..4.' }),
    outcome: AnimaOutcome,
    missingCards: Type.Array(Type.String(), { description: 'Why a full match cannot be played: the card lists missing from the options.' }),
    cards: AnimaCardsSchema,
    pending: PendingMember,
  },
  { ...closed, $id: 'AnimaMatchState', title: 'AnimaMatchState', description: 'An Ánima match as a viewer reads it (CONTRACT §8.1).' },
);
