/**
 * The EDEN match state as GET /v1/matches/{id} answers it (CONTRACT §8.1, §8.2, §9.3): the
 * projection of the match's events (state.ts `EdenMatchState`), with `outcome` and `pending`, as
 * any viewer reads it — a seat or a spectator reads `{"hidden": true}` for what the table keeps from
 * it (table.ts): a band registered before the other one (EDEN-PREP-1), a Secret mission
 * (EDEN-CARD-MISSION-2) and the unplayed cards of a tactic hand (EDEN-PREP-8). Shapes the server
 * builds are closed (`additionalProperties: false`); what a player sent as it was sent (a fighter's
 * profile, a mission card, the placements of a deployment) keeps the members it was sent with.
 */
import { Type } from '@sinclair/typebox';
import { Count, HiddenSchema, OUTCOME_MEMBERS, PendingMember, ScoreSchema, orHidden } from '../../../kernel/schemas/match-state.js';
import { EquipmentSchema } from '../operations/schemas.js';
import { WEATHER_CONDITIONS } from '../rules/catalog/weather.js';
import { SCENERY_RULES } from '../rules/catalog/scenery.js';

const closed = { additionalProperties: false } as const;
const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Side = literals(['A', 'B'] as const, 'A side: `A` (the first player), `B` (the second).');
const NullableSide = (description: string) => Type.Union([Side, Type.Null()], { description });
const Ids = (description: string) => Type.Array(Type.String(), { description });
const PerSide = (description: string) => Type.Object({ A: Type.Integer({ description: 'Side A.' }), B: Type.Integer({ description: 'Side B.' }) }, { ...closed, description });

const Limb = (description: string) =>
  Type.Object(
    {
      white: Type.Integer({ description: 'White PC boxes.' }),
      red: Type.Integer({ description: 'Red PC boxes (0: the limb can never be Wounded, EDEN-WOUND-3).' }),
      faces: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { description: 'Location faces that hit this limb.' }),
      normal: Type.Integer({ description: 'The characteristic while the limb is Normal (white).' }),
      wounded: Type.Integer({ description: 'The characteristic while the limb is Wounded (red).' }),
    },
    { description },
  );
const PerLimb = (description: string) =>
  Type.Object({ head: Count('Head (PSI).'), arms: Count('Arms (CBT).'), torso: Count('Torso (VIG).'), legs: Count('Legs (RAP).') }, { ...closed, description });

/** A fighter on the table: its profile as registered (CONTRACT §2) and its current state. */
const FighterSchema = Type.Object(
  {
    id: Type.String({ description: 'Its id in the match.' }),
    name: Type.String({ description: 'Its name.' }),
    ref: Type.Optional(Type.String({ description: 'The catalog id it was sent by (CONTRACT §7.5).' })),
    faction: Type.Optional(Type.String({ description: 'Its faction.' })),
    stigma: Type.Optional(Type.String({ description: 'Its stigma.' })),
    types: Type.Array(Type.String(), { description: 'Its types (`human`, `npc`…).' }),
    value: Type.Integer({ description: 'Points cost (Valor).' }),
    limbs: Type.Object({ head: Limb('PSI.'), arms: Limb('CBT.'), torso: Limb('VIG.'), legs: Limb('RAP.') }, { description: 'The profile card (EDEN-WOUND-1).' }),
    equipment: Type.Array(EquipmentSchema, { description: 'Its equipment (EDEN-EQUIP-1).' }),
    wounds: PerLimb('Marked PC boxes per limb (EDEN-WOUND-1).'),
    markers: Type.Object(
      { fire: Count('Fire.'), fear: Count('Fear.'), rage: Count('Rage.'), slow: Count('Slow.'), poison: Count('Poison.') },
      { ...closed, description: 'State markers (§15).' },
    ),
    ap: Count('Action points left this turn.'),
    npc: Type.Optional(Type.Boolean({ description: 'A non-player fighter (EDEN-NPC).' })),
  },
  { description: 'The fighter as registered (members sent beyond these are kept), with its wounds, markers and AP now.' },
);

const FighterEntrySchema = Type.Object(
  {
    side: Type.Union([Side, Type.Literal('npc')], { description: 'Its band, or `npc` (EDEN-NPC-1: no band).' }),
    fighter: FighterSchema,
    outOfAction: Type.Boolean({ description: 'EDEN-WOUND-4: out of action.' }),
    turn: Type.Object(
      {
        activated: Type.Boolean({ description: 'Activated this turn (EDEN-ACT-9).' }),
        moves: Count('Moves this activation.'),
        attacks: Count('Attacks this activation.'),
        engages: Count('Engages this activation.'),
      },
      { ...closed, description: 'What it did this turn.' },
    ),
    itemUses: Type.Record(Type.String(), Type.Object({ turn: Count('This turn.'), game: Count('This game.') }, closed), {
      description: 'Uses of equipment by name (EDEN-EFFECT-LIMIT).',
    }),
  },
  closed,
);

