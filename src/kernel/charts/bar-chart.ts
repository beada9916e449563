/**
 * SVG bar charts shared by every picture the service draws: the simulation chart
 * (GET /v1/simulations/{id}/chart.svg) and the `chart(result)` of operations (exact odds, dice
 * distributions), which REST also renders to PNG. Plain strings, no I/O.
 *
 * No two texts overlap, whatever the labels: every text's width is estimated from the widths of
 * DejaVu Sans (the renderer's font, one of the widest sans-serif faces) rounded up, and what would
 * not fit is shortened with `…` (titles, captions), thinned out (axis labels: every k-th, k chosen
 * from the widest label) or left out (a bar's percentage when it is wider than the bar; its tooltip
 * keeps it). Bars leave room above the tallest for its percentage, below the panel's heading.
 * tests/unit/charts/overlap.test.ts renders each chart kind with long labels and checks the text
 * boxes the renderer measures.
 */

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Width of one character in em, rounded up from DejaVu Sans's advance widths. */
function charEm(c: string): number {
  if (/[iljI.,:;!|'` ·]/.test(c)) return 0.36;
  if (/[mwMW%—…]/.test(c)) return 1.02;
  if (/[0-9a-z\-+()[\]/*<>=_]/.test(c)) return 0.66;
  if (/[A-Z]/.test(c)) return 0.82;
  return 1.05;
}

/** Estimated width in pixels of `s` at `fontSize` (never less than the rendered width). */
function textWidth(s: string, fontSize: number): number {
  let em = 0;
  for (const c of s) em += charEm(c);
  return em * fontSize;
}

/** `s`, shortened with `…` so that it is at most `maxWidth` pixels wide at `fontSize`. */
function fit(s: string, fontSize: number, maxWidth: number): string {
  if (textWidth(s, fontSize) <= maxWidth) return s;
  const chars = [...s];
  while (chars.length > 0 && textWidth(chars.join('') + '…', fontSize) > maxWidth) chars.pop();
  return chars.join('').trimEnd() + '…';
}

/** `<svg …>` with a white background and a `<title>`; close it with `</svg>`. */
export function svgHead(width: number, height: number, title: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12" role="img">` +
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
  /** Print each bar's percentage above it where it fits the bar's width (default true). */
  valueLabels?: boolean;
  /** Print the label of every k-th bar at least (default 1); more are skipped when the labels are wider than the bars. */
  labelEvery?: number;
  fill?: string;
}

const VALUE_FONT = 10;
const LABEL_FONT = 12;
/** How far an axis label may pass the panel's right end (every chart keeps a 20 px margin there). */
const OVERHANG = 18;
/** Room above the tallest bar for its percentage. */
const HEADROOM = VALUE_FONT + 6;

/** Print the label of every k-th of `bars` (each `barWidth` wide) so that no two labels touch. */
function labelStride(bars: Bar[], barWidth: number, atLeast: number): number {
  const widest = Math.max(0, ...bars.map((b) => textWidth(b.label, LABEL_FONT)));
  return Math.max(atLeast, 1, Math.ceil((widest + 6) / Math.max(barWidth, 0.001)));
}

/**
 * Axes, the scale's top and 0% marks, and the bars of one panel. Texts stay within the panel's
 * box, plus one line of labels under it (16 px, passing its right end by at most 18 px) and the
 * scale marks left of it (`left - 8`).
 */
export function barPanel(p: Panel): string {
  const { left, top, width: plotW, height: plotH, bars } = p;
  const fill = p.fill ?? '#4a7';
  const max = Math.max(...bars.map((b) => b.rate), 0.0001);
  const bw = plotW / Math.max(1, bars.length);
  const values = p.valueLabels !== false && bars.every((b) => textWidth(pct(b.rate), VALUE_FONT) + 2 <= bw);
  const every = labelStride(bars, bw, p.labelEvery ?? 1);
  const barsH = plotH - (values ? HEADROOM : 0);
  const drawn = bars
    .map((b, i) => {
      const h = (b.rate / max) * barsH;
      const x = left + i * bw + bw * 0.1;
      const y = top + plotH - h;
      const mid = (x + bw * 0.4).toFixed(1);
      return (
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(bw * 0.8).toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"><title>${esc(b.tooltip)}</title></rect>` +
        (values ? `<text x="${mid}" y="${(y - 4).toFixed(1)}" text-anchor="middle" font-size="${VALUE_FONT}">${pct(b.rate)}</text>` : '') +
        (i % every === 0 && x + bw * 0.4 + textWidth(b.label, LABEL_FONT) / 2 <= left + plotW + OVERHANG
          ? `<text x="${mid}" y="${top + plotH + 16}" text-anchor="middle">${esc(b.label)}</text>`
          : '')
      );
    })
    .join('');
  // the scale's top mark sits at the tallest bar's top
  const topMark = top + plotH - barsH;
  return (
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333"/>` +
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#333"/>` +
    `<text x="${left - 8}" y="${topMark + 4}" text-anchor="end">${pct(max)}</text><text x="${left - 8}" y="${top + plotH}" text-anchor="end">0%</text>` +
    drawn
  );
}

/** A text line, shortened with `…` to `maxWidth` when given (at the chart's font size unless `fontSize`). */
export function text(x: number, y: number, content: string, attributes = '', maxWidth?: number, fontSize = 12): string {
  const shown = maxWidth === undefined ? content : fit(content, fontSize, maxWidth);
  return `<text x="${x}" y="${y}"${attributes ? ' ' + attributes : ''}>${esc(shown)}</text>`;
}

/** Label every k-th of `n` bars so that at most about `max` labels are printed. */
export function labelStep(n: number, max = 20): number {
  return Math.max(1, Math.ceil(n / max));
}
