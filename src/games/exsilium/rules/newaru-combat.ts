/** A player's combat against a Newaru (EXS-COMBAT-NEWARU-1…6, EXS-KW-FAVZONE). */
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { type DeckLog, Pile, type PileState } from './decks.js';
import { type EnemyCard, type RevealedCard, type Tier, revealEnemyAction, tierFor } from './enemy-actions.js';
import { breakTie, type OutcomeCard, type OutcomeDraw } from './outcome.js';
import { type BaralytasChange, type Consequences, type DiscardRounding, loserDiscard, markerTokens, NO_BARALYTAS, receiveFrom, unchanged, winnerDiscard } from './consequences.js';
import { type DepositNode, nearestFreeDeposit } from './deposits.js';
import { retreat } from './retreat.js';

export type NewaruSide = 'player' | 'newaru';

export interface NewaruCombatInput {
  playerBaralytas: number;
  /** Values of the Baralytas tokens held (they must add up to playerBaralytas). */
  baralytasTokens?: number[];
  /** The token the player returns if they lose (their choice; default the lowest held). */
  returnToken?: number;
  /** Strengths of the cards the player reveals (EXS-COMBAT-NEWARU-3). */
  committed: number[];
  /** Cards in hand at the combat, committed ones included (default: the committed cards, plus Favourable Zone). */
  hand?: number;
  favourableZone?: boolean;
  attacker: NewaruSide;
  /** Terrain "+2 TO THE ATTACKER IN THIS ZONE" and similar (EXS-BOARD-5). */
  attackerBonus?: number;
  connectionTokens?: number;
  factionTokens?: number;
  reserve?: { connectionTokens?: number; factionTokens?: number };
  /** The player's miniature and the Newaru stand on different tiles (EXS-NEWARU-SPAWN-3). */
  crossTile?: boolean;
  /** Faction miniatures stand on the Newaru's own tile (EXS-AMB-20). */
  newaruTileOccupied?: boolean;
  discardRounding?: DiscardRounding;
  /** The player's faction, for the release check on a loss (EXS-PBOARD-5). */
  faction?: string;
  /** Miniatures already on the player board before this combat (0–3). */
  inactiveMiniatures?: number;
  /** Faction tokens on the ability slots (0–2). */
  abilityTokens?: number;
  /** EXS-AMB-3b strict variant: a player attacked by a Newaru with an empty hand loses at once. */
  emptyHandLoses?: boolean;
  /** The board and the node where the miniature fights, to pick the deposit a lost token goes to (EXS-AMB-24). */
  board?: { nodes: DepositNode[]; defeatedAt: string };
}

export interface NewaruCombatResult {
  tier: Tier;
  revealed: RevealedCard[];
  playerStrength: number;
  enemyStrength: number;
  outcomeDraws: OutcomeDraw<NewaruSide>[];
  totals: Record<NewaruSide, number>;
  winner: NewaruSide | null;
  evaded: boolean;
  /** How the combat ended: `strength`, `outcome` (tie broken), `evaded`, `effect` (EXS-AMB-22), `no_defence` (EXS-AMB-3b strict). */
  endedBy: 'strength' | 'outcome' | 'evaded' | 'effect' | 'no_defence';
  consequences: {
    player: Consequences | null;
    newaru: 'removed' | 'respawned' | 'stays';
    favourableZoneDiscarded: boolean;
    handAfter: number;
  };
  /** The level's deck and discard pile after the combat. */
  enemyDeck: PileState<EnemyCard> & { tier: Tier };
  rules: string[];
}

export interface EnemyDecks {
  decks?: Partial<Record<Tier, EnemyCard[]>>;
  discards?: Partial<Record<Tier, EnemyCard[]>>;
}

/** The level's pile: the given draw order over its given discard pile (EXS-DECK-3). */
export function enemyPile(log: DeckLog, tier: Tier, given: EnemyDecks): Pile<EnemyCard> {
  const deck = given.decks?.[tier];
  const discard = given.discards?.[tier] ?? [];
  if (!deck && discard.length === 0) {
    throw new RuleViolation(
      'enemy_deck_missing',
      `The player's Baralytas points call for a ${tier} enemy action, but no ${tier} deck was sent at /decks/${tier} (the rulebook prints no enemy cards: send that level's cards in draw order).`,
      {
        path: `/decks/${tier}`,
        tier,
      },
    );
  }
  return new Pile(tier, deck ?? [], discard, log, `/decks/${tier}`);
}

