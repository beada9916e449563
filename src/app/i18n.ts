/** Narrative languages (CONTRACT §0): `summary` strings follow Accept-Language; machine fields never do. */
export type Lang = 'en' | 'es' | 'de';
export const LANGS: readonly Lang[] = ['en', 'es', 'de'];

export type Phrase = Record<Lang, string>;

/** The first supported language in an Accept-Language header, by quality; default `en`. */
export function pickLanguage(header: string | undefined): Lang {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((x, y) => y.quality - x.quality || x.index - y.index);
  for (const entry of ranked) {
    if ((LANGS as readonly string[]).includes(entry.lang)) return entry.lang as Lang;
  }
  return 'en';
}

/** Pick the phrase for `lang`. */
export function say(phrase: Phrase, lang: Lang): string {
  return phrase[lang];
}
