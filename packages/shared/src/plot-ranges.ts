/** The plot ranges a visitor can ask about, exactly as the forms show them. */
export const PLOT_RANGES = ['165 - 200 Sq. Yds', '200 - 300 Sq. Yds', '300 - 400 Sq. Yds'] as const;

export type PlotRange = (typeof PLOT_RANGES)[number];

export function isPlotRange(value: unknown): value is PlotRange {
  return typeof value === 'string' && (PLOT_RANGES as readonly string[]).includes(value);
}
