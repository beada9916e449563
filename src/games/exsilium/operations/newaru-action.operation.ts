/** POST /v1/exsilium/newaru/actions — a player's combat against a Newaru (EXS-COMBAT-NEWARU). */
import { Type, type Static } from '@sinclair/typebox';
import { defineOperation, shuffleSeed } from '../../../kernel/operation.js';
import { ExsiliumDice, requestSeed } from './seed.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput, type InputProblem, pointer } from '../../../kernel/errors.js';
import { DeckLog, outcomePile, resolveNewaruCombat, TIERS, type Tier } from '../rules/index.js';
import {
  Enum,
  RetreatMembers,
  AttackerBonus,
  BaralytasTokens,
  Committed,
  ConsequencesSchema,
  Count,
  DeckTranscriptSchema,
  DiscardRounding,
  EnemyCardSchema,
  OutcomeDeck,
  Rules,
  Seed,
} from './schemas.js';
import { newaruActionSummary } from './summaries.js';

const RevealedCardSchema = Type.Object(
  {
    ...EnemyCardSchema.properties,
    outcomeBonus: Type.Optional(Type.Integer({ description: 'An effect card that drew an Outcome card: its value, added to the next attack.' })),
  },
  { title: 'ExsiliumRevealedCard', description: 'An enemy card as revealed.' },
);
const Id = Type.String({ minLength: 1, maxLength: 200 });
const TierDecks = (what: string) => {
  const pile = (tier: Tier) => Type.Optional(Type.Array(EnemyCardSchema, { maxItems: 60, description: `${tier} ${what}` }));
  return (description: string) => Type.Object({ basic: pile('basic'), intermediate: pile('intermediate'), advanced: pile('advanced') }, { description });
};

const Body = Type.Object({
  playerBaralytas: Type.Integer({ minimum: 0, maximum: 15, description: 'The player’s Baralytas points (EXS-CRYSTAL-3: at most 15). Picks the enemy deck.' }),
  committed: Committed,
  favourableZone: Type.Optional(Type.Boolean({ default: false, description: 'The player holds a Favourable Zone card and uses it if the attack is evadable.' })),
  attacker: Enum(['player', 'newaru'] as const, { description: 'Who started the fight: draws the first Outcome card on a tie.' }),
  decks: Type.Optional(
    TierDecks('deck in draw order (top first).')(
      'Enemy action decks by level, in draw order. REQUIRED for the level `playerBaralytas` calls for (the rulebook prints no enemy cards): missing → 422 `enemy_deck_missing` at `/decks/<tier>`. Optional only with `emptyHandLoses` when it applies, or in a match that already holds that level.',
    ),
  ),
  discards: Type.Optional(TierDecks('discard pile, reshuffled into the deck when it runs out (EXS-DECK-3).')('Enemy discard piles by level (EXS-DECK-3).')),
  outcomeDeck: Type.Optional(OutcomeDeck),
  seed: Type.Optional(Seed),
  dice: Type.Optional(ExsiliumDice),
  hand: Type.Optional(Count('Cards in hand at the combat, committed ones and Favourable Zone included (default: committed + Favourable Zone).')),
  attackerBonus: Type.Optional(AttackerBonus),
  baralytasTokens: Type.Optional(BaralytasTokens),
  returnToken: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'Token returned on a loss (player’s choice; default the lowest of `baralytasTokens`).' })),
  connectionTokens: Type.Optional(Count('Connection tokens held.')),
  factionTokens: Type.Optional(Count('Faction tokens in the personal reserve.')),
  reserve: Type.Optional(
    Type.Object({
      connectionTokens: Type.Optional(Count('Connection tokens left in the general reserve.')),
      factionTokens: Type.Optional(Count('This player’s faction tokens in the game reserve.')),
    }),
  ),
  crossTile: Type.Optional(Type.Boolean({ description: 'The miniature and the Newaru stand on different tiles (EXS-NEWARU-SPAWN-3).' })),
  newaruTileOccupied: Type.Optional(Type.Boolean({ description: 'Faction miniatures stand on the Newaru’s tile (EXS-AMB-20).' })),
  discardRounding: Type.Optional(DiscardRounding),
  faction: Type.Optional(
    Type.String({ maxLength: 50, description: 'The player’s faction (SYL, Keber, Vinsan, Wardun): the release slot for the check on a loss (EXS-PBOARD-5).' }),
  ),
  ...RetreatMembers,
  emptyHandLoses: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'EXS-AMB-3b strict variant: a player attacked by the Newaru (`attacker: "newaru"`) with an empty `hand` loses at once, no enemy card revealed. Default false: the deferred combat at turn start after the refill.',
    }),
  ),
  board: Type.Optional(
    Type.Object(
      {
        nodes: Type.Array(
          Type.Object({
            id: Id,
            tile: Id,
            neighbors: Type.Array(Id, { maxItems: 16 }),
            crystal: Type.Optional(Type.Boolean({ description: 'A crystal deposit.' })),
            token: Type.Optional(Type.Boolean({ description: 'A Baralytas token lies on this deposit.' })),
            destroyed: Type.Optional(Type.Boolean()),
          }),
          { minItems: 1, maxItems: 2000 },
        ),
        defeatedAt: Id,
      },
      {
        description:
          'The map and the node where the player’s miniature fights: on a loss, names the nearest deposit without a token for the returned Baralytas token (EXS-AMB-24).',
      },
    ),
  ),
});

