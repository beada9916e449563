/** POST /v1/exsilium/newaru/actions — a player's combat against a Newaru (EXS-COMBAT-NEWARU). */
import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { defineOperation } from '../operation.js';
import { SummarySchema } from '../schemas/common.js';
import { InvalidInput, type InputProblem, pointer } from '../../games/errors.js';
import { DeckLog, outcomePile, resolveNewaruCombat, TIERS, type Tier } from '../../games/exsilium/index.js';
import { Enum, AttackerBonus, BaralytasTokens, Committed, ConsequencesSchema, Count, DeckTranscriptSchema, DiscardRounding, OutcomeDeck, Rules, Seed } from './schemas.js';
import { newaruActionSummary } from './summaries.js';

const EnemyCardSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    kind: Enum(['attack', 'effect'] as const),
    damage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Attack cards (required for them): damage printed.' })),
    evadable: Type.Optional(Type.Boolean({ description: 'Attack cards: "can be evaded with Favourable Zone".' })),
    chain: Type.Optional(Type.Boolean({ description: 'Effect cards: reveal another card of the same level next (default true only for "Implacable").' })),
    drawOutcome: Type.Optional(Type.Boolean({ description: 'Effect cards: draw an Outcome card and add it to the next attack (default true only for "Implacable").' })),
    bonus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Effect cards: fixed bonus added to the next attack.' })),
  },
  { description: 'An enemy action card (CONTRACT §4: `{"name", "kind": "attack"/"effect", "damage"?, ...}`).' },
);
const TierDecks = (what: string) => {
  const pile = (tier: Tier) => Type.Optional(Type.Array(EnemyCardSchema, { maxItems: 60, description: `${tier} ${what}` }));
  return Type.Object({ basic: pile('basic'), intermediate: pile('intermediate'), advanced: pile('advanced') });
};

const Body = Type.Object({
  playerBaralytas: Type.Integer({ minimum: 0, maximum: 15, description: 'The player’s Baralytas points (EXS-CRYSTAL-3: at most 15). Picks the enemy deck.' }),
  committed: Committed,
  favourableZone: Type.Optional(Type.Boolean({ default: false, description: 'The player holds a Favourable Zone card and uses it if the attack is evadable.' })),
  attacker: Enum(['player', 'newaru'] as const, { description: 'Who started the fight: draws the first Outcome card on a tie.' }),
  decks: Type.Optional(TierDecks('deck in draw order (top first).')),
  discards: Type.Optional(TierDecks('discard pile, reshuffled into the deck when it runs out (EXS-DECK-3).')),
  outcomeDeck: Type.Optional(OutcomeDeck),
  seed: Type.Optional(Seed),
  hand: Type.Optional(Count('Cards in hand at the combat, committed ones and Favourable Zone included (default: committed + Favourable Zone).')),
  attackerBonus: Type.Optional(AttackerBonus),
  baralytasTokens: Type.Optional(BaralytasTokens),
  returnToken: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'Token returned on a loss (player’s choice; default the lowest of `baralytasTokens`).' })),
  connectionTokens: Type.Optional(Count('Connection tokens held.')),
  factionTokens: Type.Optional(Count('Faction tokens in the personal reserve.')),
  reserve: Type.Optional(Type.Object({ connectionTokens: Type.Optional(Count('Connection tokens left in the general reserve.')), factionTokens: Type.Optional(Count('This player’s faction tokens in the game reserve.')) })),
  crossTile: Type.Optional(Type.Boolean({ description: 'The miniature and the Newaru stand on different tiles (EXS-NEWARU-SPAWN-3).' })),
  newaruTileOccupied: Type.Optional(Type.Boolean({ description: 'Faction miniatures stand on the Newaru’s tile (EXS-AMB-20).' })),
  discardRounding: Type.Optional(DiscardRounding),
});

const Response = Type.Object({
  tier: Type.Union([Type.Literal('basic'), Type.Literal('intermediate'), Type.Literal('advanced')]),
  revealed: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Enemy cards revealed, in order; effect cards that drew an Outcome bonus carry `outcomeBonus`.' }),
  playerStrength: Type.Integer(),
  enemyStrength: Type.Integer({ description: 'Attack damage plus carried bonuses (0 when no attack card was reached).' }),
  outcomeDraws: Type.Array(Type.Object({ side: Type.Union([Type.Literal('player'), Type.Literal('newaru')]), card: Type.Integer() }), { description: 'Tie-break draws only, attacker first.' }),
  totals: Type.Object({ player: Type.Integer(), newaru: Type.Integer() }),
  winner: Type.Union([Type.Literal('player'), Type.Literal('newaru'), Type.Null()]),
  evaded: Type.Boolean(),
  endedBy: Type.Union([Type.Literal('strength'), Type.Literal('outcome'), Type.Literal('evaded'), Type.Literal('effect')]),
  consequences: Type.Object({
    player: Type.Union([ConsequencesSchema, Type.Null()]),
    newaru: Type.Union([Type.Literal('removed'), Type.Literal('respawned'), Type.Literal('stays')]),
    favourableZoneDiscarded: Type.Boolean(),
    handAfter: Type.Integer(),
  }),
  enemyDeck: Type.Object({ tier: Type.String(), drawPile: Type.Array(Type.Unknown()), discard: Type.Array(Type.Unknown()) }, { description: 'The level’s deck and discard pile after the combat.' }),
  decks: DeckTranscriptSchema,
  rules: Rules,
  summary: SummarySchema,
});

