/** SVG bar chart of a simulation's result (GET /v1/simulations/{id}/chart.svg). */
import type { SimulationView } from '../../app/simulations/service.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function chartSvg(v: SimulationView): string {
  const W = 640;
  const H = 360;
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12" role="img">`;
  const title = `<title>${esc(`Simulation ${v.id} (${v.kind}): ${v.status}`)}</title><rect width="${W}" height="${H}" fill="#fff"/>`;
  if (v.status !== 'completed' || !v.result) {
    const bar = Math.round(400 * v.progress);
    return (
      head +
      title +
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
  const max = Math.max(...bins.map((b) => b.rate), 0.0001);
  const bw = plotW / bins.length;
  const bars = bins
    .map((b, i) => {
      const h = (b.rate / max) * plotH;
      const x = left + i * bw + bw * 0.1;
      const y = top + plotH - h;
      return (
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(bw * 0.8).toFixed(1)}" height="${h.toFixed(1)}" fill="#4a7"><title>${b.marked} PC: ${pct(b.rate)}</title></rect>` +
        `<text x="${(x + bw * 0.4).toFixed(1)}" y="${(y - 4).toFixed(1)}" text-anchor="middle" font-size="10">${pct(b.rate)}</text>` +
        `<text x="${(x + bw * 0.4).toFixed(1)}" y="${top + plotH + 16}" text-anchor="middle">${b.marked}</text>`
      );
    })
    .join('');
  const caption = `success ${pct(r.successRate)} · out of action ${pct(r.outOfActionRate)} · expected PC lost ${r.expectedMarked.toFixed(3)} · ${r.iterations.toLocaleString('en')} iterations`;
  return (
    head +
    title +
    `<text x="${left}" y="24" font-size="15">${esc(`${v.kind} — PC lost by the fighter attacked`)}</text>` +
    `<text x="${left}" y="40" fill="#555">${esc(caption)}</text>` +
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333"/>` +
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#333"/>` +
    `<text x="${left - 8}" y="${top + 4}" text-anchor="end">${pct(max)}</text><text x="${left - 8}" y="${top + plotH}" text-anchor="end">0%</text>` +
    bars +
    `<text x="${left + plotW / 2}" y="${H - 12}" text-anchor="middle">PC lost</text>` +
    '</svg>'
  );
}
