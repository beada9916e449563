/** es/de/en narrative summaries of the dice-notation operations (CONTRACT §0, §7.3). */
import type { Lang } from '../i18n.js';
import type { NotationRoll, RolledTerm } from '../../games/dice/notation/index.js';

const list = (values: readonly number[]) => values.join(', ');

function termText(t: RolledTerm, lang: Lang): string {
  if (t.values.length === 0) return t.notation;
  const dropped = t.kept.length < t.values.length;
  const successes = t.successes !== undefined;
  const detail = {
    en: `${t.notation} [${list(t.values)}]${dropped ? ` kept ${list(t.kept)}` : ''}${successes ? ` → ${t.total} success${t.total === 1 ? '' : 'es'}` : ` = ${t.total}`}`,
    es: `${t.notation} [${list(t.values)}]${dropped ? ` se quedan ${list(t.kept)}` : ''}${successes ? ` → ${t.total} éxito${t.total === 1 ? '' : 's'}` : ` = ${t.total}`}`,
    de: `${t.notation} [${list(t.values)}]${dropped ? ` behalten ${list(t.kept)}` : ''}${successes ? ` → ${t.total} Erfolg${t.total === 1 ? '' : 'e'}` : ` = ${t.total}`}`,
  };
  return detail[lang];
}

export function rollText(notation: string, r: NotationRoll, lang: Lang): string {
  const terms = r.terms.filter((t) => t.values.length > 0).map((t) => termText(t, lang));
  const head = { en: `${notation} rolled: total ${r.total}`, es: `Tirada ${notation}: total ${r.total}`, de: `Wurf ${notation}: Summe ${r.total}` }[lang];
  return terms.length ? `${head} (${terms.join('; ')}).` : `${head}.`;
}

const fmt = (lang: Lang, x: number) => x.toLocaleString(lang === 'en' ? 'en' : lang, { maximumFractionDigits: 3 });

export function distributionText(
  notation: string,
  d: { min: number; max: number; mean: number; stdev: number; distribution: { value: number; probability: number }[] },
  lang: Lang,
): string {
  const mode = d.distribution.reduce((best, e) => (e.probability > best.probability ? e : best), d.distribution[0]!);
  const pct = (p: number) => fmt(lang, p * 100) + ' %';
  return {
    en: `${notation}: from ${d.min} to ${d.max}, mean ${fmt(lang, d.mean)}, standard deviation ${fmt(lang, d.stdev)}; most likely ${mode.value} (${pct(mode.probability)}). Exact, not sampled.`,
    es: `${notation}: de ${d.min} a ${d.max}, media ${fmt(lang, d.mean)}, desviación típica ${fmt(lang, d.stdev)}; lo más probable ${mode.value} (${pct(mode.probability)}). Exacto, sin muestreo.`,
    de: `${notation}: von ${d.min} bis ${d.max}, Mittelwert ${fmt(lang, d.mean)}, Standardabweichung ${fmt(lang, d.stdev)}; am wahrscheinlichsten ${mode.value} (${pct(mode.probability)}). Exakt, nicht gesampelt.`,
  }[lang];
}
