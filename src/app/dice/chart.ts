/** The picture of a dice distribution: one bar per value that can occur. */
import type { Static } from '@sinclair/typebox';
import { barPanel, labelStep, pct, svgHead, text } from '../../kernel/charts/bar-chart.js';
import type { DiceDistributionResponseSchema } from './schemas.js';

type Distribution = Static<typeof DiceDistributionResponseSchema>;

/** Bars beyond this are merged into ranges of equal width (the chart stays readable and small). */
const MAX_BARS = 400;

function bars(d: Distribution) {
  const entries = d.distribution;
  if (entries.length <= MAX_BARS) return entries.map((e) => ({ label: String(e.value), rate: e.probability, tooltip: `${e.value}: ${pct(e.probability)}` }));
  const width = Math.ceil((d.max - d.min + 1) / MAX_BARS);
  const merged = new Map<number, number>();
  for (const e of entries) {
    const at = d.min + Math.floor((e.value - d.min) / width) * width;
    merged.set(at, (merged.get(at) ?? 0) + e.probability);
  }
  return [...merged].map(([from, p]) => ({ label: String(from), rate: p, tooltip: `${from}..${from + width - 1}: ${pct(p)}` }));
}

export function distributionChartSvg(d: Distribution): string {
  const W = 720;
  const H = 360;
  const left = 60;
  const top = 60;
  const plotW = W - left - 20;
  const b = bars(d);
  const caption = `${d.min}..${d.max} · mean ${d.mean.toFixed(3)} · standard deviation ${d.stdev.toFixed(3)} · exact`;
  return (
    svgHead(W, H, `${d.notation}: exact distribution`) +
    text(left, 24, `${d.notation} — exact distribution`, 'font-size="15"', W - left - 20, 15) +
    text(left, 42, caption, 'fill="#555"', W - left - 20) +
    barPanel({ left, top, width: plotW, height: H - top - 50, bars: b, valueLabels: b.length <= 24, labelEvery: labelStep(b.length) }) +
    `<text x="${left + plotW / 2}" y="${H - 12}" text-anchor="middle">total</text>` +
    '</svg>'
  );
}
