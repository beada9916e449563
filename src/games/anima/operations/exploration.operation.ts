/** anima.exploration — POST /v1/anima/explorations (CONTRACT §4, ANIMA-EXPLORE). */
import { Type } from '@sinclair/typebox';
import { explorationExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceSpecSchema, DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { explore } from '../rules/index.js';
import { CreatureCombatSchema, GroupSchema } from './schemas.js';
import { explorationText } from './summaries.js';

const TableRowSchema = Type.Object({
  min: Type.Integer({ minimum: 1, maximum: 10 }),
  max: Type.Integer({ minimum: 1, maximum: 10 }),
  result: Type.Union([Type.Literal('nothing'), Type.Literal('encounter'), Type.Literal('special')]),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, description: 'Encounter(n): cards to draw (required for `encounter`).' })),
  text: Type.Optional(Type.String({ maxLength: 2000, description: 'Special: the Location card text.' })),
  expels: Type.Optional(Type.Boolean({ description: 'Special: the card text expels the Group (default false).' })),
  rewardAllowed: Type.Optional(Type.Boolean({ description: 'Special: the Group may still claim a reward (default: when not expelled).' })),
  losesGifts: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, description: 'Special: the card text makes the player lose this many Gift cards (ANIMA-EXPLORE-6).' })),
});

export const EncounterCardSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    kind: Type.Union([Type.Literal('creature'), Type.Literal('event')]),
    level: Type.Integer({ minimum: 1, maximum: 3 }),
    combat: Type.Optional(Type.Integer({ minimum: 0, maximum: 99, description: 'Creature Combat, special rules included (required for creatures).' })),
    losesTurn: Type.Optional(Type.Boolean({ description: 'Event: the Group loses its turn → expelled, no reward (ANIMA-EXPLORE-5c).' })),
    expels: Type.Optional(Type.Boolean({ description: 'Event: the Group is expelled → no reward (ANIMA-EXPLORE-5c).' })),
    gifts: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: 'Event: Gifts drawn, capped by the hand limit (ANIMA-EXPLORE-7).' })),
    recruits: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 4, description: 'Event: Characters joining from the Character deck (e.g. La Posada), capped at 4 in the Group (ANIMA-GROUP-6).' }),
    ),
    losesGifts: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, description: 'Event: Gift cards the player loses from hand.' })),
    losesNextTurn: Type.Optional(Type.Boolean({ description: 'Event: the card says it also costs the next turn (ANIMA-LOSE-1).' })),
  },
  { title: 'AnimaEncounterCard' },
);

/** One encounter card as resolved (EncounterOutcome): in an Exploration or as a prior encounter. */
export const EncounterOutcomeSchema = Type.Object({
  card: EncounterCardSchema,
  resolution: Type.Union([Type.Literal('discarded_level'), Type.Literal('won'), Type.Literal('lost'), Type.Literal('event')]),
  combat: Type.Optional(CreatureCombatSchema),
  giftsDrawn: Type.Optional(Type.Integer()),
  giftsLost: Type.Optional(Type.Integer({ description: 'Event: Gifts actually lost (never more than the hand holds).' })),
  recruited: Type.Optional(Type.Integer({ description: 'Event: Characters actually joining (ANIMA-GROUP-6).' })),
});

const Body = Type.Object({
  location: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    level: Type.Integer({ minimum: 1, maximum: 3 }),
    table: Type.Array(TableRowSchema, { minItems: 1, maxItems: 10, description: 'Exploration table: every face 1..10 exactly once.' }),
  }),
  group: GroupSchema,
  encounters: Type.Optional(Type.Array(EncounterCardSchema, { maxItems: 100, default: [], description: 'Encounter cards in draw order (top of the deck first).' })),
  dice: Type.Optional(DiceSpecSchema),
});

