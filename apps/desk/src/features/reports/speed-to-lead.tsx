import { ui } from '../../components/ui.ts';
import { formatMinutes } from '../../lib/format.ts';
import type { Report } from '../../lib/types.ts';
import { FigureTable, type FigureColumn } from './figure-table.tsx';
import { responseTables, type ResponseTable } from './report-tables.ts';
import styles from './reports.module.css';

type Figures = ResponseTable['rows'][number]['figures'];

const COLUMNS: FigureColumn<ResponseTable['rows'][number]>[] = [
  { label: 'Answered', value: ({ figures }) => `${figures.answered} of ${figures.buyers}` },
  { label: 'Median', value: ({ figures }) => formatMinutes(figures.medianMinutes) },
  { label: '90th percentile', value: ({ figures }) => formatMinutes(figures.p90Minutes) },
  { label: 'Within target', value: ({ figures }) => withinTarget(figures) },
  { label: 'Reassigned', value: ({ figures }) => figures.reassigned },
];

function withinTarget(figures: Figures): string {
  return figures.withinTargetPercent === null ? '—' : `${figures.withinTargetPercent}%`;
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
        <div key={table.id} className={styles.subsection}>
          <h3 id={`response-${table.id}`}>{table.title}</h3>
          {table.rows.length === 0 ? (
            <p className={ui.muted}>No buyer was handed out in this period.</p>
          ) : (
            <FigureTable
              name={{ labelledBy: `response-${table.id}` }}
              heading={table.heading}
              rows={table.rows}
              rowName={(row) => row.label}
              rowKey={(row) => row.label}
              columns={COLUMNS}
            />
          )}
        </div>
      ))}
    </section>
  );
}
