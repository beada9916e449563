/** anima.combat — POST /v1/anima/combats: Group vs Creature or Group vs Group (ANIMA-COMBAT). */
import { Type, type Static } from '@sinclair/typebox';
import { combatExamples } from './examples.js';
import { defineOperation, type OperationContext } from '../../../kernel/operation.js';
import { DiceSpecSchema, DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { fightCreature, fightGroup, groupSize, HAND_LIMIT } from '../rules/index.js';
import { CombatSideSchema, GroupSchema } from './schemas.js';
import { creatureCombatText, groupCombatText } from './summaries.js';

const Body = Type.Object({
  group: GroupSchema,
  creature: Type.Optional(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 200 }),
      combat: Type.Integer({ minimum: 0, maximum: 99, description: 'Printed Combat plus its own special rules.' }),
    }),
  ),
  opponent: Type.Optional(GroupSchema),
  context: Type.Optional(
    Type.Union([Type.Literal('prior'), Type.Literal('exploration'), Type.Literal('mission')], {
      description: 'Against a Creature: where the fight happens, for its consequences (ANIMA-COMBAT-5).',
    }),
  ),
  location: Type.Optional(
    Type.Object({
      name: Type.Optional(Type.String({ maxLength: 200 })),
      combatAllowed: Type.Optional(Type.Boolean({ description: 'false when the Location forbids combat between Groups (e.g. Arkángel).' })),
    }),
  ),
  drewThisTurn: Type.Optional(Type.Boolean({ description: 'Group vs Group: these two Groups already drew against each other this turn (ANIMA-INTERACT-5 → 422 `no_rematch`).' })),
  dice: Type.Optional(DiceSpecSchema),
});
type BodyT = Static<typeof Body>;

const flag = (description: string) => Type.Optional(Type.Boolean({ description }));
const Side = (description: string) => Type.Optional(Type.Union([Type.Literal('group'), Type.Literal('opponent'), Type.Null()], { description }));

/** What a combat changes (ANIMA-COMBAT-5, ANIMA-INTERACT-5): the members of its case, the others absent. */
const ConsequencesSchema = Type.Object(
  {
    loser: Side('Group vs Group: the losing side; null on a draw.'),
    expelled: Type.Optional(
      Type.Union([Type.Literal('group'), Type.Literal('opponent'), Type.Null(), Type.Boolean()], {
        description: 'Group vs Group: the losing side, expelled (null on a draw); against a Creature in an `exploration`: whether the Group is expelled without reward.',
      }),
    ),
    spoil: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('discarded'), Type.Literal('to_winner'), Type.Null()], {
        description:
          'Group vs Group: the Gift the loser gives (ANIMA-INTERACT-5): `to_winner`, `discarded` (a winner at the hand limit, ANIMA-AMB-9), `none` (it holds none); null on a draw.',
      }),
    ),
    noRematch: flag('Group vs Group: a draw; the two Groups cannot fight again this turn.'),
    arrives: flag('`prior`: the Group arrives (it won).'),
    creatureStays: flag('`prior` / `exploration`: the Creature stays in play.'),
    turnLost: flag('`prior`: the Group loses the turn.'),
    rewardAllowed: flag('`exploration`: the Group may take the reward.'),
    missionCompleted: flag('`mission`: the Mission is completed (a lost fight may be retried).'),
  },
  {
    title: 'AnimaCombatConsequences',
    description:
      'What the result changes, by case: Group vs Group `{loser, expelled, spoil, noRematch}` (`expelled` the losing side or null); against a Creature by `context`: `prior` `{arrives, creatureStays, turnLost}`, `exploration` `{expelled, rewardAllowed, creatureStays}` (`expelled` a boolean), `mission` `{missionCompleted}`, none `{}`.',
  },
);

