import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { turnOrder } from '../../../src/games/anima/rules/index.js';

describe('Ánima turn order', () => {
  it('ANIMA-EX-2 / ANIMA-ORDER-1: Juan S8, Sergio S7, Pedro S2 → Juan, Sergio, Pedro with no dice', () => {
    const dice = new FixedDice([]);
    const r = turnOrder(
      [
        { id: 'pedro', speed: 2 },
        { id: 'juan', speed: 8 },
        { id: 'sergio', speed: 7 },
      ],
      [],
      dice,
    );
    expect(r.order).toEqual(['juan', 'sergio', 'pedro']);
    expect(r.tieBreaks).toEqual([]);
    expect(dice.consumed).toBe(0);
  });

  it('ANIMA-ORDER-2: equal Speeds roll; the higher roll goes first and the ranking is stored', () => {
    const r = turnOrder(
      [
        { id: 'a', speed: 5 },
        { id: 'b', speed: 5 },
      ],
      [],
      new FixedDice([3, 7]),
    );
    expect(r.order).toEqual(['b', 'a']);
    expect(r.runs[0]).toMatchObject({ by: 'roll', rolls: { a: [3], b: [7] } });
    expect(r.tieBreaks).toEqual([{ speed: 5, order: ['b', 'a'] }]);
  });

  it('ANIMA-ORDER-2: the stored ranking is reused while the Speeds stay unchanged (no dice)', () => {
    const dice = new FixedDice([]);
    const r = turnOrder(
      [
        { id: 'a', speed: 5 },
        { id: 'b', speed: 5 },
      ],
      [{ speed: 5, order: ['b', 'a'] }],
      dice,
    );
    expect(r.order).toEqual(['b', 'a']);
    expect(r.runs[0]!.by).toBe('stored');
    expect(r.tieBreaks).toEqual([{ speed: 5, order: ['b', 'a'] }]);
    expect(dice.consumed).toBe(0);
  });

  it('ANIMA-ORDER-2: a ranking stored at another Speed is dropped and the new tie rolls again', () => {
    const r = turnOrder(
      [
        { id: 'a', speed: 6 },
        { id: 'b', speed: 6 },
      ],
      [{ speed: 5, order: ['b', 'a'] }],
      new FixedDice([9, 2]),
    );
    expect(r.order).toEqual(['a', 'b']);
    expect(r.tieBreaks).toEqual([{ speed: 6, order: ['a', 'b'] }]);
  });

  it('ANIMA-ORDER-2: when one tied player’s Speed changes the tie is gone and the ranking dropped', () => {
    const r = turnOrder(
      [
        { id: 'a', speed: 6 },
        { id: 'b', speed: 5 },
      ],
      [{ speed: 5, order: ['b', 'a'] }],
      new FixedDice([]),
    );
    expect(r.order).toEqual(['a', 'b']);
    expect(r.tieBreaks).toEqual([]);
  });

  it('ANIMA-AMB-15: three tied players roll once each; only the sub-tie re-rolls', () => {
    const dice = new FixedDice([4, 4, 2, 1, 9]);
    const r = turnOrder(
      [
        { id: 'a', speed: 3 },
        { id: 'b', speed: 3 },
        { id: 'c', speed: 3 },
      ],
      [],
      dice,
    );
    expect(r.order).toEqual(['b', 'a', 'c']);
    expect(r.runs[0]!.rolls).toEqual({ a: [4, 1], b: [4, 9], c: [2] });
    expect(dice.consumed).toBe(5);
  });

  it('ANIMA-ORDER-2: an equal re-roll is rolled again until it breaks', () => {
    const r = turnOrder(
      [
        { id: 'a', speed: 3 },
        { id: 'b', speed: 3 },
      ],
      [],
      new FixedDice([5, 5, 2, 2, 3, 8]),
    );
    expect(r.order).toEqual(['b', 'a']);
  });

  it('ANIMA-AMB-15: a stored ranking that misses a newly tied player does not apply; all roll', () => {
    const r = turnOrder(
      [
        { id: 'a', speed: 4 },
        { id: 'b', speed: 4 },
        { id: 'c', speed: 4 },
      ],
      [{ speed: 4, order: ['a', 'b'] }],
      new FixedDice([1, 5, 9]),
    );
    expect(r.order).toEqual(['c', 'b', 'a']);
    expect(r.runs[0]!.by).toBe('roll');
  });

  it('ANIMA-ORDER-2: a stored ranking with a player who left the tie still ranks the remaining tied players', () => {
    const r = turnOrder(
      [
        { id: 'a', speed: 4 },
        { id: 'b', speed: 4 },
        { id: 'c', speed: 7 },
      ],
      [{ speed: 4, order: ['c', 'b', 'a'] }],
      new FixedDice([]),
    );
    expect(r.order).toEqual(['c', 'b', 'a']);
    expect(r.tieBreaks).toEqual([{ speed: 4, order: ['b', 'a'] }]);
  });

  it('ANIMA-AMB-15: sub-ties are settled depth first — the higher one (with its own re-rolls) before the lower one rolls', () => {
    const dice = new FixedDice([7, 7, 3, 3, 9, 2, 2, 1, 5, 8, 4]);
    const r = turnOrder(
      ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, speed: 6 })),
      [],
      dice,
    );
    expect(r.order).toEqual(['e', 'b', 'a', 'c', 'd']);
    expect(r.runs[0]!.rolls).toEqual({ a: [7, 2, 1], b: [7, 2, 5], c: [3, 8], d: [3, 4], e: [9] });
    expect(dice.consumed).toBe(11);
  });

  it('ANIMA-ORDER-2: fixed dice that tie round after round (200,000 values) run out as dice_exhausted, not through the call stack', () => {
    const dice = new FixedDice(Array<number>(200_000).fill(1));
    const tied = [
      { id: 'a', speed: 5 },
      { id: 'b', speed: 5 },
    ];
    expect(() => turnOrder(tied, [], dice)).toThrow(expect.objectContaining({ code: 'dice_exhausted' }));
    expect(dice.consumed).toBe(200_000);
  });
});
