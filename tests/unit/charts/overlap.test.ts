/**
 * No text of any chart overlaps another or leaves the picture, whatever its labels: each chart kind
 * (dice distribution, exact odds, simulation result and progress) is drawn with long titles,
 * captions and axis labels, many bars and few, the tallest bar first and last; every `<text>` is
 * rendered alone by the PNG renderer (resvg, the service's own fonts) to measure the box its glyphs
 * cover, and no two boxes may intersect.
 */
import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { distributionChartSvg } from '../../../src/app/dice/chart.js';
import { oddsChartSvg } from '../../../src/games/eden/operations/odds/chart.js';
import { chartSvg } from '../../../src/http/routes/simulation-chart.js';

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The glyph box of every text of `svg`, measured by rendering each alone on the same canvas. */
function textBoxes(svg: string): { boxes: Box[]; width: number; height: number } {
  const root = /^<svg[^>]*>/.exec(svg)![0];
  const width = Number(/ width="([\d.]+)"/.exec(root)![1]);
  const height = Number(/ height="([\d.]+)"/.exec(root)![1]);
  const boxes = [...svg.matchAll(/<text[^>]*>[^<]*<\/text>/g)].map(([element]) => {
    const box = new Resvg(`${root}${element}</svg>`, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).getBBox();
    const text = element.replace(/<[^>]*>/g, '');
    if (!box) throw new Error(`the text "${text}" rendered nothing (no font?)`);
    return { text, x: box.x, y: box.y, width: box.width, height: box.height };
  });
  return { boxes, width, height };
}

const intersect = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function expectNoOverlap(svg: string): Box[] {
  const { boxes, width, height } = textBoxes(svg);
  const overlaps: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      if (intersect(a, b)) overlaps.push(`"${a.text}" and "${b.text}"`);
    }),
  );
  const outside = boxes.filter((b) => b.x < 0 || b.y < 0 || b.x + b.width > width || b.y + b.height > height).map((b) => b.text);
  expect(overlaps, 'texts that overlap').toEqual([]);
  expect(outside, 'texts outside the picture').toEqual([]);
  return boxes;
}

type Distribution = Parameters<typeof distributionChartSvg>[0];
type Odds = Parameters<typeof oddsChartSvg>[1];
type Simulation = Parameters<typeof chartSvg>[0];

/** A distribution over `values` with probabilities rising to the tallest at `peak` (an index). */
function distribution(notation: string, values: number[], peak: number): Distribution {
  const weights = values.map((_, i) => 1 + values.length - Math.abs(i - peak));
  const sum = weights.reduce((a, b) => a + b, 0);
  const entries = values.map((value, i) => ({ value, probability: weights[i]! / sum, atLeast: 0, atMost: 0 }));
  const min = values[0]!;
  const max = values.at(-1)!;
  return { notation, min, max, mean: (min + max) / 2 + 0.123456, stdev: 123456.789, distribution: entries } as unknown as Distribution;
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const LONG_NOTATION = '4d6[fire from the dragon’s breath, which nobody saw coming]+1d8[cold]+12d10!!>=8f<=1+3dF[WWWWWWWWWWWWWWWWWWWW]';
const LONG = 'MMMMWWWW '.repeat(30);

function odds(histogram: number[]): Odds {
  const sum = histogram.reduce((a, b) => a + b, 0);
  const limb = (hitRate: number) => ({ hitRate, expectedMarked: 1.23456 });
  return {
    successRate: 0.999,
    outOfActionRate: 0.456,
    expectedMarked: 12345.678,
    markedHistogram: histogram.map((w, marked) => ({ marked, rate: w / sum })),
    byLimb: { head: limb(1), arms: limb(0.999), torso: limb(0.5), legs: limb(0.001) },
  } as unknown as Odds;
}

function simulation(histogram: number[], over: Partial<Simulation> = {}): Simulation {
  const sum = histogram.reduce((a, b) => a + b, 0);
  return {
    id: '00000000-0000-4000-8000-000000000000',
    kind: 'eden.melee',
    status: 'completed',
    progress: 1,
    result: {
      iterations: 1_000_000_000,
      successRate: 0.5,
      outOfActionRate: 0.25,
      expectedMarked: 1.5,
      markedHistogram: histogram.map((w, marked) => ({ marked, count: w, rate: w / sum })),
    },
    ...over,
  } as unknown as Simulation;
}

describe('charts: no text overlaps another or leaves the picture', () => {
  it('dice distribution: few bars with their percentages, the tallest first, in the middle and last', () => {
    for (const peak of [0, 5, 10]) {
      const boxes = expectNoOverlap(distributionChartSvg(distribution('2d6', range(2, 11), peak)));
      expect(boxes.some((b) => b.text.endsWith('%') && b.text !== '0%')).toBe(true);
    }
  });

  it('dice distribution: a long notation and caption, 24 bars of seven-digit values, 400 bars, and merged ranges', () => {
    expectNoOverlap(distributionChartSvg(distribution(LONG_NOTATION, range(-1_000_000, 24), 0)));
    expectNoOverlap(distributionChartSvg(distribution(LONG_NOTATION, range(1_000_000, 24), 23)));
    expectNoOverlap(distributionChartSvg(distribution(LONG_NOTATION, range(1_000_000, 400), 0)));
    expectNoOverlap(distributionChartSvg(distribution(LONG_NOTATION, range(-5_000_000, 2_000), 1_999)));
  });

  it('exact odds: the tallest bar’s percentage under the panel headings, a long title, many bins', () => {
    expectNoOverlap(oddsChartSvg('EDEN melee attack', odds([10, 1, 1, 1])));
    expectNoOverlap(oddsChartSvg('EDEN shot', odds([1, 1, 1, 10])));
    expectNoOverlap(oddsChartSvg(LONG, odds(range(0, 40).map((i) => 40 - i))));
    expectNoOverlap(oddsChartSvg(LONG, odds(range(0, 120).map((i) => (i === 119 ? 500 : 1)))));
  });

  it('simulation: the result with a long caption and many bins, and the progress of a failed run with a long error', () => {
    expectNoOverlap(chartSvg(simulation([90, 5, 3, 2])));
    expectNoOverlap(chartSvg(simulation([1, 2, 3, 90])));
    expectNoOverlap(
      chartSvg(
        simulation(
          range(0, 150).map((i) => i + 1),
          { kind: LONG } as Partial<Simulation>,
        ),
      ),
    );
    expectNoOverlap(chartSvg(simulation([], { status: 'failed', progress: 0.5, result: undefined, error: LONG, kind: LONG } as Partial<Simulation>)));
  });
});
