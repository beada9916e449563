/** POST /v1/exsilium/eliminations — victims of mines and faction abilities (EXS-COMBAT-DISCARD-3, EXS-MINE-5). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { resolveEliminations } from '../rules/index.js';
import { Count, Enum, RetreatSchema, Rules } from './schemas.js';
import { eliminationsSummary } from './summaries.js';

const Body = Type.Object({
  cause: Enum(['mine', 'syl_drone', 'keber_strike'] as const, { description: 'What eliminated the miniatures.' }),
  victims: Type.Array(
    Type.Object({
      id: Type.String({ minLength: 1, maxLength: 200, description: 'The player (or miniature) id, echoed back.' }),
      faction: Type.Optional(Type.String({ maxLength: 50, description: 'SYL, Keber, Vinsan or Wardun (release slot).' })),
      miniatures: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'Miniatures this player loses (default 1).' })),
      hand: Count('Cards in hand.'),
      factionTokens: Type.Optional(Count('Faction tokens in the personal reserve.')),
      inactiveMiniatures: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: 'Miniatures already on the player board before these deaths.' })),
      abilityTokens: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: 'Faction tokens on the ability slots.' })),
    }),
    { minItems: 1, maxItems: 16 },
  ),
});

const Response = Type.Object({
  victims: Type.Array(
    Type.Object({
      id: Type.String(),
      retreat: RetreatSchema,
      discard: Type.Object({
        rule: Type.Literal('penalty'),
        toSupplyDeck: Type.Integer(),
        markers: Type.Integer(),
        markersFromReserve: Type.Union([Type.Integer(), Type.Null()]),
        handAfter: Type.Integer(),
      }),
      factionTokensAfter: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  rules: Rules,
  summary: SummarySchema,
});

export const exsiliumEliminationsOperation = defineOperation({
  id: 'exsilium.eliminations',
  method: 'POST',
  path: '/v1/exsilium/eliminations',
  graphql: { name: 'exsiliumEliminations' },
  tags: ['exsilium'],
  summary: 'Apply the consequences of miniatures eliminated by a mine or a faction ability.',
  description: [
    'Rules: EXS-COMBAT-DISCARD-3, EXS-COMBAT-DISCARD-2, EXS-PBOARD-3/5, EXS-MINE-5, EXS-FACTION-SYL-1, EXS-FACTION-KEBER-1.',
    '- Victims apply ONLY the loser discard rule: no Baralytas or connection token changes hands, and the acting player (or the mine’s owner) gets no reward (EXS-COMBAT-DISCARD-3; for mines RECOMMENDED by EXS-MINE-5).',
    '- Per lost miniature: a faction-token marker on a free node of its tile (from the game reserve once the player has none) and 1 card into the supply deck, capped by the hand (EXS-FACTION-KEBER-1: "as many cards as miniatures lost, or all that are left").',
    '- Each lost miniature retreats in order (EXS-PBOARD-3); with `faction` and `inactiveMiniatures`, `retreat.released` tells whether one of them filled the release slot (SYL 4, Keber 4, Vinsan 3, Wardun 2; EXS-PBOARD-5): the `abilityTokens` return to the personal reserve, Wardun’s token frees its trapped miniature. More than 4 miniatures on the board → 422 `no_active_miniature`.',
  ].join('\n'),
  body: Body,
  response: Response,
  examples: [
    {
      summary: 'EXS-EX-12: a Keber strike kills two SYL miniatures and one Wardun miniature',
      value: {
        cause: 'keber_strike',
        victims: [
          { id: 'syl', faction: 'syl', miniatures: 2, hand: 1, factionTokens: 4, inactiveMiniatures: 2, abilityTokens: 1 },
          { id: 'wardun', faction: 'wardun', hand: 3, factionTokens: 0, inactiveMiniatures: 1, abilityTokens: 2 },
        ],
      },
    },
  ],
  handle(input, ctx) {
    const result = resolveEliminations(input.cause, input.victims);
    return { ...result, summary: eliminationsSummary(result, ctx.lang) };
  },
});
