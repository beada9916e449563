/**
 * CONTRACT §9.3: a notation that fails where a `+` decoded from a query string would explain it says
 * so (issue: `GET /v1/dice/distribution?notation=1d20+5` unencoded → 400 "Unexpected '5'" with no
 * hint that the `+` became a space).
 */
import { describe, expect, it } from 'vitest';
import { BadNotation, parseNotation } from '../../../src/kernel/dice/notation/parse.js';

const refusal = (notation: string): BadNotation => {
  try {
    parseNotation(notation);
  } catch (error) {
    return error as BadNotation;
  }
  throw new Error(`${notation} parsed`);
};

describe('a + that arrived as a space', () => {
  it('1d20 5 (1d20+5 sent unencoded) names %2B and the notation to send', () => {
    const e = refusal('1d20 5');
    expect(e).toBeInstanceOf(BadNotation);
    expect(e.message).toContain("Unexpected '5'");
    expect(e.message).toContain('%2B');
    expect(e.message).toContain('1d20%2B5');
    expect(e.position).toBe(5);
  });

  it('4d6kh3 2 and 2d6 1d4 3 too; a notation that a + would not mend gets no hint', () => {
    expect(refusal('4d6kh3 2').message).toContain('4d6kh3%2B2');
    expect(refusal('2d6 1d4 3').message).toContain('2d6%2B1d4%2B3');
    expect(refusal('1d20 x').message).not.toContain('%2B');
    expect(refusal('1d20+').message).not.toContain('%2B');
  });

  it('a notation with spaces around its operators still parses', () => {
    expect(() => parseNotation('1d20 + 5')).not.toThrow();
  });
});
