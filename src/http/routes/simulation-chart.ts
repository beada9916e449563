/**
 * The bar chart of a simulation's result (GET /v1/simulations/{id}/chart.svg): SVG, or PNG when
 * Accept ranks `image/png` above `image/svg+xml`; `?token=` (a feed token of the simulation) stands
 * for the key, so `<img src>` can load it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimulationView } from '../../app/simulations/service.js';
import { chartType, svgToPng } from '../../transport/chart.js';
import { barPanel, pct, svgHead, text } from '../../kernel/charts/bar-chart.js';

export function chartSvg(v: SimulationView): string {
  const W = 640;
  const H = 360;
  const head = svgHead(W, H, `Simulation ${v.id} (${v.kind}): ${v.status}`);
  if (v.status !== 'completed' || !v.result) {
    const bar = Math.round(400 * v.progress);
    return (
      head +
      text(W / 2, 150, `${v.kind}: ${v.status} — ${pct(v.progress)}`, 'text-anchor="middle" font-size="16"', W - 40, 16) +
      `<rect x="120" y="170" width="400" height="16" fill="#eee" stroke="#999"/><rect x="120" y="170" width="${bar}" height="16" fill="#4a7"/>` +
      (v.error ? text(W / 2, 215, v.error, 'text-anchor="middle" fill="#a33"', W - 40) : '') +
      '</svg>'
    );
  }
  const r = v.result;
  const bins = r.markedHistogram.length ? r.markedHistogram : [{ marked: 0, count: 0, rate: 0 }];
  const left = 60;
  const top = 60;
  const plotW = W - left - 20;
  const plotH = H - top - 50;
  const bars = bins.map((b) => ({ label: String(b.marked), rate: b.rate, tooltip: `${b.marked} PC: ${pct(b.rate)}` }));
  const caption = `success ${pct(r.successRate)} · out of action ${pct(r.outOfActionRate)} · expected PC lost ${r.expectedMarked.toFixed(3)} · ${r.iterations.toLocaleString('en')} iterations`;
  return (
    head +
    text(left, 24, `${v.kind} — PC lost by the fighter attacked`, 'font-size="15"', W - left - 20, 15) +
    text(left, 42, caption, 'fill="#555"', W - left - 20) +
    barPanel({ left, top, width: plotW, height: plotH, bars }) +
    `<text x="${left + plotW / 2}" y="${H - 12}" text-anchor="middle">PC lost</text>` +
    '</svg>'
  );
}

export const CHART_DESCRIPTION =
  'Bars give the share of resolutions per number of PC lost, with success and out-of-action rates. Before completion the chart shows the status and progress. ' +
  'SVG by default; PNG when `Accept` ranks `image/png` above `image/svg+xml`. For `<img src>`, which cannot send the key: `?token=` with a feed token of this ' +
  'simulation (POST /v1/simulations/{id}/feed-tokens) in place of the Authorization header.';

export const CHART_RESPONSE = {
  description: 'The chart: SVG, or PNG by Accept.',
  content: {
    'image/svg+xml': { schema: { type: 'string' } },
    'image/png': { schema: { type: 'string', format: 'binary' } },
  },
};

/** The chart of `v` in the type Accept prefers, cached for a day once the simulation is completed. */
export function sendChart(request: FastifyRequest, reply: FastifyReply, v: SimulationView): FastifyReply {
  const type = chartType(request.headers.accept);
  reply.header('vary', 'Accept').header('cache-control', v.status === 'completed' ? 'private, max-age=86400' : 'no-store');
  const svg = chartSvg(v);
  return type === 'image/png' ? reply.type('image/png').send(svgToPng(svg)) : reply.type('image/svg+xml; charset=utf-8').send(svg);
}
