/**
 * SVG bar charts shared by every picture the service draws: the simulation chart
 * (GET /v1/simulations/{id}/chart.svg) and the `chart(result)` of operations (exact odds, dice
 * distributions), which REST also renders to PNG. Plain strings, no I/O.
 */

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** `<svg …>` with a white background and a `<title>`; close it with `</svg>`. */
export function svgHead(width: number, height: number, title: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img">` +
    `<title>${esc(title)}</title><rect width="${width}" height="${height}" fill="#fff"/>`
  );
}

export interface Bar {
  /** Under the bar (the x value). */
  label: string;
  /** Share 0..1: the bar's height relative to the tallest. */
  rate: number;
  /** Tooltip text. */
  tooltip: string;
}

export interface Panel {
  left: number;
  top: number;
  width: number;
  height: number;
  bars: Bar[];
  /** Print each bar's percentage above it (default true). */
  valueLabels?: boolean;
  /** Print the label of every k-th bar only (default 1: all). */
  labelEvery?: number;
  fill?: string;
}

/** Axes, the scale's top and 0% marks, and the bars of one panel. */
export function barPanel(p: Panel): string {
  const { left, top, width: plotW, height: plotH, bars } = p;
  const fill = p.fill ?? '#4a7';
  const every = p.labelEvery ?? 1;
  const max = Math.max(...bars.map((b) => b.rate), 0.0001);
  const bw = plotW / Math.max(1, bars.length);
  const drawn = bars
    .map((b, i) => {
      const h = (b.rate / max) * plotH;
      const x = left + i * bw + bw * 0.1;
      const y = top + plotH - h;
      return (
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(bw * 0.8).toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"><title>${esc(b.tooltip)}</title></rect>` +
        (p.valueLabels === false ? '' : `<text x="${(x + bw * 0.4).toFixed(1)}" y="${(y - 4).toFixed(1)}" text-anchor="middle" font-size="10">${pct(b.rate)}</text>`) +
        (i % every === 0 ? `<text x="${(x + bw * 0.4).toFixed(1)}" y="${top + plotH + 16}" text-anchor="middle">${esc(b.label)}</text>` : '')
      );
    })
    .join('');
  return (
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333"/>` +
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#333"/>` +
    `<text x="${left - 8}" y="${top + 4}" text-anchor="end">${pct(max)}</text><text x="${left - 8}" y="${top + plotH}" text-anchor="end">0%</text>` +
    drawn
  );
}

/** A text line. */
export function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${x}" y="${y}"${attributes ? ' ' + attributes : ''}>${esc(content)}</text>`;
}

/** Label every k-th of `n` bars so that at most about `max` labels are printed. */
export function labelStep(n: number, max = 20): number {
  return Math.max(1, Math.ceil(n / max));
}
