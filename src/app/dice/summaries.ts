/**
 * es/de/en narrative summaries of the dice-notation operations (CONTRACT §0, §7.3, §8.3). A term
 * lists at most MAX_LISTED of its dice ("… +n more"), so a roll's summary grows with its notation,
 * not with its dice; every answer's `summary` stays within SUMMARY_MAX and `summaryShort` within
 * 1,024 characters (src/app/summary-limit.ts).
 */
import type { Lang } from '../../kernel/i18n.js';
import type { DistributionSummary, NotationRoll, RolledTerm } from '../../kernel/dice/notation/index.js';
import { fitText } from '../../kernel/summary-limit.js';
import { SUMMARY_SHORT_MAX } from './schemas.js';

/** Dice values a summary lists per term. */
const MAX_LISTED = 40;

const more = { en: 'more', es: 'más', de: 'weitere' };

function list(values: readonly number[], lang: Lang): string {
  if (values.length <= MAX_LISTED) return values.join(', ');
  return `${values.slice(0, MAX_LISTED).join(', ')}, … +${values.length - MAX_LISTED} ${more[lang]}`;
}

function termText(t: RolledTerm, lang: Lang): string {
  const dropped = t.kept.length < t.values.length;
  const label = t.label === undefined ? '' : `${t.label}: `;
  const counted = t.successes !== undefined;
  const failures = t.failures ?? 0;
  const s = t.successes ?? 0;
  const tail = {
    en: counted ? ` → ${s} success${s === 1 ? '' : 'es'}${t.failures !== undefined ? ` − ${failures} failure${failures === 1 ? '' : 's'} = ${t.total}` : ''}` : ` = ${t.total}`,
    es: counted ? ` → ${s} éxito${s === 1 ? '' : 's'}${t.failures !== undefined ? ` − ${failures} fallo${failures === 1 ? '' : 's'} = ${t.total}` : ''}` : ` = ${t.total}`,
    de: counted ? ` → ${s} Erfolg${s === 1 ? '' : 'e'}${t.failures !== undefined ? ` − ${failures} Fehlschl${failures === 1 ? 'ag' : 'äge'} = ${t.total}` : ''}` : ` = ${t.total}`,
  }[lang];
  const keptWord = { en: 'kept', es: 'se quedan', de: 'behalten' }[lang];
  return `${label}${t.notation} [${list(t.values, lang)}]${dropped ? ` ${keptWord} ${list(t.kept, lang)}` : ''}${tail}`;
}

export function rollText(notation: string, r: Pick<NotationRoll, 'total' | 'terms'>, lang: Lang): string {
  // every term in the notation's order, flat ones included (CONTRACT §9.3): `1d20 [16] = 16; 5`
  const parts = r.terms.map((t) => (t.values.length > 0 ? termText(t, lang) : t.label !== undefined ? `${t.label}: ${t.total}` : t.notation));
  const head = { en: `${notation} rolled: total ${r.total}`, es: `Tirada ${notation}: total ${r.total}`, de: `Wurf ${notation}: Summe ${r.total}` }[lang];
  return parts.length ? `${head} (${parts.join('; ')}).` : `${head}.`;
}

/** `repeat`: every set's total, then the sum. */
export function setsText(notation: string, totals: readonly number[], total: number, lang: Lang): string {
  const shown = list(totals, lang);
  return {
    en: `${totals.length} × ${notation}: ${shown}; sum ${total}.`,
    es: `${totals.length} × ${notation}: ${shown}; suma ${total}.`,
    de: `${totals.length} × ${notation}: ${shown}; Summe ${total}.`,
  }[lang];
}

/** `summaryShort`: the summary when it fits an embed field (1,024), else its head. */
export const shortText = (summary: string): string => fitText(summary, SUMMARY_SHORT_MAX);

const fmt = (lang: Lang, x: number) => x.toLocaleString(lang === 'en' ? 'en' : lang, { maximumFractionDigits: 3 });
const pct = (lang: Lang, p: number) => fmt(lang, p * 100) + ' %';

export function distributionText(notation: string, d: Pick<DistributionSummary, 'min' | 'max' | 'mean' | 'stdev' | 'distribution'>, lang: Lang): string {
  const mode = d.distribution.reduce((best, e) => (e.probability > best.probability ? e : best), d.distribution[0]!);
  return {
    en: `${notation}: from ${d.min} to ${d.max}, mean ${fmt(lang, d.mean)}, standard deviation ${fmt(lang, d.stdev)}; most likely ${mode.value} (${pct(lang, mode.probability)}). Exact, not sampled.`,
    es: `${notation}: de ${d.min} a ${d.max}, media ${fmt(lang, d.mean)}, desviación típica ${fmt(lang, d.stdev)}; lo más probable ${mode.value} (${pct(lang, mode.probability)}). Exacto, sin muestreo.`,
    de: `${notation}: von ${d.min} bis ${d.max}, Mittelwert ${fmt(lang, d.mean)}, Standardabweichung ${fmt(lang, d.stdev)}; am wahrscheinlichsten ${mode.value} (${pct(lang, mode.probability)}). Exakt, nicht gesampelt.`,
  }[lang];
}

export function compareText(a: string, b: string, p: { pAGreater: number; pEqual: number; pBGreater: number }, lang: Lang): string {
  return {
    en: `${a} beats ${b} with ${pct(lang, p.pAGreater)}, ties ${pct(lang, p.pEqual)}, loses ${pct(lang, p.pBGreater)}. Exact, not sampled.`,
    es: `${a} supera a ${b} con ${pct(lang, p.pAGreater)}, empata ${pct(lang, p.pEqual)}, pierde ${pct(lang, p.pBGreater)}. Exacto, sin muestreo.`,
    de: `${a} schlägt ${b} mit ${pct(lang, p.pAGreater)}, Gleichstand ${pct(lang, p.pEqual)}, verliert ${pct(lang, p.pBGreater)}. Exakt, nicht gesampelt.`,
  }[lang];
}