const Response = Type.Object({
  tier: Type.Union([Type.Literal('basic'), Type.Literal('intermediate'), Type.Literal('advanced')]),
  revealed: Type.Array(RevealedCardSchema, {
    description: 'Enemy cards revealed, in order; effect cards that drew an Outcome bonus carry `outcomeBonus`.',
  }),
  playerStrength: Type.Integer(),
  enemyStrength: Type.Integer({ description: 'Attack damage plus carried bonuses (0 when no attack card was reached).' }),
  outcomeDraws: Type.Array(Type.Object({ side: Type.Union([Type.Literal('player'), Type.Literal('newaru')]), card: Type.Integer() }), {
    description: 'Tie-break draws only, attacker first.',
  }),
  totals: Type.Object({ player: Type.Integer(), newaru: Type.Integer() }),
  winner: Type.Union([Type.Literal('player'), Type.Literal('newaru'), Type.Null()], {
    description:
      '`null` when nobody wins: the attack was evaded with Favourable Zone (`evaded: true`, `endedBy: "evaded"`) or a non-chaining effect card ended the combat (`endedBy: "effect"`); then `consequences.player` is null and the Newaru stays.',
  }),
  evaded: Type.Boolean(),
  endedBy: Type.Union([Type.Literal('strength'), Type.Literal('outcome'), Type.Literal('evaded'), Type.Literal('effect'), Type.Literal('no_defence')]),
  consequences: Type.Object({
    player: Type.Union([ConsequencesSchema, Type.Null()]),
    newaru: Type.Union([Type.Literal('removed'), Type.Literal('respawned'), Type.Literal('stays')]),
    favourableZoneDiscarded: Type.Boolean(),
    handAfter: Type.Integer(),
  }),
  enemyDeck: Type.Object(
    { tier: Type.String(), drawPile: Type.Array(EnemyCardSchema, { description: 'Top first.' }), discard: Type.Array(EnemyCardSchema) },
    { description: 'The level’s deck and discard pile after the combat.' },
  ),
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

export const exsiliumNewaruActionOperation = defineOperation({
  id: 'exsilium.newaruAction',
  method: 'POST',
  path: '/v1/exsilium/newaru/actions',
  graphql: { name: 'exsiliumNewaruAction' },
  tags: ['exsilium'],
  summary: 'Resolve a combat against a Newaru: enemy action, reveal, Outcome, Conclusion.',
  description: [
    'Rules: EXS-COMBAT-NEWARU-1…6, EXS-KW-FAVZONE, EXS-COMBAT-DISCARD-1/2, EXS-DECK-2/3, EXS-NEWARU-SPAWN-2/3, EXS-PBOARD-3/5, EXS-AMB-3b/22/23/24/25/27.',
    '- **`decks` is required for the level the player needs.** The rulebook prints no enemy action cards (only "Implacable" and a "15 damage, evadable" attack as examples), so the caller sends each level’s cards: `decks.<level>` in draw order (top first), optionally `discards.<level>`. If `decks.<level>` is absent and `discards.<level>` is empty for the needed level → 422 `enemy_deck_missing` with `tier` and `path: "/decks/<tier>"` (e.g. `/decks/advanced`); an empty `decks.<level>: []` with nothing to reshuffle is 422 `deck_exhausted`. Other levels may be omitted.',
    '- **Level** (EXS-COMBAT-NEWARU-1): `playerBaralytas` ≤ 3 → basic, 4–7 → intermediate, ≥ 8 → advanced; even when the player started the fight, the enemy card comes first.',
    '- **Effect cards** (EXS-COMBAT-NEWARU-2): `drawOutcome` draws an Outcome card and adds it to the next attack, `bonus` adds a fixed amount, `chain` reveals another card of the same level. A card named "Implacable" does both by default (EXS-EX-9). A chain that can never reach an attack → 422 `endless_chain`.',
    '- **Attack cards** (EXS-COMBAT-NEWARU-3): the player’s `committed` strengths (any number ≥ 0) against the damage plus carried bonuses; `attackerBonus` (terrain) goes to whoever attacked. Higher wins; equal → Outcome cards, the attacker’s first (`attacker`: Newaru or player), repeated until different (EXS-COMBAT-NEWARU-4).',
    '- **`winner: null` — no winner, no loser**: (a) `favourableZone: true` against an attack card with `evadable: true` evades it (EXS-KW-FAVZONE, EXS-AMB-23; only evadable cards): `evaded: true`, `endedBy: "evaded"`, the Favourable Zone card is discarded; (b) an effect card that does not chain ends the combat (EXS-AMB-22): `endedBy: "effect"`, `enemyStrength: 0`. In both cases `consequences.player` is null, nothing is gained or lost and the Newaru stays.',
    '- **Strict empty hand** (EXS-AMB-3b, option `emptyHandLoses`): attacked by the Newaru (`attacker: "newaru"`) with `hand: 0`, the player loses at once (`endedBy: "no_defence"`), no card is revealed and no deck is needed. Default off: the combat waits for the start of the player’s turn, after the refill (EXS-COMBAT-TRIGGER-3).',
    '- **Decks**: revealed cards go to the level’s discard pile, which is reshuffled from `seed` only when the deck is empty (EXS-DECK-3); nothing left → 422 `deck_exhausted`. The Outcome deck is the full 6 cards (3 × 4, 2 × 8, 1 × 10): a given `outcomeDeck` is its top and may not name more cards of a value than the deck holds (400 `not_in_deck`); the rest is shuffled beneath; drawn cards are reshuffled if it runs out mid-combat (EXS-DECK-2, EXS-AMB-7). Every draw and shuffle is in `decks`.',
    '- **Win** (EXS-COMBAT-NEWARU-5): +1 connection and +1 faction token from the reserve (if any; `ifAny` when the reserve was not sent), winner discard ceil(25 % of `hand`) (EXS-AMB-25 switch `discardRounding: "nearest"` follows the OCR’d row "1 of 5"), the Newaru is removed — or jumps to its portal when the fight was across tiles and its tile has no faction miniature (EXS-NEWARU-SPAWN-3, EXS-AMB-20).',
    '- **Loss** (EXS-COMBAT-NEWARU-6): the miniature retreats — with `faction` and `inactiveMiniatures`, `consequences.player.retreat` gives its slot and whether it releases the ability (EXS-PBOARD-5: slot 4 for SYL/Keber, 3 Vinsan, 2 Wardun; the slot tokens (`abilityTokens`) return to the personal reserve, Wardun’s token frees the trapped miniature); 1 Baralytas token (`returnToken`, default the lowest) goes to the nearest deposit without a token (EXS-AMB-24: with `board`, `baralytas.deposit` names it, steps counted over the node graph, ties listed for the player’s choice); a faction-token marker is placed (from the game reserve if none) and 1 card — one laid in the combat if any (EXS-AMB-27) — goes to the supply deck, creating it if needed.',
    '- Laid cards go back to the hand after the combat (EXS-COMBAT-PVP-6), so the winner’s hand for the discard is `hand`.',
  ].join('\n'),
  body: Body,
  response: Response,
  examples: [
    {
      summary: 'EXS-EX-9: Implacable (+4) then "15 damage" = 19 against 19 → Outcome, player first',
      value: {
        playerBaralytas: 5,
        committed: [10, 9],
        attacker: 'player',
        decks: {
          intermediate: [
            { name: 'Implacable', kind: 'effect' },
            { name: '15 damage', kind: 'attack', damage: 15, evadable: true },
          ],
        },
        outcomeDeck: [4, 8, 10, 4, 4, 8],
        seed: 'example',
      },
    },
    {
      summary: 'A loss to a Newaru: Vinsan’s third retreat releases the ability; the token goes to the nearest free deposit',
      value: {
        playerBaralytas: 3,
        baralytasTokens: [1, 2],
        committed: [4],
        hand: 3,
        attacker: 'newaru',
        faction: 'vinsan',
        inactiveMiniatures: 2,
        abilityTokens: 2,
        decks: { basic: [{ name: 'Bite', kind: 'attack', damage: 10 }] },
        board: {
          nodes: [
            { id: 'a', tile: 'T', neighbors: ['b'] },
            { id: 'b', tile: 'T', neighbors: ['a', 'c'], crystal: true },
            { id: 'c', tile: 'T', neighbors: ['b'] },
          ],
          defeatedAt: 'a',
        },
        seed: 'example',
      },
    },
  ],
  handle(input, ctx) {
    checkCards(input);
    const log = new DeckLog(requestSeed(input) ?? shuffleSeed(ctx));
    const outcome = outcomePile(log, input.outcomeDeck);
    const result = resolveNewaruCombat(input, log, { decks: input.decks, discards: input.discards }, outcome);
    return {
      ...result,
      decks: log.transcript(),
      summary: newaruActionSummary(result, ctx.lang),
    };
  },
});
