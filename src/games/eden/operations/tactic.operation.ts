/** `eden.tactic` — POST /v1/eden/tactics/cost: may a tactic card be played, and for how many SP. */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { EditionSchema } from './schemas.js';
import { WeatherInputSchema, tr, weatherList } from './phase-common.js';
import { checkTactic, type TacticKeyword } from '../rules/tactics.js';

export const edenTacticOperation = defineOperation({
  id: 'eden.tactic',
  method: 'POST',
  path: '/v1/eden/tactics/cost',
  graphql: { name: 'edenTacticCost' },
  tags: ['eden'],
  summary: 'EDEN tactic card: cost in SP and whether it may be played now.',
  description: [
    'Always 200 for a well-formed body: `allowed` with every `reasons` entry (`code`, `rule`) when not.',
    '- EDEN-CARD-TACTIC-5 / EDEN-TACPH-1: 2 SP; 3 SP under Snowstorm (EDEN-WEATHER-8; `weather`). A pool below the cost cannot pay (`insufficient_sp`; EDEN-AMB-36: SP never go negative). No card without the Leader on the table (`leader_absent`; ES «no está presente» / DE «ausgeschaltet»: same effect). One card per player per Tactical phase (`already_played_this_phase`).',
    "- EDEN-CARD-TACTIC-2: a name already played this game (`playedNames`, case and accents ignored) → `duplicate_name`; EDEN-AMB-15: a cancelled card's name counts as played.",
    '- EDEN-CARD-TACTIC-3: keyword `tactic` → only in the Tactical phase (`wrong_phase`, checked when `phase` is given); `first_turn` → only in turn 1 (`not_first_turn`, when `turn` is given). EDEN-AMB-17: cards without the Tactic keyword are not restricted here (their own text decides).',
    '- EDEN-TACPH-2: `cancellation` X → the opponent may pay X SP before the effect resolves (`opponentCanPay` with `opponentPool`); EDEN-AMB-15: the 2 (3) SP stay spent.',
    '- `edition`: no difference between the printings here; Snowstorm is an ES optional rule applied whenever `weather` names it.',
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    pool: Type.Integer({ minimum: 0, maximum: 10000, description: "The player's Strategy Points." }),
    leaderOnTable: Type.Optional(Type.Boolean({ description: 'Default true.' })),
    weather: Type.Optional(WeatherInputSchema),
    card: Type.Optional(
      Type.Object({
        name: Type.Optional(Type.String({ maxLength: 200 })),
        keywords: Type.Optional(Type.Array(Type.Union([Type.Literal('tactic'), Type.Literal('first_turn'), Type.Literal('cancellation')]), { maxItems: 3 })),
        cancellation: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Cancellation (X).' })),
      }),
    ),
    turn: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    phase: Type.Optional(Type.Union([Type.Literal('preparation'), Type.Literal('tactical'), Type.Literal('activation'), Type.Literal('upkeep')])),
    playedThisPhase: Type.Optional(Type.Boolean()),
    playedNames: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    opponentPool: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
  }),
  examples: [
    { summary: 'Zona contaminada in turn 1', value: { pool: 5, card: { name: 'Zona contaminada', keywords: ['tactic', 'first_turn'] }, turn: 1, phase: 'tactical' } },
    { summary: 'Snowstorm', value: { pool: 2, weather: 'snowstorm' } },
  ],
  response: Type.Object(
    {
      cost: Type.Integer(),
      allowed: Type.Boolean(),
      reasons: Type.Array(Type.Object({ code: Type.String(), rule: Type.String(), message: Type.String() })),
      poolAfter: Type.Integer(),
      cancellation: Type.Union(
        [
          Type.Object({
            cost: Type.Union([Type.Integer(), Type.Null()], { description: 'X; null when the keyword came without it.' }),
            opponentCanPay: Type.Union([Type.Boolean(), Type.Null()], { description: 'Null without `opponentPool`.' }),
            note: Type.String(),
          }),
          Type.Null(),
        ],
        { description: 'EDEN-TACPH-2: the opponent may pay X SP to cancel (the cost stays paid, EDEN-AMB-15); null without the keyword.' },
      ),
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const r = checkTactic({
      ...input,
      weather: weatherList(input.weather),
      card: input.card ? { ...input.card, keywords: input.card.keywords as TacticKeyword[] | undefined } : undefined,
    });
    const why = r.reasons.map((x) => `${x.code} (${x.rule})`).join(', ');
    const summary = r.allowed
      ? tr(
          {
            en: `The card may be played for ${r.cost} SP (EDEN-CARD-TACTIC-5, EDEN-TACPH-1); ${r.poolAfter} SP left.`,
            es: `Se puede jugar la carta por ${r.cost} PS (EDEN-CARD-TACTIC-5, EDEN-TACPH-1); quedan ${r.poolAfter} PS.`,
            de: `Die Karte kann für ${r.cost} SP gespielt werden (EDEN-CARD-TACTIC-5, EDEN-TACPH-1); ${r.poolAfter} SP bleiben.`,
          },
          ctx.lang,
        )
      : tr(
          {
            en: `The card (cost ${r.cost} SP) may not be played: ${why}.`,
            es: `La carta (coste ${r.cost} PS) no se puede jugar: ${why}.`,
            de: `Die Karte (Kosten ${r.cost} SP) darf nicht gespielt werden: ${why}.`,
          },
          ctx.lang,
        );
    return { ...r, summary };
  },
});
