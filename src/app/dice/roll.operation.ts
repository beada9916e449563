/** `dice.roll` — POST /v1/dice/rolls: roll a dice notation (CONTRACT §7.3, §8.3). */
import { defineOperation } from '../../kernel/operation.js';
import { InvalidInput, type InputProblem } from '../../kernel/errors.js';
import { BlindRollCreatedSchema, DiceRollBodySchema, DiceRollResponseSchema } from './schemas.js';
import { GRAMMAR, NOTATION_EXAMPLES } from './grammar.js';
import { ROLL_BUDGETS } from './budgets.js';
import { DEFAULT_BLIND_ROLL_BUDGET } from './blind.js';
import { preparedNotation, repeatForm, rollAnswer } from './rolling.js';

/** A blind roll's answer (201), told apart from a roll's by its commitment. */
const isCommitment = (result: unknown) => typeof (result as { commitment?: unknown } | null)?.commitment === 'string' && !('total' in (result as object));

export const diceRollOperation = defineOperation({
  id: 'dice.roll',
  method: 'POST',
  path: '/v1/dice/rolls',
  graphql: { name: 'diceRoll' },
  tags: ['dice'],
  summary: 'Roll a dice notation (4d6kh3+2, 10d10!, 4dF, 6d6>=5, 4d6[fire]…) with a full transcript; `repeat` for sets, `blind` for a provably fair hidden roll.',
  description: [
    'Rolls any notation of the grammar below for Discord bots and generic tables, with the usual `dice` (fixed `values`, a `seed`, or a random seed reported back) and transcript.',
    '**Order of the dice** (fixed `values` are consumed in this order): terms left to right; within a term, its N dice first (one transcript entry whose purpose is the term, e.g. `4d6kh3`), then die by die each reroll and explosion draw as it happens (one entry each, purpose `4d6r<2 die 3 reroll`, `10d10! die 2 explosion`). With `repeat`, set after set in that order. `dF` dice take and show their faces −1, 0, +1 (transcript entries with `"fudge": true`).',
    '`total` is the value of the whole expression; `terms` lists every dice term and constant with the values rolled, those kept, its total and its `label`. Totals are integers within ±(2^53 − 1) (beyond → 422 `out_of_range`); GraphQL types them `SafeInt`.',
    '**Sets** (`"repeat": n`, 1–100, CONTRACT §8.3): the answer gains `sets`, one roll answer per set in order; `total` is the sum of the sets\' totals, `terms` every set\'s terms in turn and `dice` the whole transcript. The budgets below count all sets together. Dice Maiden\'s form `N <notation>` (`6 4d6`, CONTRACT §9.3) means the same as `"repeat": N` (a `repeat` beside it must agree).',
    '**Blind rolls** (`"blind": true`, REST only, CONTRACT §8.3): 201 `{id, notation, commitment, createdAt, expiresAt}` and no result: `commitment` is the hex SHA-256 of a server seed chosen now. `POST /v1/dice/rolls/{id}/reveal` `{clientSeed?}` then rolls with the seeded generator and the seed `serverSeed + ":" + clientSeed` and shows both seeds, so anyone can check the commitment and recompute the roll with `"dice": {"seed": …}`. The notation and its budgets are checked before anything is kept (400 / 422 as for a roll); `dice` with `blind` is 400. GraphQL rolls openly (`blind` there is 400). ' +
      `**Storage budget** of blind rolls made without an API key: a roll is kept until \`expiresAt\` (7 days; expired rolls are deleted), and one client address keeps at most \`MAX_BLIND_ROLLS_PER_IP\` (default ${DEFAULT_BLIND_ROLL_BUDGET.perClient}) live rolls, all anonymous clients together \`MAX_BLIND_ROLLS_ANONYMOUS\` (default ${DEFAULT_BLIND_ROLL_BUDGET.total.toLocaleString('en')}): past either, 429 \`quota_exceeded\` with \`setting\`, \`limit\` and \`Retry-After\` (seconds until the oldest counted roll expires), and nothing is kept. Blind rolls sent with a valid API key are outside this budget (only the key's rate limit applies).`,
    '**Summaries**: `summary` lists at most 40 dice per term (`… +n more`) and is at most 4,000 characters; `summaryShort` is at most 1,024 (a Discord embed field).',
    ROLL_BUDGETS,
    GRAMMAR,
  ].join('\n\n'),
  body: DiceRollBodySchema,
  examples: [
    ...NOTATION_EXAMPLES.map((notation) => ({ summary: notation, value: { notation, dice: { seed: 'demo' } } })),
    { summary: '4d6kh3+2 with fixed dice', value: { notation: '4d6kh3+2', dice: { values: [6, 2, 5, 3] } } },
    { summary: 'Six sets of 4d6kh3 (repeat)', value: { notation: '4d6kh3', repeat: 6, dice: { seed: 'demo' } } },
  ],
  response: DiceRollResponseSchema,
  rest: { responses: { 201: BlindRollCreatedSchema }, status: (result) => (isCommitment(result) ? 201 : undefined) },
  handle(input, ctx) {
    // Dice Maiden's `6 4d6`: 4d6 six times (CONTRACT §9.3)
    const { notation, repeat } = repeatForm(input.notation, input.repeat);
    if (input.blind) {
      const problems: InputProblem[] = [];
      if (!ctx.blindRolls)
        problems.push({
          path: '/blind',
          code: 'rest_only',
          message: 'Blind rolls are made with REST POST /v1/dice/rolls (the 201 commitment has no GraphQL shape); GraphQL rolls openly.',
        });
      if (input.dice)
        problems.push({ path: '/dice', code: 'blind_with_dice', message: 'A blind roll chooses its own seed: send it without `dice` (the reveal takes a `clientSeed`).' });
      if (problems.length) throw new InvalidInput(problems);
      preparedNotation(notation, repeat); // 400 / 422 before anything is kept
      return ctx.blindRolls!.create(notation, repeat);
    }
    const expression = preparedNotation(notation, repeat);
    return rollAnswer(notation, expression, repeat, ctx.dice(input.dice), ctx.lang);
  },
});