const Response = Type.Object({
  kind: Type.Union([Type.Literal('creature'), Type.Literal('group')]),
  group: CombatSideSchema,
  creature: Type.Optional(CombatSideSchema),
  opponent: Type.Optional(CombatSideSchema),
  margin: Type.Integer({ description: 'Group total minus the other side’s total.' }),
  winner: Type.Union([Type.Literal('group'), Type.Literal('creature'), Type.Literal('opponent'), Type.Literal('draw')]),
  characterDies: Type.Boolean({ description: 'A Group lost by 5 or more (ANIMA-COMBAT-4).' }),
  casualty: Type.Union([Type.Literal('group'), Type.Literal('opponent'), Type.Null()], { description: 'Which Group loses a Character.' }),
  groupEliminated: Type.Boolean({ description: 'The Character that dies was its Group’s last: that player starts a new Group and discards any Organisation (ANIMA-GROUP-5).' }),
  consequences: ConsequencesSchema,
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
});

function vsGroup(input: BodyT, opponent: NonNullable<BodyT['opponent']>, ctx: OperationContext) {
  // ANIMA-INTERACT-2: no combat where the Location forbids it (worked example: Arkángel, ANIMA-EX-5).
  if (input.location?.combatAllowed === false) {
    throw new RuleViolation('combat_forbidden', `${input.location.name ?? 'This Location'} forbids combat between Groups (ANIMA-INTERACT-2).`);
  }
  // ANIMA-INTERACT-5: after a draw the two Groups cannot fight each other again this turn.
  if (input.drewThisTurn) {
    throw new RuleViolation('no_rematch', 'These Groups drew this turn and cannot fight each other again until the next turn (ANIMA-INTERACT-5).');
  }
  // ANIMA-INTERACT-3: Character counts may differ by at most 1.
  const gap = Math.abs(groupSize(input.group) - groupSize(opponent));
  if (gap > 1) {
    throw new RuleViolation(
      'group_size_gap',
      `Groups of ${groupSize(input.group)} and ${groupSize(opponent)} Characters cannot fight: the difference is over 1 (ANIMA-INTERACT-3).`,
      {
        sizes: [groupSize(input.group), groupSize(opponent)],
      },
    );
  }
  const dice = ctx.dice(input.dice);
  const c = fightGroup(input.group, opponent, dice);
  const loser = c.winner === 'draw' ? null : c.winner === 'group' ? 'opponent' : 'group';
  const winnerHand = loser === 'group' ? opponent.handSize : input.group.handSize;
  const loserHand = loser === 'group' ? input.group.handSize : opponent.handSize;
  // ANIMA-INTERACT-5: the loser gives a random Gift (none if it holds none); ANIMA-AMB-9: a winner at 5 discards it.
  const spoil = loser === null ? null : loserHand === 0 ? 'none' : (winnerHand ?? 0) >= HAND_LIMIT ? 'discarded' : 'to_winner';
  return {
    kind: 'group' as const,
    group: c.group,
    opponent: c.opponent,
    margin: c.margin,
    winner: c.winner,
    characterDies: c.characterDies !== null,
    casualty: c.characterDies,
    // ANIMA-GROUP-5: the casualty was that Group's last Character.
    groupEliminated: c.characterDies !== null && groupSize(c.characterDies === 'group' ? input.group : opponent) === 1,
    consequences: { loser, expelled: loser, spoil, noRematch: c.winner === 'draw' },
    dice: dice.transcript(),
    summary: groupCombatText(c, ctx.lang),
  };
}