/** Attack cards must print their damage (checked after the schema, all at once). */
function checkCards(input: Static<typeof Body>): void {
  const problems: InputProblem[] = [];
  for (const group of ['decks', 'discards'] as const) {
    for (const tier of TIERS) {
      input[group]?.[tier]?.forEach((card, i) => {
        if (card.kind === 'attack' && card.damage === undefined) {
          problems.push({ path: pointer(group, tier, i, 'damage'), code: 'required', message: 'An attack card must have its `damage`.' });
        }
      });
    }
  }
  if (problems.length) throw new InvalidInput(problems);
}

export const newaruAction = defineOperation({
  id: 'exsilium.newaruAction',
  method: 'POST',
  path: '/v1/exsilium/newaru/actions',
  graphql: { name: 'exsiliumNewaruAction', kind: 'mutation' },
  tags: ['exsilium'],
  summary: 'Resolve a combat against a Newaru: enemy action, reveal, Outcome, Conclusion.',
  description: [
    'Rules: EXS-COMBAT-NEWARU-1…6, EXS-KW-FAVZONE, EXS-COMBAT-DISCARD-1/2, EXS-DECK-2/3, EXS-NEWARU-SPAWN-2/3.',
    '- **Level** (EXS-COMBAT-NEWARU-1): `playerBaralytas` ≤ 3 → basic, 4–7 → intermediate, ≥ 8 → advanced. The rulebook does not list the enemy cards, so the needed level’s deck must be sent (else 422 `enemy_deck_missing`).',
    '- **Effect cards** (EXS-COMBAT-NEWARU-2): `drawOutcome` draws an Outcome card and adds it to the next attack, `bonus` adds a fixed amount, `chain` reveals another card of the same level. A card named "Implacable" does both by default (EXS-EX-9). An effect that does not chain ends the combat with no winner (EXS-AMB-22). A chain that can never reach an attack → 422 `endless_chain`.',
    '- **Favourable Zone** (EXS-AMB-23): only an attack card with `evadable: true` can be evaded; the card is discarded, no winner.',
    '- **Strength**: the player’s committed cards (any number ≥ 0) against the damage; `attackerBonus` goes to whoever attacked. Equal → Outcome cards, attacker first, repeated until different (EXS-COMBAT-NEWARU-4).',
    '- **Decks**: `decks.<level>` is the draw order; revealed cards go to the level’s discard pile, which is reshuffled from `seed` only when the deck is empty (EXS-DECK-3); nothing left → 422 `deck_exhausted`. The Outcome deck is the full 6 cards; a given order is its top, the rest shuffled beneath; drawn cards are reshuffled if it runs out mid-combat (EXS-DECK-2, EXS-AMB-7). Every draw and shuffle is in `decks`.',
    '- **Win** (EXS-COMBAT-NEWARU-5): +1 connection and +1 faction token from the reserve (if any; `ifAny` when the reserve was not sent), winner discard ceil(25 % of the hand) (EXS-AMB-25 switch `discardRounding`), the Newaru is removed — or jumps to its portal when the fight was across tiles and its tile has no faction miniature (EXS-NEWARU-SPAWN-3, EXS-AMB-20).',
    '- **Loss** (EXS-COMBAT-NEWARU-6): the miniature retreats, 1 Baralytas token (the player’s choice: `returnToken`, default the lowest) goes to the nearest deposit without a token (EXS-AMB-24), a faction-token marker is placed (from the game reserve if none) and 1 card goes to the supply deck (EXS-AMB-27).',
    '- Laid cards go back to the hand after the combat (EXS-COMBAT-PVP-6), so the winner’s hand for the discard is `hand`.',
  ].join('\n'),
  body: Body,
  response: Response,
  handle(input, ctx) {
    checkCards(input);
    const log = new DeckLog(input.seed ?? randomUUID());
    const outcome = outcomePile(log, input.outcomeDeck);
    const result = resolveNewaruCombat(input, log, { decks: input.decks, discards: input.discards }, outcome);
    return {
      ...result,
      decks: log.transcript(),
      summary: newaruActionSummary(result, ctx.lang),
    };
  },
});
