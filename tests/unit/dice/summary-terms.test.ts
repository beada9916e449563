/**
 * CONTRACT §9.3: a roll's summary names every term, flat ones included (issue: `1d20+5` was
 * summarised "total 21 (1d20 [16] = 16)", the 5 left out).
 */
import { describe, expect, it } from 'vitest';
import { rollText } from '../../../src/app/dice/summaries.js';

describe('roll summaries name every term', () => {
  it('1d20+5: the die and the flat 5, in the notation’s order, in every language', () => {
    const roll = {
      total: 21,
      terms: [
        { notation: '1d20', values: [16], kept: [16], total: 16 },
        { notation: '5', values: [], kept: [], total: 5 },
      ],
    };
    expect(rollText('1d20+5', roll, 'en')).toBe('1d20+5 rolled: total 21 (1d20 [16] = 16; 5).');
    expect(rollText('1d20+5', roll, 'es')).toBe('Tirada 1d20+5: total 21 (1d20 [16] = 16; 5).');
    expect(rollText('1d20+5', roll, 'de')).toBe('Wurf 1d20+5: Summe 21 (1d20 [16] = 16; 5).');
  });

  it('a labelled flat term keeps its label; a flat term first stays first', () => {
    const roll = {
      total: 7,
      terms: [
        { notation: '2', values: [], kept: [], total: 2, label: 'bonus' },
        { notation: '1d6', values: [5], kept: [5], total: 5 },
      ],
    };
    expect(rollText('2[bonus]+1d6', roll, 'en')).toBe('2[bonus]+1d6 rolled: total 7 (bonus: 2; 1d6 [5] = 5).');
  });
});
