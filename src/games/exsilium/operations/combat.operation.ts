/** POST /v1/exsilium/combats — player versus player (EXS-COMBAT-PVP). */
import { Type } from '@sinclair/typebox';
import { defineOperation, shuffleSeed } from '../../../kernel/operation.js';
import { ExsiliumDice, requestSeed } from './seed.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { DeckLog, outcomePile, resolvePlayerCombat } from '../rules/index.js';
import {
  RetreatMembers,
  PlayerCountSchema,
  AttackerBonus,
  BaralytasTokens,
  Committed,
  ConsequencesSchema,
  Count,
  DeckTranscriptSchema,
  DiscardRounding,
  OutcomeDeck,
  Rules,
  Seed,
} from './schemas.js';
import { combatSummary } from './summaries.js';

const Combatant = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 200 })),
  faction: Type.Optional(Type.String({ maxLength: 50, description: 'SYL, Keber, Vinsan or Wardun: the release slot for the check on a loss (EXS-PBOARD-5).' })),
  ...RetreatMembers,
  committed: Committed,
  hand: Type.Optional(Count('Cards in hand when the combat starts, laid cards included (default: the laid cards).')),
  baralytasTokens: Type.Optional(BaralytasTokens),
  connectionTokens: Type.Optional(Count('Connection tokens held.')),
  factionTokens: Type.Optional(Count('Faction tokens in the personal reserve.')),
  reserveFactionTokens: Type.Optional(Count('This player’s faction tokens in the game reserve (EXS-TOKEN-4).')),
  give: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'Baralytas token value handed over on a loss (the loser’s choice; default the lowest held).' })),
});

const Body = Type.Object({
  attacker: Combatant,
  defender: Combatant,
  attackerBonus: Type.Optional(AttackerBonus),
  outcomeDeck: Type.Optional(OutcomeDeck),
  seed: Type.Optional(Seed),
  dice: Type.Optional(ExsiliumDice),
  discardRounding: Type.Optional(DiscardRounding),
  playerCount: Type.Optional(PlayerCountSchema('Players in the game: checks the winner against the victory target (EXS-WIN-3).')),
  harder: Type.Optional(Type.Boolean({ description: 'EXS-WIN-2: +2 to the victory target.' })),
});

const Role = Type.Union([Type.Literal('attacker'), Type.Literal('defender')]);
const Response = Type.Object({
  attackerStrength: Type.Integer(),
  defenderStrength: Type.Integer(),
  outcomeDraws: Type.Array(Type.Object({ side: Role, card: Type.Integer() })),
  totals: Type.Object({ attacker: Type.Integer(), defender: Type.Integer() }),
  winner: Role,
  endedBy: Type.Union([Type.Literal('strength'), Type.Literal('outcome'), Type.Literal('no_defence')]),
  consequences: Type.Object({ attacker: ConsequencesSchema, defender: ConsequencesSchema }),
  victory: Type.Union([Type.Object({ target: Type.Integer(), points: Type.Integer(), won: Type.Boolean() }), Type.Null()]),
  decks: DeckTranscriptSchema,
  rules: Rules,
  summary: SummarySchema,
});

export const exsiliumCombatOperation = defineOperation({
  id: 'exsilium.combat',
  method: 'POST',
  path: '/v1/exsilium/combats',
  graphql: { name: 'exsiliumCombat' },
  tags: ['exsilium'],
  summary: 'Resolve a combat between two players’ miniatures: laying, reveal, Outcome, rewards and discards.',
  description: [
    'Rules: EXS-COMBAT-PVP-1…6, EXS-COMBAT-DISCARD-1/2, EXS-TOKEN-4, EXS-WIN-3, EXS-DECK-2.',
    '- **Laying** (EXS-COMBAT-PVP-1/2): the attacker lays k ≥ 1 cards (422 `must_commit`); an attacker with an empty hand lays 0 (EXS-AMB-21). The defender lays at most k (422 `reply_too_large`) and, holding k or fewer, the whole hand (422 `whole_hand_required`). More laid than held → 422 `not_enough_cards`. A defender with no cards loses at once (`endedBy: "no_defence"`, OCR-17).',
    '- **Reveal** (EXS-COMBAT-PVP-3): sums of the laid strengths, `attackerBonus` to the attacker (terrain, EXS-BOARD-5); higher wins.',
    '- **Outcome** (EXS-COMBAT-PVP-4): equal totals → the attacker draws, then the defender, repeated until different. The Outcome deck is the full 6 cards: a given `outcomeDeck` is its top, the rest shuffled from `seed` beneath; drawn cards are reshuffled if it runs out (EXS-DECK-2, EXS-AMB-7). Every draw and shuffle is in `decks`.',
    '- **Conclusion** (EXS-COMBAT-PVP-5): the loser hands over 1 Baralytas token (`give`, else the lowest held) and 1 connection token, each if any; the winner takes 1 of their own faction tokens from the game reserve if any (EXS-AMB-13). When a count was not sent the change is reported with `ifAny: true`.',
    '- **Discards**: laid cards return to hand (EXS-COMBAT-PVP-6); the winner discards ceil(25 % of `hand`) (EXS-AMB-25: `discardRounding: "nearest"` follows the OCR’d table row "1 of 5"); the loser places a faction-token marker (from the game reserve if they have none) and puts 1 card — one laid in the combat if any (EXS-AMB-27) — into the supply deck; a loser with no cards drops none. The loser’s miniature retreats.',
    '- **Retreat and release** (EXS-PBOARD-3/5): with the loser’s `faction` and `inactiveMiniatures` (miniatures already on their board), `consequences.<loser>.retreat` gives the slot filled and `released: true` when it is the release slot (SYL 4, Keber 4, Vinsan 3, Wardun 2): the `abilityTokens` on the slots go back to the personal reserve and, for Wardun, the Wardun token leaves the board and frees the trapped miniature. 4 miniatures already on the board → 422 `no_active_miniature`.',
    '- **Victory** (EXS-WIN-3): with `playerCount` and the winner’s `baralytasTokens`, the new points are checked against the target.',
  ].join('\n'),
  body: Body,
  response: Response,
  examples: [
    {
      summary: 'EXS-EX-7: Pedro (SYL) 8 vs Juan (Keber) 8 → Outcome 4 vs 8, Juan wins',
      value: {
        attacker: { id: 'pedro', faction: 'syl', committed: [2, 2, 2, 2], baralytasTokens: [2], connectionTokens: 1, factionTokens: 5, inactiveMiniatures: 0 },
        defender: { id: 'juan', faction: 'keber', committed: [1, 2, 2, 3], baralytasTokens: [3], connectionTokens: 0, factionTokens: 6, reserveFactionTokens: 2 },
        outcomeDeck: [4, 8, 4, 4, 8, 10],
        playerCount: 2,
      },
    },
    {
      summary: 'A defender with no cards loses at once (OCR-17); Wardun’s second retreat releases the ability',
      value: { attacker: { committed: [3] }, defender: { committed: [], hand: 0, faction: 'wardun', inactiveMiniatures: 1, abilityTokens: 2 }, seed: 'example' },
    },
  ],
  handle(input, ctx) {
    const log = new DeckLog(requestSeed(input) ?? shuffleSeed(ctx));
    const result = resolvePlayerCombat(input, outcomePile(log, input.outcomeDeck));
    return { ...result, decks: log.transcript(), summary: combatSummary(result, ctx.lang) };
  },
});