const MissionSchema = Type.Object(
  {
    name: Type.String({ description: 'The mission’s name.' }),
    visibility: literals(['secret', 'revealed'] as const, 'A Secret mission is face down until the end (EDEN-CARD-MISSION-2).'),
    deployment: literals(['confrontation', 'ambush'] as const, 'Its deployment (EDEN-PREP-7).'),
  },
  { description: 'The mission card as played (its other members as sent).' },
);

const BandSchema = Type.Object(
  {
    player: Type.Object(
      { id: Type.String({ description: 'The player id.' }), name: Type.String({ description: 'The player’s name.' }) },
      { description: 'The player of the band, as the match was created.' },
    ),
    bandType: orHidden(
      Type.Union([literals(['faction', 'stigma'] as const, 'A Faction or a Stigma band.'), Type.Null()]),
      'EDEN-PREP-1: a Faction or a Stigma band; null before it is registered.',
    ),
    affiliation: orHidden(Type.Union([Type.String(), Type.Null()]), 'The faction or stigma of the band.'),
    fighterIds: Type.Array(orHidden(Type.String()), { description: 'Its fighters, in the order listed.' }),
    strategyPoints: orHidden(Count('Strategy Points.'), 'Strategy Points (EDEN-PREP-2, EDEN-FIRST-1).'),
    leader: Type.Union([Type.String(), Type.Null()], { description: 'The Leader’s fighter id (EDEN-PREP-4).' }),
    mission: Type.Union([MissionSchema, HiddenSchema, Type.Null()], { description: 'The mission played (EDEN-PREP-5).' }),
    deployment: Type.Union(
      [
        Type.Object(
          {
            zone: literals(['confrontation', 'ambush'] as const, 'The deployment zone.'),
            placements: Type.Unknown({ description: 'As the player sent them. (GraphQL: JSON: any shape the player sent.)' }),
          },
          closed,
        ),
        Type.Null(),
      ],
      { description: 'EDEN-PREP-7: the deployment.' },
    ),
    tacticHand: Type.Union([Type.Array(orHidden(Type.String())), Type.Null()], { description: 'EDEN-PREP-8: the tactic hand (a played card is shown, EDEN-TACPH-1).' }),
    tacticsPlayed: Type.Array(Type.String(), { description: 'Tactic cards played (EDEN-TACPH-1).' }),
    victoryPoints: Count('Victory points (EDEN-GAME-3).'),
  },
  { ...closed, description: 'A player’s band: an unshown band, a Secret mission and unplayed tactic cards read `{"hidden": true}` for the other seat and spectators.' },
);

const PlacementMembers = {
  points: PerSide('Points left per side.'),
  stopped: Type.Array(Side, { description: 'Sides that stopped placing.' }),
  next: NullableSide('Whose turn it is to place (null: placement over).'),
};

const SceneryRule = Type.Object(
  {
    rule: literals(
      SCENERY_RULES.map((r) => r.id),
      'A scenery rule (EDEN-TERRAIN-R-*).',
    ),
    value: Type.Optional(Type.Integer({ description: 'X.' })),
  },
  { ...closed, description: 'A special rule with its X.' },
);
const ScenerySchema = Type.Object(
  {
    id: Type.String({ description: 'The element’s id.' }),
    element: Type.Optional(Type.String({ description: 'The catalog element (EDEN-TERRAIN-LIST-*).' })),
    rules: Type.Array(SceneryRule, { description: 'The printed special rules.' }),
    attacks: Count('Attacks suffered this game (EDEN-TERRAIN-R-DESTRUCTION).'),
    fire: Count('Fire markers (EDEN-TERRAIN-R-INFLAMMABLE).'),
    destroyed: Type.Optional(Type.Boolean({ description: 'Destroyed (EDEN-TERRAIN-R-DESTRUCTION).' })),
    owner: NullableSide('Who bought it (null: what a destroyed element left).'),
    cost: Count('Scenery Points paid (EDEN-TERRAIN-3).'),
  },
  closed,
);

const EdenOutcomeSchema = Type.Object(
  {
    ...OUTCOME_MEMBERS,
    reason: Type.Optional(literals(['turns', 'elimination'] as const, 'After the last turn (EDEN-GAME-1) or a band eliminated (EDEN-GAME-2).')),
    score: ScoreSchema('Victory points by player id (EDEN-GAME-3).'),
  },
  { ...closed, description: 'How the match stands (CONTRACT §8.2).' },
);

