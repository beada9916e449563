/** Narrative languages (CONTRACT §0): `summary` strings follow Accept-Language; machine fields never do. */
import Negotiator from 'negotiator';

export type Lang = 'en' | 'es' | 'de';
const LANGS: readonly Lang[] = ['en', 'es', 'de'];

export type Phrase = Record<Lang, string>;

/**
 * The supported language the Accept-Language header prefers (RFC 9110 §12.5.4, negotiated by
 * `negotiator`: quality first, then the more specific match, then header order); default `en`.
 */
export function pickLanguage(header: string | undefined): Lang {
  if (!header) return 'en';
  return (new Negotiator({ headers: { 'accept-language': header } }).language(LANGS as Lang[]) as Lang | undefined) ?? 'en';
}

const pluralRules = new Map<Lang, Intl.PluralRules>();

/**
 * The form of a counted word for `count` in `lang` (CLDR plural categories via Intl.PluralRules):
 * `plural('de', 1, { one: 'Wunde', other: 'Wunden' })` → `Wunde`. Categories a language does not
 * use fall back to `other`.
 */
export function plural(lang: Lang, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return forms[rules.select(count)] ?? forms.other;
}
