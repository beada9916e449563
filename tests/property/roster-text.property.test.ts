/** Plain-text lists round-trip (CONTRACT §7.4): text → JSON → text gives the same JSON back, in every naming. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRosterText, parseRosterText } from '../../src/games/eden/rules/roster-text.js';

const casing = (s: string) => fc.constantFrom(s, s.toUpperCase(), s.toLowerCase());
const word = fc.stringMatching(/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9'-]{0,9}$/);
const symbol = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const comment = fc.constantFrom('', '  # note', ' // aside');

const bandLine = fc
  .record({
    keyword: fc.constantFrom('', 'Band: ', 'banda: ', 'EINHEIT ', 'Bande:'),
    type: fc.constantFrom('faction', 'facción', 'Faccion', 'Fraktion', 'stigma', 'Estigma', 'STIGMA').chain(casing),
    symbol: fc.option(symbol, { nil: undefined }),
    budget: fc.option(
      fc.integer({ min: 0, max: 100000 }).chain((n) => fc.constantFrom(`budget ${n}`, `${n} puntos`, `Punkte ${n}`, `${n}`)),
      { nil: undefined },
    ),
    edition: fc.option(
      fc.constantFrom('es', 'de').chain((e) => fc.constantFrom(`edition ${e}`, `edición ${e.toUpperCase()}`, `Ausgabe ${e}`, e)),
      { nil: undefined },
    ),
    sep: fc.constantFrom(', ', ';', ' ; '),
    swap: fc.boolean(),
  })
  .map(({ keyword, type, symbol, budget, edition, sep, swap }) => {
    const opts: string[] = [budget, edition].filter((o) => o !== undefined);
    if (swap) opts.reverse();
    return [keyword + type + (symbol ? ' ' + symbol : ''), ...opts].join(sep);
  });

const fighterName = fc.oneof(fc.constantFrom('yuri', 'Yûri', 'YURI', 'vladd', 'Vlädd', 'abama fettsack', 'Elenia'), symbol);
const item = fc.oneof(fc.constantFrom('Helmet', 'casco', 'HELM', 'molotov', 'Wurfmesser', 'gyromagnetic-field'), symbol);
const fighterLine = fc
  .record({
    bullet: fc.constantFrom('', '- ', '* ', '1. ', '2) '),
    name: fighterName,
    equipment: fc.option(fc.array(item, { maxLength: 3 }), { nil: undefined }),
    comment,
  })
  .map(({ bullet, name, equipment, comment }) => `${bullet}${name}${equipment ? ` [${equipment.join(', ')}]` : ''}${comment}`);

const listText = fc
  .record({
    lead: fc.array(fc.constantFrom('', '# list', '   '), { maxLength: 2 }),
    band: bandLine,
    bandComment: comment,
    fighters: fc.array(fighterLine, { maxLength: 8 }),
    eol: fc.constantFrom('\n', '\r\n'),
  })
  .map(({ lead, band, bandComment, fighters, eol }) => [...lead, band + bandComment, ...fighters].join(eol));

describe('roster text round trip', () => {
  it('text → JSON → text → JSON gives the same JSON, and formatting is stable', () => {
    fc.assert(
      fc.property(listText, fc.constantFrom('en', 'es', 'de' as const), (text, lang) => {
        const parsed = parseRosterText(text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const written = formatRosterText(parsed.roster as never, lang);
        expect(written.ok).toBe(true);
        if (!written.ok) return;
        const again = parseRosterText(written.text);
        expect(again).toEqual(parsed);
        expect(formatRosterText((again as unknown as { roster: never }).roster, lang)).toEqual(written);
      }),
      { numRuns: 300 },
    );
  });
});