export const EdenStateSchema = Type.Object(
  {
    game: Type.Literal('eden', { description: 'The game.' }),
    edition: literals(['es', 'de'] as const, 'The printing followed.'),
    maxTurns: Type.Integer({ minimum: 1, description: 'EDEN-GAME-1: the number of turns.' }),
    options: Type.Object(
      {
        weather: Count('Weather conditions rolled (EDEN-WEATHER-9); 0: no Weather.'),
        territory: Type.Boolean({ description: 'Territory management (EDEN-TERRAIN).' }),
        infestation: Type.Boolean({ description: 'Infestation (EDEN-NPC).' }),
      },
      { ...closed, description: 'The optional rules in play.' },
    ),
    phase: literals(['preparation', 'first_player', 'tactical', 'activation', 'upkeep', 'ended'] as const, 'The phase (EDEN-TURN-1).'),
    prep: literals(
      ['weather', 'bands', 'bid', 'leaders', 'missions', 'scenery', 'infestation', 'deployment', 'tactic_hands', 'done'] as const,
      'The preparation step (EDEN-PREP-0..8).',
    ),
    turn: Count('The turn; 0 in preparation.'),
    firstPlayer: NullableSide('The First player (EDEN-FIRST-3).'),
    choosingFirst: Type.Optional(
      Type.Object(
        { side: Side, rule: Type.String({ description: 'The rule that leaves the choice to him.' }) },
        { ...closed, description: 'EDEN-PREP-3 step 3: the bid’s winner, who names the First player next.' },
      ),
    ),
    bands: Type.Object({ A: BandSchema, B: BandSchema }, { ...closed, description: 'The two bands, by side.' }),
    fighters: Type.Record(Type.String(), FighterEntrySchema, { description: 'Every fighter on the table by id (an unshown band’s are left out).' }),
    tactical: Type.Object({ acted: Type.Array(Side, { description: 'Sides that played or passed.' }) }, { ...closed, description: 'The Tactical phase (EDEN-TACPH).' }),
    activation: Type.Object(
      {
        opening: Type.Boolean({ description: 'No fighter activated yet this phase.' }),
        lastWasPass: Type.Boolean({ description: 'The last activation was a pass.' }),
        active: Type.Union([Type.String(), Type.Null()], { description: 'The fighter being activated.' }),
        lastActivatedSide: NullableSide('The side that activated last.'),
      },
      { ...closed, description: 'The Activation phase (EDEN-ACT).' },
    ),
    weather: Type.Array(literals(WEATHER_CONDITIONS, 'A weather condition.'), { description: 'EDEN-WEATHER-1..9: the conditions in play.' }),
    infestation: Type.Union(
      [Type.Object({ ...PlacementMembers, level: Type.Union([Type.Integer(), Type.Null()], { description: 'The Infestation Level.' }) }, closed), Type.Null()],
      {
        description: 'EDEN-NPC-2: the Infestation Level and the placement of NPCs.',
      },
    ),
    npcs: Type.Record(Type.String(), Type.Object({ level: Type.Integer({ description: 'Its level.' }), placedBy: Side }, closed), {
      description: 'NPCs by fighter id (EDEN-NPC-1).',
    }),
    territory: Type.Union([Type.Object(PlacementMembers, closed), Type.Null()], { description: 'EDEN-TERRAIN-3: Scenery Points and placement.' }),
    scenery: Type.Record(Type.String(), ScenerySchema, { description: 'Scenery elements by id (EDEN-TERRAIN-2).' }),
    mistDeployment: Type.Union(
      [
        Type.Object({ deployed: Type.Object({ A: Ids('Side A’s.'), B: Ids('Side B’s.') }, { ...closed, description: 'Fighters deployed so far.' }), next: Side }, closed),
        Type.Null(),
      ],
      {
        description: 'EDEN-WEATHER-6 (Mist): fighters deployed one at a time.',
      },
    ),
    upkeep: Type.Object(
      { npcsActivated: Type.Array(Type.String(), { description: 'NPCs activated so far.' }), npcNext: NullableSide('Who activates the next NPC.') },
      { ...closed, description: 'EDEN-UPKEEP-2 / EDEN-NPC-3: NPCs activated in this upkeep.' },
    ),
    leaderLostTurn: Type.Object(
      { A: Type.Optional(Type.Integer({ description: 'Side A.' })), B: Type.Optional(Type.Integer({ description: 'Side B.' })) },
      { ...closed, description: 'EDEN-FIRST-2: the turn each Leader was put out of action.' },
    ),
    result: Type.Union(
      [
        Type.Object(
          {
            reason: literals(['turns', 'elimination'] as const, 'EDEN-GAME-1 / EDEN-GAME-2.'),
            turn: Type.Integer({ description: 'The turn it ended in.' }),
            victoryPoints: PerSide('Final VP.'),
            winner: NullableSide('null: a draw.'),
          },
          closed,
        ),
        Type.Null(),
      ],
      { description: 'The end as recorded (by side); `outcome` says the same by player id.' },
    ),
    otherEvents: Count('Events of types the game does not know, counted.'),
    outcome: EdenOutcomeSchema,
    pending: PendingMember,
  },
  { ...closed, $id: 'EdenMatchState', title: 'EdenMatchState', description: 'An EDEN match as a viewer reads it (CONTRACT §8.1): the projection of its events.' },
);
