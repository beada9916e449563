/**
 * Victims of faction abilities and mines (EXS-COMBAT-DISCARD-3, EXS-MINE-5, EXS-FACTION-SYL-1,
 * EXS-FACTION-KEBER-1): each lost miniature retreats (with the release check, EXS-PBOARD-5) and the
 * player applies ONLY the loser discard rule — no token changes, and the acting player gets nothing.
 */
import { pointer } from '../../../kernel/errors.js';
import { retreat, type RetreatResult } from './retreat.js';

export type EliminationCause = 'mine' | 'syl_drone' | 'keber_strike';

export interface Victim {
  id: string;
  faction?: string;
  /** Miniatures this player loses (default 1). */
  miniatures?: number;
  hand: number;
  factionTokens?: number;
  inactiveMiniatures?: number;
  abilityTokens?: number;
}

export interface VictimResult {
  id: string;
  retreat: RetreatResult;
  discard: {
    rule: 'penalty';
    /** Cards into the supply deck: one per lost miniature, capped by the hand (EXS-FACTION-KEBER-1). */
    toSupplyDeck: number;
    /** Faction-token markers placed on free nodes of the tile, one per lost miniature. */
    markers: number;
    /** Markers taken from the game reserve because the player ran out (null: tokens not sent). */
    markersFromReserve: number | null;
    handAfter: number;
  };
  /** Faction tokens after placing the markers, when sent. */
  factionTokensAfter: number | null;
}

export function resolveEliminations(cause: EliminationCause, victims: readonly Victim[]): { victims: VictimResult[]; rules: string[] } {
  const causeRule = { mine: 'EXS-MINE-5', syl_drone: 'EXS-FACTION-SYL-1', keber_strike: 'EXS-FACTION-KEBER-1' }[cause];
  const rules = new Set<string>([causeRule, 'EXS-COMBAT-DISCARD-3', 'EXS-COMBAT-DISCARD-2']);
  const results = victims.map((v, i) => {
    const n = v.miniatures ?? 1;
    const r = retreat({
      faction: v.faction,
      inactiveMiniatures: v.inactiveMiniatures,
      abilityTokens: v.abilityTokens,
      count: n,
      path: pointer('victims', i, 'inactiveMiniatures'),
    });
    r.rules.forEach((x) => rules.add(x));
    // EXS-COMBAT-DISCARD-2 per lost miniature; EXS-FACTION-KEBER-1: as many cards as miniatures lost, or all that are left.
    const cards = Math.min(n, v.hand);
    const own = v.factionTokens === undefined ? null : Math.min(v.factionTokens, n);
    return {
      id: v.id,
      retreat: r,
      discard: { rule: 'penalty' as const, toSupplyDeck: cards, markers: n, markersFromReserve: own === null ? null : n - own, handAfter: v.hand - cards },
      factionTokensAfter: v.factionTokens === undefined ? null : v.factionTokens - own!,
    };
  });
  return { victims: results, rules: [...rules] };
}
