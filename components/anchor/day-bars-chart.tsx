'use client';
// One figure by day as bars (uPlot, docs/anchor-stats.md): loaded by the anchor centre only, after its first paint.
// The chart follows its box's width, takes the brand colour from the page's tokens, and redraws in place when the
// figures change (a gift arrives) instead of being made again.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './anchor-stats.module.css';

export type DayBars = {
  /** UTC days, YYYY-MM-DD, oldest first. */
  days: readonly string[];
  values: readonly number[];
  label: string;
  format: (value: number) => string;
  formatDay: (day: string) => string;
};

const height = 220;
/** Room a day's label needs on the axis, in CSS pixels. */
const labelSpace = 52;
/** Whole steps for the value axis (1, 2, 5, 10, 20, 50…): a count never shows a half. */
const wholeSteps = Array.from({ length: 36 }, (_, index) => [1, 2, 5][index % 3] * 10 ** Math.floor(index / 3));

function token(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/** The options read the figures through `current`, so a redraw with new figures uses their days and format. */
function chartOptions(box: HTMLElement, current: () => DayBars): uPlot.Options {
  const brand = token(box, '--brand', '#16a34a');
  const muted = token(box, '--text-muted', '#94a3b8');
  const grid = token(box, '--border', 'rgba(148,163,184,0.2)');
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { show: false }, font: '12px system-ui, sans-serif' };
  return {
    width: box.clientWidth,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    // x is the day's index: each bar sits on its day, with half a day of room at each end.
    scales: { x: { time: false, range: () => [-0.5, current().days.length - 0.5] }, y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.15 : 1] } },
    axes: [
      {
        ...axis,
        // Every day when there is room, else every second (third...) day, always ending on today.
        splits: (chart) => {
          const count = current().days.length;
          const step = Math.max(1, Math.ceil((count * labelSpace) / Math.max(1, chart.bbox.width / devicePixelRatio)));
          return Array.from({ length: count }, (_, index) => index).filter((index) => (count - 1 - index) % step === 0);
        },
        values: (_chart, ticks) => ticks.map((tick) => current().formatDay(current().days[tick] ?? '')),
      },
      { ...axis, incrs: wholeSteps, values: (_chart, ticks) => ticks.map((tick) => current().format(tick)), size: 64 },
    ],
    series: [
      {},
      { label: current().label, stroke: brand, fill: `color-mix(in srgb, ${brand} 70%, transparent)`, width: 0, paths: uPlot.paths.bars?.({ size: [0.6, 40], gap: 2 }), points: { show: false } },
    ],
  };
}

const dataOf = (bars: DayBars): uPlot.AlignedData => [bars.days.map((_day, index) => index), [...bars.values]];

export default function DayBarsChart(bars: DayBars) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(bars);
  latest.current = bars;

  // Made once per series (label), then fed new figures; resized with its box.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const made = new uPlot(chartOptions(element, () => latest.current), dataOf(latest.current), element);
    chart.current = made;
    const resize = new ResizeObserver(() => made.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.destroy();
      chart.current = null;
    };
  }, [bars.label]);

  useEffect(() => {
    chart.current?.setData(dataOf(bars));
  }, [bars]);

  const today = bars.values.at(-1) ?? 0;
  return <div ref={box} className={styles.chart} role="img" aria-label={bars.label} data-today={today} data-total={bars.values.reduce((sum, value) => sum + value, 0)} />;
}
