import { ui } from '../../components/ui.ts';
import { formatMinutes } from '../../lib/format.ts';
import type { Report } from '../../lib/types.ts';
import { responseTables, type ResponseTable } from './report-tables.ts';
import styles from './reports.module.css';

const COLUMNS = [
  { key: 'answered', label: 'Answered' },
  { key: 'median', label: 'Median' },
  { key: 'p90', label: '90th percentile' },
  { key: 'withinTarget', label: 'Within target' },
  { key: 'reassigned', label: 'Reassigned' },
] as const;

function cells(figures: ResponseTable['rows'][number]['figures']) {
  return {
    answered: `${figures.answered} of ${figures.buyers}`,
    median: formatMinutes(figures.medianMinutes),
    p90: formatMinutes(figures.p90Minutes),
    withinTarget: figures.withinTargetPercent === null ? '—' : `${figures.withinTargetPercent}%`,
    reassigned: String(figures.reassigned),
  };
}

/**
 * Speed to lead: how fast buyers handed out were answered, per person, origin and form. On a
 * phone each row stacks its figures under their names, so no column is cut off.
 */
export function SpeedToLead({ report }: { report: Report }) {
  const { targetMinutes } = report.response;
  return (
    <section className={ui.card} aria-labelledby="speed-to-lead">
      <h2 id="speed-to-lead">Speed to lead</h2>
      <p className={ui.muted}>
        Working minutes from a buyer being handed to someone to the first call, WhatsApp or stage
        change, counted only in working hours; the target is {formatMinutes(targetMinutes)}. Within
        target counts the buyers answered or past their target.
      </p>
      {responseTables(report.response).map((table) => (
        <div key={table.id} className={styles.response}>
          <h3 id={`response-${table.id}`}>{table.title}</h3>
          {table.rows.length === 0 ? (
            <p className={ui.muted}>No buyer was handed out in this period.</p>
          ) : (
            <table className={styles.stack} aria-labelledby={`response-${table.id}`}>
              <thead>
                <tr>
                  <th scope="col">{table.heading}</th>
                  {COLUMNS.map((column) => (
                    <th key={column.key} scope="col" className="number">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => {
                  const values = cells(row.figures);
                  return (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      {COLUMNS.map((column) => (
                        <td key={column.key} className="number" data-label={column.label}>
                          {values[column.key]}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      ))}
    </section>
  );
}
