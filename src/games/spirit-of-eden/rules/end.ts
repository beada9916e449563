/** The Spirit of Eden end of game: victory and defeat (SOE-END, SOE-MODE-5). */
import { type Board, type Mode, type Terrain, TERRAINS, inPlay } from './board.js';

export interface EndCheck {
  won: boolean;
  lost: boolean;
  /** SOE-END-2: terrain types with both cards destroyed. */
  destroyedPairs: Terrain[];
}

/** SOE-END-2: lost the moment both cards of one Terrain type are destroyed. */
export function destroyedPairs(board: Board): Terrain[] {
  return TERRAINS.filter((t) => board.ring.filter((id) => board.cards[id]?.terrain === t && board.cards[id]?.state === 'destroyed').length >= 2);
}

/**
 * SOE-END-1: Classic is won when all 3 Goomz figures are removed (a colour missing from `goomz` counts as removed).
 * SOE-MODE-5: Devastator is won when all 3 Objective piles are empty (untracked piles never are).
 */
export function isWon(board: Board, modes: readonly Mode[]): boolean {
  if (modes.includes('devastator')) {
    const piles = board.objectives ?? [];
    return (['yellow', 'red', 'black'] as const).every((c) => piles.some((p) => p.color === c && p.pile.length === 0));
  }
  return !board.goomz.some(inPlay);
}

export function checkEnd(board: Board, modes: readonly Mode[]): EndCheck {
  const pairs = destroyedPairs(board);
  return { won: isWon(board, modes), lost: pairs.length > 0, destroyedPairs: pairs };
}
