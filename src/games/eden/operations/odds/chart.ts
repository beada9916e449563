/** The picture of an exact-odds answer: PC lost by the fighter attacked, and per-limb outcomes. */
import type { Static } from '@sinclair/typebox';
import { barPanel, pct, svgHead, text } from '../../../../kernel/charts/bar-chart.js';
import type { OddsResponseSchema } from './schemas.js';

type Odds = Static<typeof OddsResponseSchema>;

const LIMBS = ['head', 'arms', 'torso', 'legs'] as const;

export function oddsChartSvg(title: string, r: Odds): string {
  const W = 760;
  const H = 380;
  const top = 70;
  const plotH = H - top - 50;
  const marked = r.markedHistogram.length ? r.markedHistogram : [{ marked: 0, rate: 0 }];
  const caption = `success ${pct(r.successRate)} · out of action ${pct(r.outOfActionRate)} · expected PC lost ${r.expectedMarked.toFixed(3)} · exact`;
  const limbs = LIMBS.map((limb) => ({
    label: limb,
    rate: r.byLimb[limb].hitRate,
    tooltip: `${limb}: loses PC in ${pct(r.byLimb[limb].hitRate)}, ${r.byLimb[limb].expectedMarked.toFixed(3)} PC on average`,
  }));
  return (
    svgHead(W, H, `${title}: exact odds`) +
    text(60, 24, `${title} — exact odds`, 'font-size="15"', W - 80, 15) +
    text(60, 42, caption, 'fill="#555"', W - 80) +
    text(60, top - 10, 'PC lost by the fighter attacked', '', 380) +
    barPanel({ left: 60, top, width: 380, height: plotH, bars: marked.map((b) => ({ label: String(b.marked), rate: b.rate, tooltip: `${b.marked} PC: ${pct(b.rate)}` })) }) +
    text(500, top - 10, 'Per limb: loses at least 1 PC', '', 240) +
    barPanel({ left: 500, top, width: 240, height: plotH, bars: limbs, fill: '#47a' }) +
    `<text x="250" y="${H - 12}" text-anchor="middle">PC lost</text>` +
    `<text x="620" y="${H - 12}" text-anchor="middle">limb</text>` +
    '</svg>'
  );
}
