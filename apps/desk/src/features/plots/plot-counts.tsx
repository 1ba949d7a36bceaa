import { ui } from '../../components/ui.ts';
import { PLOT_STATUS_LABELS } from '../../lib/labels.ts';
import { PLOT_STATUSES, type PlotCounts } from '../../lib/types.ts';

const countOf = (row: PlotCounts['byStatus'], status: string) =>
  row.find((entry) => entry.status === status)?.count ?? 0;

/** The whole inventory at a glance: plots per status in each phase, whatever the filters. */
export function PlotCountsTable({ counts }: { counts: PlotCounts }) {
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
                <th scope="col">Phase</th>
                {PLOT_STATUSES.map((status) => (
                  <th key={status} scope="col" className="number">
                    {PLOT_STATUS_LABELS[status]}
                  </th>
                ))}
                <th scope="col" className="number">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {counts.byPhase.map((phase) => (
                <tr key={phase.phase}>
                  <th scope="row">{phase.phase}</th>
                  {PLOT_STATUSES.map((status) => (
                    <td key={status} className="number">
                      {countOf(phase.byStatus, status)}
                    </td>
                  ))}
                  <td className="number">{phase.total}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All phases</th>
                {PLOT_STATUSES.map((status) => (
                  <td key={status} className="number">
                    {countOf(counts.byStatus, status)}
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
