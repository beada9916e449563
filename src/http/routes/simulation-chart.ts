/** SVG bar chart of a simulation's result (GET /v1/simulations/{id}/chart.svg). */
import type { SimulationView } from '../../app/simulations/service.js';
import { barPanel, esc, pct, svgHead } from '../../app/charts/bar-chart.js';

export function chartSvg(v: SimulationView): string {
  const W = 640;
  const H = 360;
  const head = svgHead(W, H, `Simulation ${v.id} (${v.kind}): ${v.status}`);
  if (v.status !== 'completed' || !v.result) {
    const bar = Math.round(400 * v.progress);
    return (
      head +
      `<text x="${W / 2}" y="150" text-anchor="middle" font-size="16">${esc(`${v.kind}: ${v.status}`)} — ${pct(v.progress)}</text>` +
      `<rect x="120" y="170" width="400" height="16" fill="#eee" stroke="#999"/><rect x="120" y="170" width="${bar}" height="16" fill="#4a7"/>` +
      (v.error ? `<text x="${W / 2}" y="215" text-anchor="middle" fill="#a33">${esc(v.error.slice(0, 90))}</text>` : '') +
      '</svg>'
    );
  }
  const r = v.result;
  const bins = r.markedHistogram.length ? r.markedHistogram : [{ marked: 0, count: 0, rate: 0 }];
  const left = 60;
  const top = 50;
  const plotW = W - left - 20;
  const plotH = H - top - 60;
  const bars = bins.map((b) => ({ label: String(b.marked), rate: b.rate, tooltip: `${b.marked} PC: ${pct(b.rate)}` }));
  const caption = `success ${pct(r.successRate)} · out of action ${pct(r.outOfActionRate)} · expected PC lost ${r.expectedMarked.toFixed(3)} · ${r.iterations.toLocaleString('en')} iterations`;
  return (
    head +
    `<text x="${left}" y="24" font-size="15">${esc(`${v.kind} — PC lost by the fighter attacked`)}</text>` +
    `<text x="${left}" y="40" fill="#555">${esc(caption)}</text>` +
    barPanel({ left, top, width: plotW, height: plotH, bars }) +
    `<text x="${left + plotW / 2}" y="${H - 12}" text-anchor="middle">PC lost</text>` +
    '</svg>'
  );
}
