import { describe, expect, it } from 'vitest';
import { fatigueDiscard, loserDiscard } from '../../../src/games/exsilium/rules/index.js';

describe('Post-combat discards (EXS-COMBAT-DISCARD-1/2, EXS-EX-15)', () => {
  it('EXS-COMBAT-DISCARD-1: winner discards ceil(25 % of the hand) for H = 0…12', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((h) => fatigueDiscard(h))).toEqual([0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
  });

  it('EXS-EX-15: H = 4 → 1, H = 6 → 2 (read in the OCR), H = 5 → 2 by the ceiling rule', () => {
    expect([fatigueDiscard(4), fatigueDiscard(6), fatigueDiscard(5)]).toEqual([1, 2, 2]);
  });

  it('EXS-AMB-25: the "nearest" switch follows the OCR’d row "1 of 5" and keeps 1 of 4 and 2 of 6', () => {
    expect([4, 5, 6].map((h) => fatigueDiscard(h, 'nearest'))).toEqual([1, 1, 2]);
    expect(fatigueDiscard(0, 'nearest')).toBe(0);
  });

  it('EXS-COMBAT-DISCARD-2: the loser drops 1 card into the supply deck and places a marker', () => {
    expect(loserDiscard(3, 4)).toEqual({ rule: 'penalty', toDiscardPile: 0, toSupplyDeck: 1, marker: true, markerFromReserve: false, handAfter: 2 });
  });

  it('EXS-COMBAT-DISCARD-2: a loser with no cards drops none but still places a marker, from the reserve if they have no tokens', () => {
    expect(loserDiscard(0, 0)).toEqual({ rule: 'penalty', toDiscardPile: 0, toSupplyDeck: 0, marker: true, markerFromReserve: true, handAfter: 0 });
    expect(loserDiscard(2, undefined).markerFromReserve).toBeNull();
  });
});