const Response = Type.Object({
  roll: Type.Integer(),
  row: TableRowSchema,
  encounters: Type.Array(EncounterOutcomeSchema),
  characterDies: Type.Boolean(),
  expelled: Type.Boolean(),
  rewardAllowed: Type.Boolean(),
  groupSize: Type.Integer({ description: 'Characters in the Group after the encounters, before any death (ANIMA-GROUP-6).' }),
  groupEliminated: Type.Boolean({
    description: 'The last Character died: the player puts the top Character into play as a new Group and discards any Organisation (ANIMA-GROUP-5).',
  }),
  losesNextTurn: Type.Boolean({ description: 'An Event also costs the next turn (ANIMA-LOSE-1).' }),
  handSize: Type.Optional(Type.Integer({ description: 'Gifts in hand afterwards (only when `group.handSize` was sent).' })),
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
});

export const animaExplorationOperation = defineOperation({
  id: 'anima.exploration',
  method: 'POST',
  path: '/v1/anima/explorations',
  graphql: { name: 'animaExplore' },
  tags: ['anima'],
  summary: 'Explore a Location: table roll, encounters in draw order, reward eligibility.',
  description: `Resolves one Exploration (ANIMA-EXPLORE-1..7).

- **Dice** (CONTRACT §1): the d10 exploration die, then for every Creature reached the Group's d10 and the Creature's d10. A d10 is 1..10; "0" is read as 10 (ANIMA-AMB-1, ANIMA-DICE-1). The dice are never summed (ANIMA-DICE-2).
- **Table**: rows \`{min, max, result}\` must give every face 1..10 exactly one result, otherwise 400 (\`gap\`, \`overlap\`, \`min_above_max\`, \`missing_count\`).
- **Nothing** → reward (ANIMA-EXPLORE-4). **Encounter(n)** → the first n cards of \`encounters\`, in order (ANIMA-EXPLORE-5): a card above the Location's level is \`discarded_level\` and still counts (ANIMA-EXPLORE-5a, ANIMA-PRIOR-3); a Creature is fought (Group Combat + d10 vs Creature Combat + d10, ties to the Group, ANIMA-COMBAT-1..3); a defeat expels the Group, gives no reward and stops the draw; a loss by 5+ sets \`characterDies\` (ANIMA-COMBAT-4); an Event with \`losesTurn\` or \`expels\` stops the same way. Creatures never stay (ANIMA-EXPLORE-5d). Fewer cards than the resolution reaches → 422 \`encounters_exhausted\`.
- **Special** (ANIMA-EXPLORE-6): the Location's text decides; describe it on the row with \`expels\` (default false) and \`rewardAllowed\` (default: when not expelled).
- **Rest bonus**: \`group.rested\` adds +2 Combat (and Speed) this turn (ANIMA-MOVE-12). Incapacitated Characters add no Combat (ANIMA-INCAP-2).
- Event \`gifts\` (e.g. Tesoro, draw 2) are capped by the hand limit of 5 using \`group.handSize\` (default 0) (ANIMA-EXPLORE-7, ANIMA-HAND-1).
- **Other Event effects** — the rulebook names them but prints no card list, so each card's effects come from the caller: \`recruits\` (Characters joining, e.g. La Posada; capped at 4 in the Group, ANIMA-GROUP-6; \`recruited\` says how many joined; their Combat is unknown to the engine and does not count in later fights of the same exploration), \`losesGifts\` (cards lost from hand, never more than \`handSize\` holds; \`giftsLost\`), \`losesNextTurn\` (ANIMA-LOSE-1: only a card that says so costs the next turn). Effects apply in the order draws, losses, recruits. A Special row may carry \`losesGifts\` too (ANIMA-EXPLORE-6: "perder una carta").
- \`groupSize\` is the Character count after the encounters; \`groupEliminated\` is true when the Character that dies was the last one (ANIMA-GROUP-5: a new Group from the top of the Character deck, Organisation discarded).`,
  body: Body,
  examples: explorationExamples,
  response: Response,
  handle(input, ctx) {
    const dice = ctx.dice(input.dice);
    const result = explore(input.location, input.group, input.encounters ?? [], dice);
    return { ...result, dice: dice.transcript(), summary: explorationText(result, ctx.lang) };
  },
});
