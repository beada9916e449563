import { describe, expect, it } from 'vitest';
import { FixedDice, SeededDice } from '../../../src/kernel/dice/index.js';
import { BadNotation, MAX_EXPLOSIONS, MAX_REROLLS, parseNotation, rollNotation } from '../../../src/kernel/dice/notation/index.js';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';

const roll = (notation: string, values: number[]) => {
  const dice = new FixedDice(values);
  const r = rollNotation(parseNotation(notation), dice);
  return { ...r, transcript: dice.transcript().rolls, consumed: dice.consumed };
};

function positionOf(notation: string): number {
  try {
    parseNotation(notation);
  } catch (error) {
    expect(error).toBeInstanceOf(BadNotation);
    expect((error as BadNotation).code).toBe('bad_notation');
    expect((error as BadNotation).errors[0]).toMatchObject({ path: '/notation', code: 'bad_notation' });
    return (error as BadNotation).position;
  }
  throw new Error(`${notation} parsed`);
}

describe('dice notation: grammar (CONTRACT §7.3)', () => {
  it('integers, NdM, dM, d%, dF and the four operators with precedence and parentheses', () => {
    expect(roll('2+3*4', []).total).toBe(14);
    expect(roll('(2+3)*4', []).total).toBe(20);
    expect(roll('7/2', []).total).toBe(3);
    expect(roll('-7/2', []).total).toBe(-4); // integer division rounds down
    expect(roll('10-2-3', []).total).toBe(5);
    expect(roll('2d6', [3, 4]).total).toBe(7);
    expect(roll('d20', [17]).transcript).toEqual([{ purpose: 'd20', sides: 20, values: [17] }]);
    expect(roll('d%', [73]).transcript).toEqual([{ purpose: 'd%', sides: 100, values: [73] }]);
    expect(roll('(2d6+3)*2', [1, 2]).total).toBe(12);
    expect(roll(' 2D6 + 1 ', [6, 6]).total).toBe(13);
  });

  it('dF: fudge dice take and show their faces −1 / 0 / +1 (CONTRACT §8.3); a 2 or −2 is not a face', () => {
    const r = roll('4dF', [-1, 0, 1, 1]);
    expect(r.terms[0]).toMatchObject({ notation: '4df', values: [-1, 0, 1, 1], total: 1 });
    expect(r.transcript).toEqual([{ purpose: '4df', sides: 3, values: [-1, 0, 1, 1], fudge: true }]);
    expect(() => roll('dF', [2])).toThrowError(expect.objectContaining({ errors: [expect.objectContaining({ path: '/dice/values/0', code: 'not_a_face' })] }));
    expect(() => roll('dF', [-2])).toThrowError(InvalidInput);
    // the seeded generator draws a d3 and reads face − 2: the same seed gives the same fudge dice as before
    const seeded = new SeededDice('fate');
    const d3 = new SeededDice('fate').roll('d3', 8, 3);
    expect(rollNotation(parseNotation('8dF'), seeded).terms[0]!.values).toEqual(d3.map((v) => v - 2));
  });

  it('keep and drop: kh, kl, dh, dl with and without a count', () => {
    expect(roll('4d6kh3+2', [6, 2, 5, 3]).terms[0]).toMatchObject({ values: [6, 2, 5, 3], kept: [6, 5, 3], total: 14 });
    expect(roll('4d6kh3+2', [6, 2, 5, 3]).total).toBe(16);
    expect(roll('2d20kh1', [4, 15]).total).toBe(15);
    expect(roll('2d20kl', [4, 15]).total).toBe(4);
    expect(roll('4d6dl', [6, 2, 5, 3]).terms[0]!.kept).toEqual([6, 5, 3]);
    expect(roll('4d6dh2', [6, 2, 5, 3]).terms[0]!.kept).toEqual([2, 3]);
    expect(roll('3d6kh1', [5, 5, 1]).terms[0]!.kept).toEqual([5]);
  });

  it('exploding: ! on the highest face and !>=n, draws recorded in order after the term', () => {
    const r = roll('2d6!', [6, 3, 6, 2]);
    expect(r.terms[0]).toMatchObject({ values: [14, 3], total: 17 });
    expect(r.transcript.map((t) => [t.purpose, t.values])).toEqual([
      ['2d6!', [6, 3]],
      ['2d6! die 1 explosion', [6]],
      ['2d6! die 1 explosion', [2]],
    ]);
    expect(roll('1d10!>=8', [9, 8, 1]).total).toBe(18);
  });

  it(`exploding stops after ${MAX_EXPLOSIONS} explosions: that draw is kept as drawn`, () => {
    const r = roll('d6!', Array(MAX_EXPLOSIONS + 2).fill(6));
    expect(r.total).toBe(6 * (MAX_EXPLOSIONS + 1));
    expect(r.consumed).toBe(MAX_EXPLOSIONS + 1);
  });

  it(`reroll: r<n until n or more (at most ${MAX_REROLLS} times), ro<n once`, () => {
    const r = roll('2d6r<3', [1, 4, 2, 5]);
    expect(r.terms[0]!.values).toEqual([5, 4]);
    expect(r.transcript.map((t) => t.purpose)).toEqual(['2d6r<3', '2d6r<3 die 1 reroll', '2d6r<3 die 1 reroll']);
    expect(roll('d6ro<3', [1, 2]).total).toBe(2);
    expect(roll('d6r<7', Array(MAX_REROLLS + 1).fill(4)).consumed).toBe(MAX_REROLLS + 1);
  });

  it('success counting: >=n and <=n count the kept dice meeting the target', () => {
    expect(roll('6d6>=5', [5, 6, 1, 4, 5, 2]).terms[0]).toMatchObject({ total: 3, successes: 3 });
    expect(roll('3d10<=3', [1, 3, 4]).total).toBe(2);
    expect(roll('4d6kh2>=4', [1, 6, 5, 4]).total).toBe(2);
  });

  it('constants are terms too, in order; a die value that is not a face is a 400, running out a 422', () => {
    expect(roll('1+d4', [3]).terms.map((t) => t.notation)).toEqual(['1', 'd4']);
    expect(() => roll('d4', [5])).toThrowError(InvalidInput);
    expect(() => roll('2d6', [1])).toThrowError(RuleViolation);
  });

  it('the same seed gives the same roll', () => {
    const a = rollNotation(parseNotation('10d10!+4d6kh3'), new SeededDice('discord'));
    const b = rollNotation(parseNotation('10d10!+4d6kh3'), new SeededDice('discord'));
    expect(a).toEqual(b);
  });

  it('division by zero is 422 division_by_zero', () => {
    expect(() => roll('d6/(1-1)', [3])).toThrowError(expect.objectContaining({ code: 'division_by_zero' }));
  });
});

describe('dice notation: errors carry the character position', () => {
  it.each([
    ['', 0],
    ['4d6kh3+', 7],
    ['4d6x', 3],
    ['2d', 2],
    ['(2d6+3', 6],
    ['2d6)', 3],
    ['4d6r3', 4],
    ['4d6khkh', 5],
    ['3 d6', 2],
    ['1d6!!!', 5],
    ['4d6[fire', 3],
    ['4d6[]', 3],
    ['10d10f<=1', 5],
    ['10d10>=8f<1', 9],
  ])('%j → position %i', (notation, position) => {
    expect(positionOf(notation)).toBe(position);
  });

  it('bounds: 1..1000 dice and 1..1,000,000 sides per term, 10,000 dice in all, nesting', () => {
    expect(() => parseNotation('1000d1000000')).not.toThrow();
    expect(positionOf('1001d6')).toBe(0);
    expect(positionOf('0d6')).toBe(0);
    expect(positionOf('2+d1000001')).toBe(3);
    expect(positionOf('2d0')).toBe(2);
    expect(positionOf(Array(11).fill('1000d6').join('+'))).toBe(70);
    expect(positionOf('('.repeat(60) + '1' + ')'.repeat(60))).toBe(50);
  });
});
