import { describe, expect, it } from 'vitest';
import { pickLanguage, plural } from '../../../src/kernel/i18n.js';

describe('pickLanguage (Accept-Language, negotiated by negotiator)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['en', 'en'],
    ['es', 'es'],
    ['de', 'de'],
    ['ES', 'es'],
    ['es-MX', 'es'],
    ['de-DE,de;q=0.9', 'de'],
    ['fr', 'en'],
    ['fr, es;q=0.5, de;q=0.8', 'de'],
    ['es;q=0, de', 'de'],
    ['de;q=abc, es', 'es'],
    ['en;q=0.5, es;q=0.5', 'en'],
    ['de; q=0.7, es; q=0.8', 'es'],
    ['*', 'en'],
    [';;;', 'en'],
  ])('%j → %s', (header, lang) => {
    expect(pickLanguage(header)).toBe(lang);
  });
});

describe('plural (Intl.PluralRules per language)', () => {
  it('picks the CLDR form of each language', () => {
    const wound = { en: { one: 'wound', other: 'wounds' }, es: { one: 'herida', other: 'heridas' }, de: { one: 'Wunde', other: 'Wunden' } } as const;
    for (const lang of ['en', 'es', 'de'] as const) {
      expect(plural(lang, 1, wound[lang])).toBe(wound[lang].one);
      expect(plural(lang, 0, wound[lang])).toBe(wound[lang].other);
      expect(plural(lang, 2, wound[lang])).toBe(wound[lang].other);
    }
    // Spanish has a `many` category for large round numbers; without that form, `other` is used
    expect(plural('es', 1_000_000, wound.es)).toBe('heridas');
  });
});