function checkInput(input: NewaruCombatInput): number {
  const hand = input.hand ?? input.committed.length + (input.favourableZone ? 1 : 0);
  if (hand < input.committed.length) {
    throw new RuleViolation('not_enough_cards', `${input.committed.length} cards are committed but the hand holds ${hand}.`, { path: '/hand' });
  }
  if (input.favourableZone && hand < 1) {
    throw new RuleViolation('not_enough_cards', 'A Favourable Zone card is used but the hand is empty.', { path: '/hand' });
  }
  const tokens = input.baralytasTokens;
  if (tokens && tokens.reduce((a, b) => a + b, 0) !== input.playerBaralytas) {
    throw new InvalidInput([
      { path: '/baralytasTokens', code: 'sum_mismatch', message: `The tokens add up to ${tokens.reduce((a, b) => a + b, 0)}, not playerBaralytas ${input.playerBaralytas}.` },
    ]);
  }
  const back = input.returnToken;
  if (back !== undefined && (tokens ? !tokens.includes(back) : back > input.playerBaralytas)) {
    throw new RuleViolation('token_not_held', `The player holds no Baralytas token of value ${back}.`, { path: '/returnToken' });
  }
  return hand;
}

/** EXS-COMBAT-NEWARU-6 / EXS-AMB-24: one token of the player's choice goes back to the nearest deposit without one. */
function returnedToken(input: NewaruCombatInput): BaralytasChange {
  if (input.playerBaralytas <= 0) return { ...NO_BARALYTAS, points: input.playerBaralytas, deposit: null };
  const value = input.returnToken ?? (input.baralytasTokens ? Math.min(...input.baralytasTokens) : null);
  // EXS-AMB-24: the nearest deposit without a token, when the board was sent.
  const deposit = input.board ? nearestFreeDeposit(input.board.nodes, input.board.defeatedAt, '/board') : null;
  return { delta: -1, ifAny: false, value, to: 'nearest_free_deposit', points: value === null ? null : input.playerBaralytas - value, deposit };
}

function playerWins(input: NewaruCombatInput, hand: number): { player: Consequences; newaru: 'removed' | 'respawned' } {
  const player: Consequences = {
    result: 'won',
    baralytas: { ...NO_BARALYTAS, points: input.playerBaralytas },
    // EXS-COMBAT-NEWARU-5: 1 connection token and 1 faction token from the game reserve, if available.
    connectionTokens: receiveFrom(input.connectionTokens, input.reserve?.connectionTokens),
    factionTokens: receiveFrom(input.factionTokens, input.reserve?.factionTokens),
    discard: winnerDiscard(hand, input.discardRounding ?? 'up'),
    miniature: 'stays',
    retreat: null,
    rules: ['EXS-COMBAT-NEWARU-5', 'EXS-COMBAT-DISCARD-1'],
  };
  // EXS-NEWARU-SPAWN-3 / EXS-AMB-20: across tiles, the Newaru jumps to its portal if its tile holds no faction miniature.
  if (input.crossTile && !input.newaruTileOccupied) {
    player.rules.push('EXS-NEWARU-SPAWN-3');
    return { player, newaru: 'respawned' };
  }
  // EXS-NEWARU-SPAWN-2: a defeated Newaru is removed from the board.
  return { player, newaru: 'removed' };
}

function playerLoses(input: NewaruCombatInput, hand: number): Consequences {
  // EXS-COMBAT-NEWARU-6: retreat (with the release check, EXS-PBOARD-5), −1 Baralytas token to the nearest deposit, loser discard.
  const back = retreat({ faction: input.faction, inactiveMiniatures: input.inactiveMiniatures, abilityTokens: input.abilityTokens });
  return {
    result: 'lost',
    baralytas: returnedToken(input),
    connectionTokens: unchanged(input.connectionTokens),
    factionTokens: markerTokens(input.factionTokens),
    discard: loserDiscard(hand, input.factionTokens),
    miniature: 'retreats',
    retreat: back,
    rules: ['EXS-COMBAT-NEWARU-6', 'EXS-AMB-24', 'EXS-COMBAT-DISCARD-2', ...back.rules],
  };
}

/**
 * Resolve one Newaru combat: reveal the enemy action of the player's level (with chains), evade
 * with Favourable Zone when allowed, else compare strengths and break ties with the Outcome deck,
 * attacker first; then apply the Conclusion.
 */
