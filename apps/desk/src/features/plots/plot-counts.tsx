import { ui } from '../../components/ui.ts';
import { PLOT_STATUS_LABELS } from '../../lib/labels.ts';
import { PLOT_STATUSES, type PlotCounts, type PlotStatus } from '../../lib/types.ts';

const countOf = (row: PlotCounts['byStatus'], status: PlotStatus) =>
  row.find((entry) => entry.status === status)?.count ?? 0;

/**
 * The whole inventory at a glance, whatever the filters. Statuses are the rows and phases the
 * columns: a community has a few phases, so the table fits a phone's width.
 */
export function PlotCountsTable({ counts }: { counts: PlotCounts }) {
  const phases = counts.byPhase.length > 1 ? counts.byPhase : [];
  return (
    <section className={ui.card} aria-labelledby="plot-counts">
      <h2 id="plot-counts">Plots by status and phase</h2>
      {counts.total === 0 ? (
        <p className={ui.muted}>No plots yet. A manager imports them from a CSV file.</p>
      ) : (
        <div className={ui.scroll} role="region" aria-label="Plot counts" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Status</th>
                {phases.map((phase) => (
                  <th key={phase.phase} scope="col" className="number">
                    {phase.phase}
                  </th>
                ))}
                <th scope="col" className="number">
                  {phases.length > 0 ? 'All phases' : (counts.byPhase[0]?.phase ?? 'All')}
                </th>
              </tr>
            </thead>
            <tbody>
              {PLOT_STATUSES.map((status) => (
                <tr key={status}>
                  <th scope="row">{PLOT_STATUS_LABELS[status]}</th>
                  {phases.map((phase) => (
                    <td key={phase.phase} className="number">
                      {countOf(phase.byStatus, status)}
                    </td>
                  ))}
                  <td className="number">{countOf(counts.byStatus, status)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All plots</th>
                {phases.map((phase) => (
                  <td key={phase.phase} className="number">
                    {phase.total}
                  </td>
                ))}
                <td className="number">{counts.total}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
