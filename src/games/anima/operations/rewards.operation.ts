/** anima.rewards — POST /v1/anima/rewards: which rewards a Group may claim (ANIMA-REWARD). */
import { Type } from '@sinclair/typebox';
import { rewardsExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput, pointer, type InputProblem } from '../../../kernel/errors.js';
import { rewardOptions, type Reward } from '../rules/index.js';
import { GroupSchema } from './schemas.js';
import { rewardsText } from './summaries.js';

const RewardSchema = Type.Object({
  kind: Type.Union([Type.Literal('gift'), Type.Literal('recruit'), Type.Literal('mission'), Type.Literal('special')]),
  name: Type.Optional(Type.String({ maxLength: 200, description: 'Printed name, e.g. "El Palacio".' })),
  mission: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Mission linked to a `mission` reward (required for it).' })),
});

const Body = Type.Object({
  location: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    level: Type.Integer({ minimum: 1, maximum: 3 }),
    rewards: Type.Array(RewardSchema, { minItems: 1, maxItems: 10 }),
  }),
  group: GroupSchema,
  turn: Type.Optional(Type.Integer({ minimum: 1, description: 'Current turn number (needed with `lastRecruit`).' })),
  lastRecruit: Type.Optional(
    Type.Object({ location: Type.String({ minLength: 1, maxLength: 200 }), turn: Type.Integer({ minimum: 1 }) }, { description: 'This player’s last Recruit (ANIMA-REWARD-4).' }),
  ),
  missions: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 10, description: 'Uncompleted Missions this player holds.' })),
});

const Response = Type.Object({
  rewards: Type.Array(
    Type.Object({
      index: Type.Integer(),
      kind: Type.String(),
      name: Type.Optional(Type.String()),
      mission: Type.Optional(Type.String()),
      allowed: Type.Boolean(),
      reason: Type.Optional(Type.Union([Type.Literal('hand_full'), Type.Literal('group_full'), Type.Literal('recruited_here_last_turn'), Type.Literal('no_linked_mission')])),
      draw: Type.Optional(Type.Integer({ description: 'Gift: cards that would be drawn.' })),
    }),
  ),
  summary: SummarySchema,
});

export const animaRewardsOperation = defineOperation({
  id: 'anima.rewards',
  method: 'POST',
  path: '/v1/anima/rewards',
  graphql: { name: 'animaRewards' },
  tags: ['anima'],
  summary: 'Reward eligibility after a successful exploration.',
  description: `After a successful Exploration the Group claims exactly one listed reward (ANIMA-REWARD-1). For each reward of the Location this answers whether it may be claimed and why not:

- **gift** (ANIMA-REWARD-2, ANIMA-HAND-1): draws min(level, 5 − \`group.handSize\`) (\`handSize\` defaults to 0); a full hand draws nothing and the reward is reported as not allowed (\`hand_full\`).
- **recruit** (ANIMA-REWARD-3/4): not with 4 Characters (\`group_full\`); not at the Location where this player Recruited in the immediately previous turn (\`recruited_here_last_turn\`; needs \`turn\` and \`lastRecruit\`). The limit is per player (ANIMA-EX-8).
- **mission** (ANIMA-REWARD-5): only for a player holding the linked Mission (\`missions\`), otherwise \`no_linked_mission\`.
- **special** (EX, ANIMA-REWARD-6): always selectable; its effect is the card text.

No dice are rolled. 400 when a mission reward has no \`mission\`, when \`lastRecruit\` is given without \`turn\`, or when \`lastRecruit.turn\` is not before \`turn\`.`,
  body: Body,
  examples: rewardsExamples,
  response: Response,
  handle(input, ctx) {
    const problems: InputProblem[] = [];
    input.location.rewards.forEach((r, i) => {
      if (r.kind === 'mission' && r.mission === undefined) {
        problems.push({ path: pointer('location', 'rewards', i, 'mission'), code: 'missing_mission', message: 'A mission reward names its `mission`.' });
      }
    });
    if (input.lastRecruit && input.turn === undefined) {
      problems.push({ path: '/turn', code: 'missing_turn', message: '`turn` is needed to judge `lastRecruit` (ANIMA-REWARD-4).' });
    }
    if (input.lastRecruit && input.turn !== undefined && input.lastRecruit.turn >= input.turn) {
      problems.push({ path: '/lastRecruit/turn', code: 'not_before_turn', message: '`lastRecruit.turn` must be an earlier turn.' });
    }
    if (problems.length > 0) throw new InvalidInput(problems);
    const rewards = rewardOptions({
      location: { ...input.location, rewards: input.location.rewards as Reward[] },
      characters: input.group.characters.length,
      handSize: input.group.handSize ?? 0,
      ...(input.turn !== undefined ? { turn: input.turn } : {}),
      ...(input.lastRecruit ? { lastRecruit: input.lastRecruit } : {}),
      ...(input.missions ? { missions: input.missions } : {}),
    });
    return { rewards, summary: rewardsText(rewards, ctx.lang) };
  },
});
