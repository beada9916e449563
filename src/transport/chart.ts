/**
 * Pictures of operation answers (src/app/operation.ts `chart`): which media type a request's
 * Accept prefers, and PNG rendering of the SVG (resvg). JSON stays the default: an image is chosen
 * only when Accept ranks it above application/json.
 */
import Negotiator from 'negotiator';
import { Resvg } from '@resvg/resvg-js';

const CHART_TYPES = ['image/svg+xml', 'image/png'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** The picture type Accept prefers to JSON, if any (`*\/*` and no Accept mean JSON). */
export function preferredChart(accept: string | undefined): ChartType | undefined {
  if (!accept) return undefined;
  const best = new Negotiator({ headers: { accept } }).mediaType(['application/json', ...CHART_TYPES]);
  return best === 'image/svg+xml' || best === 'image/png' ? best : undefined;
}

/** The picture type of a route that always answers a chart: SVG unless Accept ranks PNG above it. */
export function chartType(accept: string | undefined): ChartType {
  if (!accept) return 'image/svg+xml';
  return new Negotiator({ headers: { accept } }).mediaType(['image/svg+xml', 'image/png']) === 'image/png' ? 'image/png' : 'image/svg+xml';
}

/** The SVG rendered as PNG, at its own size, on the fonts of the system. */
export function svgToPng(svg: string): Buffer {
  return new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
}

/** OpenAPI `content` of a 200 answer that may also be a picture. */
export function chartContent(json: unknown): Record<string, { schema: unknown }> {
  return {
    'application/json': { schema: json },
    'image/svg+xml': { schema: { type: 'string', description: 'Bar chart of the answer (Accept: image/svg+xml).' } },
    'image/png': { schema: { type: 'string', format: 'binary', description: 'The same chart as PNG (Accept: image/png).' } },
  };
}
