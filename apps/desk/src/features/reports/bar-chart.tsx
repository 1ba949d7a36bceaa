import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { wrapLabel } from './report-tables.ts';
import styles from './reports.module.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarSeries {
  label: string;
  data: number[];
  /** A design token, such as `--color-green-700`. */
  colorVar: string;
}

interface BarChartProps {
  /** What the chart shows, for screen readers; the table beside it has the figures. */
  summary: string;
  labels: string[];
  series: BarSeries[];
  stacked?: boolean;
  horizontal?: boolean;
}

/** Characters per line of a category's name beside a horizontal bar: a third of a phone. */
const LABEL_LINE = 18;

function tokenColor(token: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(token).trim() || '#1f5a41';
}

/** A Chart.js bar chart in the site's colours, drawn on a canvas and rebuilt when its data changes. */
export function BarChart({ summary, labels, series, stacked, horizontal }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // A category's name may be several lines, which Chart.js draws one under the other.
    const chart = new Chart<'bar', number[], string | string[]>(canvas.current, {
      type: 'bar',
      data: {
        // Beside a horizontal bar a long name wraps rather than being cut.
        labels: horizontal ? labels.map((label) => wrapLabel(label, LABEL_LINE)) : labels,
        datasets: series.map((one) => ({
          label: one.label,
          data: one.data,
          backgroundColor: tokenColor(one.colorVar),
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        maintainAspectRatio: false,
        animation: reduceMotion ? false : { duration: 300 },
        scales: {
          // Counts and minutes read best as whole numbers.
          x: { stacked: Boolean(stacked), beginAtZero: true, ticks: { precision: 0 } },
          y: { stacked: Boolean(stacked), beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [labels, series, stacked, horizontal]);

  return (
    <div className={styles.chart}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
