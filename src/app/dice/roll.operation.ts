/** `dice.roll` — POST /v1/dice/rolls: roll a dice notation (CONTRACT §7.3). */
import { defineOperation } from '../operation.js';
import { parseNotation, rollNotation } from '../../games/dice/notation/index.js';
import { DiceRollBodySchema, DiceRollResponseSchema } from './schemas.js';
import { GRAMMAR, NOTATION_EXAMPLES } from './grammar.js';
import { ROLL_BUDGETS } from './budgets.js';
import { rollText } from './summaries.js';

export const diceRollOperation = defineOperation({
  id: 'dice.roll',
  method: 'POST',
  path: '/v1/dice/rolls',
  graphql: { name: 'diceRoll' },
  tags: ['dice'],
  summary: 'Roll a dice notation (4d6kh3+2, 10d10!, 4dF, 6d6>=5…) with a full transcript.',
  description: [
    'Rolls any notation of the grammar below for Discord bots and generic tables, with the usual `dice` (fixed `values`, a `seed`, or a random seed reported back) and transcript.',
    '**Order of the dice** (fixed `values` are consumed in this order): terms left to right; within a term, its N dice first (one transcript entry whose purpose is the term, e.g. `4d6kh3`), then die by die each reroll and explosion draw as it happens (one entry each, purpose `4d6r<2 die 3 reroll`, `10d10! die 2 explosion`).',
    '`total` is the value of the whole expression; `terms` lists every dice term and constant with the values rolled, those kept and its total. Totals are integers within ±(2^53 − 1) (beyond → 422 `out_of_range`); GraphQL types them `SafeInt`.',
    ROLL_BUDGETS,
    GRAMMAR,
  ].join('\n\n'),
  body: DiceRollBodySchema,
  examples: [
    ...NOTATION_EXAMPLES.map((notation) => ({ summary: notation, value: { notation, dice: { seed: 'demo' } } })),
    { summary: '4d6kh3+2 with fixed dice', value: { notation: '4d6kh3+2', dice: { values: [6, 2, 5, 3] } } },
  ],
  response: DiceRollResponseSchema,
  handle(input, ctx) {
    const expression = parseNotation(input.notation);
    const dice = ctx.dice(input.dice);
    const rolled = rollNotation(expression, dice);
    return { notation: input.notation, total: rolled.total, terms: rolled.terms, dice: dice.transcript(), summary: rollText(input.notation, rolled, ctx.lang) };
  },
});