export function resolveNewaruCombat(input: NewaruCombatInput, log: DeckLog, decks: EnemyDecks, outcome: Pile<OutcomeCard>): NewaruCombatResult {
  const hand = checkInput(input);
  const rules = ['EXS-COMBAT-NEWARU-1'];
  const tier = tierFor(input.playerBaralytas);
  // EXS-AMB-3b (strict option): attacked by a Newaru with no cards → the player loses at once; no enemy card is revealed.
  if (input.emptyHandLoses && input.attacker === 'newaru' && hand === 0) {
    const lost = playerLoses(input, hand);
    return {
      tier,
      revealed: [],
      playerStrength: 0,
      enemyStrength: 0,
      outcomeDraws: [],
      totals: { player: 0, newaru: 0 },
      winner: 'newaru',
      evaded: false,
      endedBy: 'no_defence',
      consequences: { player: lost, newaru: 'stays', favourableZoneDiscarded: false, handAfter: 0 },
      enemyDeck: { tier, drawPile: [...(decks.decks?.[tier] ?? [])], discard: [...(decks.discards?.[tier] ?? [])] },
      rules: [...rules, 'EXS-AMB-3', 'EXS-NEWARU-MOVE-3', ...lost.rules],
    };
  }
  const pile = enemyPile(log, tier, decks);
  const action = revealEnemyAction(pile, outcome);
  if (action.revealed.some((c) => c.kind === 'effect')) rules.push('EXS-COMBAT-NEWARU-2');
  const bonus = input.attackerBonus ?? 0;
  const playerStrength = input.committed.reduce((a, b) => a + b, 0) + (input.attacker === 'player' ? bonus : 0);
  const base = { tier, revealed: action.revealed, playerStrength, outcomeDraws: [] as OutcomeDraw<NewaruSide>[], enemyDeck: { tier, ...pile.state() } };
  const quiet = (endedBy: 'evaded' | 'effect', handAfter: number, enemyStrength: number): NewaruCombatResult => ({
    ...base,
    enemyStrength,
    totals: { player: playerStrength, newaru: enemyStrength },
    winner: null,
    evaded: endedBy === 'evaded',
    endedBy,
    consequences: { player: null, newaru: 'stays', favourableZoneDiscarded: endedBy === 'evaded', handAfter },
    rules,
  });

  // EXS-AMB-22: an effect card that does not chain ends the combat with no winner and no loser.
  if (!action.attack) return { ...quiet('effect', hand, 0), rules: [...rules, 'EXS-AMB-22'] };
  const enemyStrength = action.damage + (input.attacker === 'newaru' ? bonus : 0);
  rules.push('EXS-COMBAT-NEWARU-3');
  // EXS-KW-FAVZONE / EXS-AMB-23: evade only an attack card marked as evadable; the card is discarded.
  if (action.attack.evadable && input.favourableZone) {
    return { ...quiet('evaded', hand - 1, enemyStrength), rules: [...rules, 'EXS-KW-FAVZONE', 'EXS-AMB-23'] };
  }

  let winner: NewaruSide;
  let outcomeDraws: OutcomeDraw<NewaruSide>[] = [];
  let totals: Record<NewaruSide, number> = { player: playerStrength, newaru: enemyStrength };
  if (playerStrength !== enemyStrength) {
    // EXS-COMBAT-NEWARU-3: the higher strength wins.
    winner = playerStrength > enemyStrength ? 'player' : 'newaru';
  } else {
    // EXS-COMBAT-NEWARU-4: equal → Outcome cards, the attacker's first, repeated until they differ.
    const defender: NewaruSide = input.attacker === 'player' ? 'newaru' : 'player';
    const tie = breakTie(outcome, input.attacker, defender, playerStrength);
    ({ winner, totals } = tie);
    outcomeDraws = tie.draws;
    rules.push('EXS-COMBAT-NEWARU-4');
  }
  const endedBy = outcomeDraws.length > 0 ? 'outcome' : 'strength';
  if (winner === 'player') {
    const won = playerWins(input, hand);
    return {
      ...base,
      enemyStrength,
      outcomeDraws,
      totals,
      winner,
      evaded: false,
      endedBy,
      consequences: { ...won, favourableZoneDiscarded: false, handAfter: won.player.discard.handAfter },
      rules: [...rules, ...won.player.rules],
    };
  }
  const lost = playerLoses(input, hand);
  return {
    ...base,
    enemyStrength,
    outcomeDraws,
    totals,
    winner,
    evaded: false,
    endedBy,
    consequences: { player: lost, newaru: 'stays', favourableZoneDiscarded: false, handAfter: lost.discard.handAfter },
    rules: [...rules, ...lost.rules],
  };
}