function vsCreature(input: BodyT, creature: NonNullable<BodyT['creature']>, ctx: OperationContext) {
  const dice = ctx.dice(input.dice);
  const c = fightCreature(input.group, creature, dice);
  const won = c.winner === 'group';
  const consequences: Record<string, unknown> = {};
  // ANIMA-PRIOR-5: a winning prior Creature stays; the Group does not arrive and loses the turn.
  if (input.context === 'prior') Object.assign(consequences, { arrives: won, creatureStays: !won, turnLost: !won });
  // ANIMA-EXPLORE-5b/5d: losing expels the Group without reward; the Creature is discarded either way.
  if (input.context === 'exploration') Object.assign(consequences, { expelled: !won, rewardAllowed: won, creatureStays: false });
  // ANIMA-AMB-12: a lost mission fight leaves the Mission incomplete (retry allowed).
  if (input.context === 'mission') Object.assign(consequences, { missionCompleted: won });
  return {
    kind: 'creature' as const,
    group: c.group,
    creature: c.creature,
    margin: c.margin,
    winner: c.winner,
    characterDies: c.characterDies,
    casualty: c.characterDies ? ('group' as const) : null,
    // ANIMA-GROUP-5: the casualty was the Group's last Character.
    groupEliminated: c.characterDies && groupSize(input.group) === 1,
    consequences,
    dice: dice.transcript(),
    summary: creatureCombatText(c, creature.name, ctx.lang),
  };
}

export const animaCombatOperation = defineOperation({
  id: 'anima.combat',
  method: 'POST',
  path: '/v1/anima/combats',
  graphql: { name: 'animaCombat' },
  tags: ['anima'],
  summary: 'Resolve a combat: Group vs Creature or Group vs Group.',
  description: `Each side's total is its Combat + one d10 (ANIMA-COMBAT-1); the higher total wins (ANIMA-COMBAT-2).

- Send \`group\` and exactly one of \`creature\` or \`opponent\` (a second Group); both or neither → 400.
- **Dice** (CONTRACT §1): the Group's d10, then the Creature's (or opponent's) d10. d10 = 1..10 (ANIMA-AMB-1).
- **Ties** (ANIMA-COMBAT-3): against a Creature the Group wins; between Groups it is a draw (\`consequences.noRematch\`, ANIMA-INTERACT-5).
- **Heavy defeat** (ANIMA-COMBAT-4): a Group that loses by 5 or more loses one Character of its owner's choice (\`characterDies\`, \`casualty\`); \`groupEliminated\` when it was that Group's last Character (ANIMA-GROUP-5).
- Group Combat sums non-incapacitated Characters (ANIMA-INCAP-2), +2 when \`rested\` (ANIMA-MOVE-12), plus \`modifiers.combat\` from cards played before the roll (ANIMA-TIMING-3).
- **Group vs Group**: 422 \`group_size_gap\` when Character counts differ by more than 1 (ANIMA-INTERACT-3); 422 \`combat_forbidden\` when \`location.combatAllowed\` is false (ANIMA-INTERACT-2); 422 \`no_rematch\` when \`drewThisTurn\` (ANIMA-INTERACT-5). The loser is expelled and gives a random Gift (\`spoil\`: \`to_winner\`, \`none\` when its \`handSize\` is 0, \`discarded\` when the winner already holds 5 — ANIMA-AMB-9) (ANIMA-INTERACT-5).
- **Against a Creature**, \`context\` adds consequences: \`prior\` (ANIMA-PRIOR-5: a winning Creature stays, the Group does not arrive), \`exploration\` (ANIMA-EXPLORE-5: a defeat expels, no reward), \`mission\` (ANIMA-AMB-12: the Mission stays incomplete and may be retried; the margin-5 death rule still applies).`,
  body: Body,
  examples: combatExamples,
  response: Response,
  handle(input, ctx) {
    if ((input.creature === undefined) === (input.opponent === undefined)) {
      const message = 'Send exactly one of `creature` or `opponent`.';
      throw new InvalidInput(
        input.creature === undefined
          ? [{ path: '/creature', code: 'one_opponent', message }]
          : [
              { path: '/creature', code: 'one_opponent', message },
              { path: '/opponent', code: 'one_opponent', message },
            ],
      );
    }
    return input.opponent ? vsGroup(input, input.opponent, ctx) : vsCreature(input, input.creature!, ctx);
  },
});
