/** Plain-text army lists (CONTRACT §7.4; EDEN-ROSTER-1..5 on the band line). */
import { describe, expect, it } from 'vitest';
import { formatRosterText, MAX_TEXT_LENGTH, MAX_TEXT_LINES, parseRosterText, textOverBudget } from '../../../src/games/eden/rules/roster-text.js';

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

  describe('budgets (README "Roster budgets"), counted before any line is read', () => {
    const band = 'Band: faction Jokers\n';

    it(`refuses more than ${MAX_TEXT_LINES} lines with one problem, whatever the lines hold`, () => {
      // every line would be a problem of its own if it were parsed (an unmatched "]")
      const r = parseRosterText(band + ']\n'.repeat(1_000_000));
      expect(r).toEqual({
        ok: false,
        errors: [{ path: '', code: 'too_many_lines', message: expect.stringContaining(`${MAX_TEXT_LINES} lines`), line: MAX_TEXT_LINES + 1, column: 1, limit: MAX_TEXT_LINES }],
      });
      // CR, LF and CRLF are one line break each
      expect(textOverBudget(band + 'y\r'.repeat(MAX_TEXT_LINES))).toMatchObject({ code: 'too_many_lines', line: MAX_TEXT_LINES + 1 });
      expect(textOverBudget(band + 'y\r\n'.repeat(MAX_TEXT_LINES))).toMatchObject({ code: 'too_many_lines', line: MAX_TEXT_LINES + 1 });
    });

    it(`accepts exactly ${MAX_TEXT_LINES} lines, a final line break starting none`, () => {
      const text = band + 'yuri\n'.repeat(MAX_TEXT_LINES - 1);
      expect(textOverBudget(text)).toBeUndefined();
      expect(textOverBudget(text.slice(0, -1))).toBeUndefined();
      const r = parseRosterText(text);
      expect(r.ok && r.roster.fighters.length).toBe(MAX_TEXT_LINES - 1);
      expect(textOverBudget(text + 'yuri')).toMatchObject({ code: 'too_many_lines' });
      expect(textOverBudget('')).toBeUndefined();
    });

    it(`refuses more than ${MAX_TEXT_LENGTH} characters, naming the line and column where the budget ran out`, () => {
      const long = band + 'y'.repeat(MAX_TEXT_LENGTH);
      expect(parseRosterText(long)).toEqual({
        ok: false,
        errors: [
          {
            path: '',
            code: 'text_too_long',
            message: expect.stringContaining(`${MAX_TEXT_LENGTH} characters`),
            line: 2,
            column: MAX_TEXT_LENGTH - band.length + 1,
            limit: MAX_TEXT_LENGTH,
          },
        ],
      });
      expect(textOverBudget('x'.repeat(MAX_TEXT_LENGTH))).toBeUndefined();
    });

    it('looks names up once each: a line of 8,000 equipment names reads them all, unknown ones by name', () => {
      const names = Array.from({ length: 8_000 }, (_, i) => (i % 2 ? 'Casco' : `thing${i % 7}`));
      const r = parseRosterText(`${band}YÛRI [${names.join(',')}]`);
      expect(r.ok).toBe(true);
      const equipment = r.ok ? r.roster.fighters[0]!.equipment! : [];
      expect(r.ok && r.roster.fighters[0]!.ref).toBe('yuri');
      expect(equipment).toHaveLength(8_000);
      expect(equipment[1]).toEqual(helmet);
      expect(equipment[0]).toEqual({ name: 'thing0', categories: [] });
    });
  });
});
