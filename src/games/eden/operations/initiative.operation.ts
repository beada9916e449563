/** `eden.initiative` — POST /v1/eden/initiative: bidding for First player (EDEN-PREP-3, EDEN-FIRST-1/2). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { DiceSpecSchema, EditionSchema } from './schemas.js';
import { PlayerSchema, tr } from './phase-common.js';
import { resolveInitiative } from '../rules/initiative.js';

const SP = (d: string) => Type.Integer({ minimum: 0, maximum: 10000, description: d });
const PerPlayer = (d: string) => Type.Object({ A: SP(d), B: SP(d) }, { description: d });

export const edenInitiativeOperation = defineOperation({
  id: 'eden.initiative',
  method: 'POST',
  path: '/v1/eden/initiative',
  graphql: { name: 'edenInitiative' },
  tags: ['eden'],
  summary: 'EDEN First player: secret SP bids, roll-off on equal bids.',
  description: [
    'EDEN-PREP-3 (and every turn, EDEN-FIRST-1): each bid lies in [0, own pool] — a bid above its pool is 422 `bid_exceeds_pool` (EDEN-AMB-36: 0 is allowed, SP never go negative). Both bids are paid whoever wins (`pools` after paying).',
    '- Different bids: the higher bidder wins and **chooses** the First player (`winnerChooses: true`; `choice` names whom, default himself).',
    '- Equal bids: 1D6 each, A\'s die then B\'s (CONTRACT §1), re-rolled while equal. EDEN-AMB-11 / EDITION NOTE: with `edition: "es"` (default) the die winner **is** First player («es el Primer jugador»; `choice` ignored); with `"de"` («die höhere Zahl gewinnt») the die winner chooses, like a bid winner.',
    '- EDEN-FIRST-2: `leaderLost` — if exactly one player\'s Leader was put out of action during the previous turn, no bid and no SP: his opponent chooses (`by: "leader_lost"`); both lost → bid as normal.',
    "- EDEN-AMB-14: whether turn 1 has its own bid is the caller's choice (recommended: yes).",
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    pools: PerPlayer('Strategy Points in each pool before bidding.'),
    bids: PerPlayer('Secret bids, revealed together.'),
    choice: Type.Optional(PlayerSchema),
    leaderLost: Type.Optional(
      Type.Object({ A: Type.Optional(Type.Boolean()), B: Type.Optional(Type.Boolean()) }, { description: 'EDEN-FIRST-2: Leader put out of action during the previous turn.' }),
    ),
    dice: Type.Optional(DiceSpecSchema),
  }),
  examples: [
    { summary: 'B outbids A', value: { pools: { A: 10, B: 8 }, bids: { A: 2, B: 3 } } },
    { summary: 'Equal bids, roll-off', value: { pools: { A: 6, B: 6 }, bids: { A: 1, B: 1 }, dice: { values: [2, 2, 5, 3] } } },
  ],
  response: Type.Object(
    {
      winner: PlayerSchema,
      by: Type.Union([Type.Literal('bid'), Type.Literal('roll'), Type.Literal('leader_lost')]),
      winnerChooses: Type.Boolean(),
      firstPlayer: PlayerSchema,
      pools: Type.Object({ A: Type.Integer(), B: Type.Integer() }),
      rollOff: Type.Array(Type.Object({ A: Type.Integer(), B: Type.Integer() })),
      bids: Type.Optional(Type.Object({ A: Type.Integer(), B: Type.Integer() }, { description: 'The bids (EDEN-PREP-3).' })),
      rule: Type.Optional(Type.String()),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const dice = ctx.dice(input.dice);
    const r = resolveInitiative(input, dice);
    const rolls = r.rollOff.map((x) => `${x.A}/${x.B}`).join(', ');
    const text = {
      bid: {
        en: `Bids A ${r.bids.A}, B ${r.bids.B}: ${r.winner} outbids and chooses; First player ${r.firstPlayer} (EDEN-PREP-3).`,
        es: `Apuestas A ${r.bids.A}, B ${r.bids.B}: ${r.winner} apostó más y escoge; Primer jugador ${r.firstPlayer} (EDEN-PREP-3).`,
        de: `Gebote A ${r.bids.A}, B ${r.bids.B}: ${r.winner} bietet mehr und entscheidet; es beginnt ${r.firstPlayer} (EDEN-PREP-3).`,
      },
      roll: {
        en: `Equal bids (${r.bids.A}): roll-off ${rolls}; ${r.winner} wins${r.winnerChooses ? ' and chooses (DE reading)' : ' and is First player (ES, EDEN-AMB-11)'}; First player ${r.firstPlayer} (EDEN-PREP-3).`,
        es: `Apuestas iguales (${r.bids.A}): tiradas ${rolls}; gana ${r.winner}${r.winnerChooses ? ' y escoge (lectura DE)' : ' y es el Primer jugador (EDEN-AMB-11)'}; Primer jugador ${r.firstPlayer} (EDEN-PREP-3).`,
        de: `Gleiche Gebote (${r.bids.A}): Würfe ${rolls}; ${r.winner} gewinnt${r.winnerChooses ? ' und entscheidet' : ' und beginnt (ES, EDEN-AMB-11)'}; es beginnt ${r.firstPlayer} (EDEN-PREP-3).`,
      },
      leader_lost: {
        en: `A Leader fell last turn: no bid, ${r.winner} chooses; First player ${r.firstPlayer} (EDEN-FIRST-2).`,
        es: `Un Jefe cayó en el turno anterior: sin apuesta, escoge ${r.winner}; Primer jugador ${r.firstPlayer} (EDEN-FIRST-2).`,
        de: `Ein Anführer fiel in der Vorrunde: kein Gebot, ${r.winner} entscheidet; es beginnt ${r.firstPlayer} (EDEN-FIRST-2).`,
      },
    }[r.by];
    const pools = tr(
      { en: ` Pools now A ${r.pools.A}, B ${r.pools.B}.`, es: ` Reservas: A ${r.pools.A}, B ${r.pools.B}.`, de: ` Pools: A ${r.pools.A}, B ${r.pools.B}.` },
      ctx.lang,
    );
    return { ...r, dice: dice.transcript(), summary: tr(text, ctx.lang) + pools };
  },
});
