import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { checkEnd, next, ringDistance, returnAllies } from '../../../src/games/spirit-of-eden/rules/index.js';
import { RING, board } from '../../fixtures/spirit-of-eden-board.js';

describe('Ring geometry', () => {
  it('SOE-GRID-2: next() is clockwise and wraps from ML (7) to TL (0)', () => {
    expect(next(RING, RING[6]!)).toBe(RING[7]);
    expect(next(RING, RING[7]!)).toBe(RING[0]);
  });
  it('SOE-GRID-3: ring neighbours are adjacent; opposite slots are 4 apart', () => {
    expect(ringDistance(RING, RING[0]!, RING[7]!)).toBe(1);
    expect(ringDistance(RING, RING[1]!, RING[5]!)).toBe(4);
  });
});

describe('End of game checks', () => {
  it('SOE-END-1: won when no Goomz is in play (all removed)', () => {
    const b = board({
      goomz: [
        { color: 'yellow', at: 'removed' },
        { color: 'red', at: 'removed' },
        { color: 'black', at: 'removed' },
      ],
    });
    expect(checkEnd(b, [])).toEqual({ won: true, lost: false, destroyedPairs: [] });
  });
  it('SOE-END-1: not won while one Goomz remains', () => {
    expect(checkEnd(board({ goomz: [{ color: 'red', at: 'swamp1' }] }), []).won).toBe(false);
  });
  it('SOE-END-2: both Swamps destroyed → lost', () => {
    expect(checkEnd(board({ states: { swamp1: 'destroyed', swamp2: 'destroyed' }, goomz: [{ color: 'red', at: 'forest1' }] }), [])).toMatchObject({
      lost: true,
      destroyedPairs: ['swamp'],
    });
  });
  it('SOE-MODE-5: in Devastator removed figures do not win; three empty piles do', () => {
    const b = board({
      goomz: [{ color: 'red', at: 'swamp1' }],
      objectives: [
        { color: 'yellow', pile: [] },
        { color: 'red', pile: [] },
        { color: 'black', pile: [] },
      ],
    });
    expect(checkEnd(b, ['devastator']).won).toBe(true);
    b.objectives![1]!.pile.push({});
    expect(checkEnd(b, ['devastator']).won).toBe(false);
  });
});

describe('Allies returning from Noa', () => {
  const onNoa = (availableFromTurn?: number) =>
    board({ goomz: [{ color: 'red', at: 'swamp1' }], allies: [{ kind: 'fauna', at: 'noa', ...(availableFromTurn ? { availableFromTurn } : {}) }] });

  it('SOE-NOA-RET-1 / SOE-EX-10: sent in turn 5, still on Noa at the start of turn 6', () => {
    expect(returnAllies(onNoa(7), 6).returned).toEqual([]);
  });

  it('SOE-NOA-RET-2 / SOE-EX-10: at the start of turn 7 it returns onto a Forest (default: the first in ring order)', () => {
    const r = returnAllies(onNoa(7), 7);
    expect(r.returned).toEqual([{ kind: 'fauna', to: 'forest1' }]);
    expect(r.allies[0]).toEqual({ kind: 'fauna', at: 'forest1', protecting: false });
  });

  it('SOE-NOA-RET-2: the player chooses the Forest; a destroyed Forest leaves the other', () => {
    expect(returnAllies(onNoa(7), 7, { fauna: 'forest2' }).returned[0]!.to).toBe('forest2');
    const b = onNoa(7);
    b.cards.forest1!.state = 'destroyed';
    expect(returnAllies(b, 7).returned[0]!.to).toBe('forest2');
  });

  it('SOE-NOA-RET-2: a devastated Forest is a legal destination; a non-Forest is not', () => {
    const b = onNoa(7);
    b.cards.forest2!.state = 'devastated';
    expect(returnAllies(b, 7, { fauna: 'forest2' }).returned[0]!.to).toBe('forest2');
    expect(() => returnAllies(b, 7, { fauna: 'swamp1' })).toThrowError(RuleViolation);
  });

  it('SOE-NOA-RET-1: naming an Ally that is not due yet is ally_not_due', () => {
    try {
      returnAllies(onNoa(8), 7, { fauna: 'forest1' });
      expect.unreachable();
    } catch (e) {
      expect((e as RuleViolation).code).toBe('ally_not_due');
    }
  });
});
