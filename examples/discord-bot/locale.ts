/**
 * Discord sends the user's client language as `interaction.locale` (`en-US`, `es-ES`, `es-419`,
 * `de`, `fr`, …). Arbiter writes summaries in English, Spanish or German: the locale becomes an
 * Accept-Language header that names it first, then its base language, then English.
 */

export type SummaryLanguage = 'en' | 'es' | 'de';
const SUPPORTED: readonly SummaryLanguage[] = ['en', 'es', 'de'];

/** The summary language a Discord locale gets (English for the languages Arbiter does not write). */
export function summaryLanguage(locale: string | undefined): SummaryLanguage {
  const base = (locale ?? '').toLowerCase().split('-')[0] as SummaryLanguage;
  return SUPPORTED.includes(base) ? base : 'en';
}

/** Accept-Language for a Discord locale: `es-419` → `es-419, es;q=0.9, en;q=0.5`. */
export function acceptLanguage(locale: string | undefined): string {
  const lang = summaryLanguage(locale);
  if (!locale || lang === 'en') return 'en';
  return locale.toLowerCase() === lang ? `${lang}, en;q=0.5` : `${locale}, ${lang};q=0.9, en;q=0.5`;
}
