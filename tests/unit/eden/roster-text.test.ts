/** Plain-text army lists (CONTRACT §7.4; EDEN-ROSTER-1..5 on the band line). */
import { describe, expect, it } from 'vitest';
import { formatRosterText, parseRosterText } from '../../../src/games/eden/roster-text.js';

const helmet = { name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } };

describe('roster text', () => {
  it('EDEN-ROSTER-1: reads the band line in es, de and en naming, comments and bullets', () => {
    const lists = [
      'Band: faction Jokers, budget 100, edition es\nYûri [Helmet]',
      '# liga\nBanda: FACCIÓN Jokers; 100 puntos; edición ES\n- yuri [casco] // estrella',
      'Einheit Fraktion Jokers, Ausgabe es, Budget 100\n\n1. YURI [Helm]',
    ];
    for (const text of lists) {
      expect(parseRosterText(text)).toEqual({
        ok: true,
        roster: { bandType: 'faction', affiliation: 'Jokers', budget: 100, edition: 'es', fighters: [{ ref: 'yuri', equipment: [helmet] }] },
      });
    }
  });

  it('keeps unknown fighters as references and unknown items by name', () => {
    const r = parseRosterText('stigma\nSomebody  Else [Big gun, ]');
    expect(r).toEqual({ ok: true, roster: { bandType: 'stigma', fighters: [{ ref: 'Somebody Else', equipment: [{ name: 'Big gun', categories: [] }] }] } });
  });

  it('reports every problem with line and column', () => {
    const r = parseRosterText('Band: horde, edition fr, 500000 points, colour red\nyuri ]\nyuri [a] b\nBand: faction');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['unknown_band_type', 1, 7],
      ['unknown_edition', 1, 14],
      ['bad_budget', 1, 26],
      ['unknown_band_option', 1, 41],
      ['unexpected_bracket', 2, 6],
      ['unexpected_text', 3, 10],
      ['duplicate_band_line', 4, 1],
    ]);
    expect(parseRosterText('# nothing\n')).toMatchObject({ ok: false, errors: [{ code: 'missing_band_line', line: 1, column: 1 }] });
  });

  it('writes band keywords in the reader language and names as the edition prints them', () => {
    const roster = {
      bandType: 'faction',
      affiliation: 'Jokers',
      budget: 150,
      edition: 'es',
      fighters: [{ ref: 'yuri', equipment: [helmet, { name: 'Big gun', categories: [] }] }],
    };
    expect(formatRosterText(roster, 'es')).toEqual({ ok: true, text: 'Banda: facción Jokers, presupuesto 150, edición es\nYûri [Casco, Big gun]\n' });
    expect(formatRosterText(roster, 'en')).toEqual({ ok: true, text: 'Band: faction Jokers, budget 150, edition es\nYûri [Casco, Big gun]\n' });
  });

  it('refuses what the text cannot say', () => {
    const r = formatRosterText({
      bandType: 'faction',
      affiliation: 'a,b',
      catalog: [{}],
      fighters: [{ id: 'x' }, { ref: 'YURI' }, { ref: 'yuri', equipment: [{ name: 'Odd', categories: ['tech'] }] }],
    });
    expect(!r.ok && r.errors.map((e) => e.path)).toEqual(['/catalog', '/affiliation', '/fighters/0', '/fighters/1/ref', '/fighters/2/equipment/0']);
  });
});
