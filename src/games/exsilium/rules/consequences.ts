/**
 * What winning and losing a combat does to a player (EXS-COMBAT-PVP-5, EXS-COMBAT-NEWARU-5/6,
 * EXS-COMBAT-DISCARD-1/2). Unknown state (tokens the caller did not send) is reported as
 * conditional: `ifAny: true` means "1, if the giver has one".
 */

import type { DepositChoice } from './deposits.js';
import type { RetreatResult } from './retreat.js';

/** EXS-AMB-25: `up` = ceil(25 % of the hand) as the text says; `nearest` = the OCR'd "1 of 5" row. */
export type DiscardRounding = 'up' | 'nearest';

/** EXS-COMBAT-DISCARD-1: the winner discards 25 % of the hand at the Conclusion; H = 0 → 0. */
export function fatigueDiscard(hand: number, rounding: DiscardRounding = 'up'): number {
  if (hand <= 0) return 0;
  // EXS-AMB-25: the table switch (round half up: 5 → 1, 6 → 2).
  if (rounding === 'nearest') return Math.floor(hand / 4 + 0.5);
  // EXS-COMBAT-DISCARD-1: "25 % rounded up" (4 → 1, 5 → 2, 6 → 2).
  return Math.ceil(hand / 4);
}

export interface TokenChange {
  /** Tokens gained (+) or lost (−). */
  delta: number;
  /** True when the change happens only if the giver (the loser or the game reserve) has one: its state was not sent. */
  ifAny: boolean;
  /** Count after the combat, when the count before was sent. */
  after: number | null;
}

export interface BaralytasChange {
  delta: number;
  ifAny: boolean;
  /** Value of the token moved, when known. */
  value: number | null;
  /** Where a lost token goes: the winner, or the nearest deposit without a token (EXS-AMB-24). */
  to: 'winner' | 'nearest_free_deposit' | null;
  /** Baralytas points after the combat, when known. */
  points: number | null;
  /** EXS-AMB-24: the deposit a token lost to a Newaru goes to, when the board was sent. */
  deposit?: DepositChoice | null;
}

export interface DiscardResult {
  rule: 'fatigue' | 'penalty';
  /** Winner: cards to their own discard pile (EXS-COMBAT-DISCARD-1). */
  toDiscardPile: number;
  /** Loser: cards into the supply deck (EXS-COMBAT-DISCARD-2). */
  toSupplyDeck: number;
  /** Loser: a faction-token marker on a free node of the miniature's tile. */
  marker: boolean;
  /** The marker comes from the game reserve because the loser has no tokens (null: unknown). */
  markerFromReserve: boolean | null;
  handAfter: number;
}

export interface Consequences {
  result: 'won' | 'lost';
  baralytas: BaralytasChange;
  connectionTokens: TokenChange;
  factionTokens: TokenChange;
  discard: DiscardResult;
  /** The loser's miniature goes back to its board in retreat order (with the release check, EXS-PBOARD-5). */
  miniature: 'stays' | 'retreats';
  /** The loser's retreat slot and the ability release check (EXS-PBOARD-3/5); null for the winner. */
  retreat?: RetreatResult | null;
  rules: string[];
}

export const NO_BARALYTAS: BaralytasChange = { delta: 0, ifAny: false, value: null, to: null, points: null };

function gain(before: number | undefined, available: boolean | null): TokenChange {
  // available: true = the giver has one, false = it has none, null = unknown.
  if (available === false) return { delta: 0, ifAny: false, after: before ?? null };
  return { delta: 1, ifAny: available === null, after: before === undefined || available === null ? null : before + 1 };
}

function lose(before: number | undefined): TokenChange {
  if (before === undefined) return { delta: -1, ifAny: true, after: null };
  return before > 0 ? { delta: -1, ifAny: false, after: before - 1 } : { delta: 0, ifAny: false, after: 0 };
}

/** Unchanged tokens (a player that neither gives nor receives). */
export function unchanged(before: number | undefined): TokenChange {
  return { delta: 0, ifAny: false, after: before ?? null };
}

/** A player who receives 1 token from someone holding `giverHas` (undefined = unknown). */
export function receiveFrom(before: number | undefined, giverHas: number | undefined): TokenChange {
  return gain(before, giverHas === undefined ? null : giverHas > 0);
}

/** A player who hands over 1 token if they have any. */
export function giveAway(before: number | undefined): TokenChange {
  return lose(before);
}

/** EXS-COMBAT-DISCARD-1: the winner's fatigue. */
export function winnerDiscard(hand: number, rounding: DiscardRounding): DiscardResult {
  const n = fatigueDiscard(hand, rounding);
  return { rule: 'fatigue', toDiscardPile: n, toSupplyDeck: 0, marker: false, markerFromReserve: null, handAfter: hand - n };
}

/**
 * EXS-COMBAT-DISCARD-2: the loser places a faction-token marker on a free node of the tile (from the
 * game reserve if they have none) and puts 1 card into the supply deck — one laid in the combat if
 * any (EXS-AMB-27); a loser with no cards drops none but still places the marker.
 */
export function loserDiscard(hand: number, factionTokens: number | undefined): DiscardResult {
  const drop = hand > 0 ? 1 : 0;
  return {
    rule: 'penalty',
    toDiscardPile: 0,
    toSupplyDeck: drop,
    marker: true,
    markerFromReserve: factionTokens === undefined ? null : factionTokens === 0,
    handAfter: hand - drop,
  };
}

/** The loser's own faction tokens after placing the marker (one of theirs if they have any). */
export function markerTokens(factionTokens: number | undefined): TokenChange {
  return lose(factionTokens);
}
