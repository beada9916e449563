/** POST /v1/exsilium/victory — the Baralytas target by player count (EXS-WIN-1…3). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { checkVictory } from '../rules/index.js';
import { BaralytasTokens, PlayerCountSchema } from './schemas.js';
import { victorySummary } from './summaries.js';
import { InvalidInput, pointer } from '../../../kernel/errors.js';

const Body = Type.Object({
  playerCount: PlayerCountSchema('Players in the game (the game plays 2–4).'),
  harder: Type.Optional(Type.Boolean({ default: false, description: 'EXS-WIN-2: the optional harder game, +2 to the target.' })),
  players: Type.Array(
    Type.Object({
      id: Type.String({ minLength: 1, maxLength: 200 }),
      baralytas: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, description: 'Baralytas points (EXS-CRYSTAL-3: at most 15).' })),
      baralytasTokens: Type.Optional(BaralytasTokens),
    }),
    { maxItems: 4, description: 'Each player with either their points or their token values.' },
  ),
});

const Response = Type.Object({
  target: Type.Integer(),
  players: Type.Array(Type.Object({ id: Type.String(), points: Type.Integer(), won: Type.Boolean() })),
  winners: Type.Array(Type.String()),
  rules: Type.Array(Type.String()),
  summary: SummarySchema,
});

export const exsiliumVictoryOperation = defineOperation({
  id: 'exsilium.victory',
  method: 'POST',
  path: '/v1/exsilium/victory',
  graphql: { name: 'exsiliumVictory' },
  tags: ['exsilium'],
  summary: 'Check who has reached the Baralytas victory target.',
  description: [
    'Rules: EXS-WIN-1…3.',
    '- Target: 2 players → 10, 3 → 8, 4 → 6 Baralytas points; `harder` adds 2 (12 / 10 / 8). Reaching the target wins at once (EXS-EX-16: 2 + 3 + 2 + 1 = 8 wins with 3 players).',
    '- Each player sends `baralytas` points or `baralytasTokens` (values); if both are sent they must agree (400 `sum_mismatch`), if neither, 400 `required`.',
    '- Since the first player to reach the target wins at once, more than one winner only happens when the caller checks late; all are listed.',
  ].join('\n'),
  body: Body,
  response: Response,
  examples: [
    {
      summary: 'EXS-EX-16: 3 players, 2 + 3 + 2 + 1 = 8 wins at once',
      value: {
        playerCount: 3,
        players: [
          { id: 'a', baralytasTokens: [2, 3, 2, 1] },
          { id: 'b', baralytas: 7 },
        ],
      },
    },
    { summary: 'EXS-WIN-2: the harder game needs 10 with 3 players', value: { playerCount: 3, harder: true, players: [{ id: 'a', baralytas: 8 }] } },
  ],
  handle(input, ctx) {
    const problems: { path: string; code: string; message: string }[] = [];
    const points = input.players.map((p, i) => {
      const fromTokens = p.baralytasTokens?.reduce((a, b) => a + b, 0);
      if (p.baralytas === undefined && fromTokens === undefined) {
        problems.push({ path: pointer('players', i, 'baralytas'), code: 'required', message: 'Send `baralytas` or `baralytasTokens`.' });
      } else if (p.baralytas !== undefined && fromTokens !== undefined && p.baralytas !== fromTokens) {
        problems.push({ path: pointer('players', i, 'baralytasTokens'), code: 'sum_mismatch', message: `The tokens add up to ${fromTokens}, not ${p.baralytas}.` });
      }
      return p.baralytas ?? fromTokens ?? 0;
    });
    if (problems.length) throw new InvalidInput(problems);
    const checks = input.players.map((p, i) => ({ id: p.id, ...checkVictory(points[i]!, input.playerCount, input.harder ?? false) }));
    const target = checkVictory(0, input.playerCount, input.harder ?? false).target;
    const winners = checks.filter((c) => c.won).map((c) => c.id);
    return {
      target,
      players: checks.map((c) => ({ id: c.id, points: c.points, won: c.won })),
      winners,
      rules: ['EXS-WIN-1', ...(input.harder ? ['EXS-WIN-2'] : [])],
      summary: victorySummary(target, winners, ctx.lang),
    };
  },
});
