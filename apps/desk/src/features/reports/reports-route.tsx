import { useMemo } from 'react';
import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { buttonClass, ui } from '../../components/ui.ts';
import { api } from '../../lib/api.ts';
import { formatMinutes } from '../../lib/format.ts';
import { whoIsSignedIn } from '../../lib/session.ts';
import type { CostReport, Report } from '../../lib/types.ts';
import { AdCost, spendAction, type SpendResult } from './ad-cost.tsx';
import { BarChart, type BarSeries } from './bar-chart.tsx';
import { campaignLabel, funnelRows, lastDays, originLabel, perDayTable } from './report-tables.ts';
import { FigureTable, type FigureColumn } from './figure-table.tsx';
import { SpeedToLead } from './speed-to-lead.tsx';
import styles from './reports.module.css';

const PERIODS = [30, 90] as const;
const CHANNEL_COLOURS = [
  '--color-green-700',
  '--color-gold-500',
  '--color-ink-500',
  '--color-gold-700',
  '--color-green-600',
  '--color-ink-900',
  '--color-gold-300',
];

type Row<Key extends 'visitsByAgent' | 'firstContact' | 'byCampaign'> = Report[Key][number];
type VisitCounts = Pick<Row<'visitsByAgent'>, 'booked' | 'visited' | 'noShows' | 'cancelled'>;

const VISIT_COLUMNS: FigureColumn<VisitCounts>[] = [
  { label: 'Booked', value: (row) => row.booked },
  { label: 'Visited', value: (row) => row.visited },
  { label: 'No-shows', value: (row) => row.noShows },
  { label: 'Cancelled', value: (row) => row.cancelled },
];
const FIRST_CONTACT_COLUMNS: FigureColumn<Row<'firstContact'>>[] = [
  { label: 'Leads contacted', value: (row) => row.leads },
  { label: 'Median', value: (row) => formatMinutes(row.medianMinutes) },
  { label: '90th percentile', value: (row) => formatMinutes(row.p90Minutes) },
];
const CAMPAIGN_COLUMNS: FigureColumn<Row<'byCampaign'>>[] = [
  { label: 'Leads', value: (row) => row.leads },
  { label: 'Site visits', value: (row) => row.siteVisits },
  { label: 'Bookings', value: (row) => row.bookings },
];

interface ReportsData {
  days: (typeof PERIODS)[number];
  report: Report;
  /** What the ads cost: for managers only. */
  cost: CostReport | null;
}

/** Loaded with its chart library only when someone opens Reports (see the router). */
export async function loader({ request }: LoaderFunctionArgs): Promise<ReportsData> {
  const days = new URL(request.url).searchParams.get('days') === '90' ? 90 : 30;
  const { signal } = request;
  const [report, user] = await Promise.all([
    api<Report>(`/reports?days=${days}`, { signal }),
    whoIsSignedIn(signal),
  ]);
  const cost =
    user?.role === 'manager'
      ? await api<CostReport>(`/reports/cost?days=${days}`, { signal })
      : null;
  return { days, report, cost };
}

/** A manager's spend, imported from an export or typed; the figures then load again. */
export async function action({ request }: ActionFunctionArgs): Promise<SpendResult> {
  return spendAction(await request.formData());
}

export function Component() {
  const { days, report, cost } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Reports</h1>
      <nav className={styles.periods} aria-label="Period">
        {PERIODS.map((period) => (
          <Link
            key={period}
            to={`?days=${period}`}
            className={buttonClass('secondary')}
            aria-current={period === days ? 'page' : undefined}
          >
            Last {period} days
          </Link>
        ))}
      </nav>
      <PerDay report={report} days={days} />
      <div className={styles.grid}>
        <Funnel report={report} />
        <FirstContact report={report} />
      </div>
      <SpeedToLead report={report} />
      <Campaigns report={report} />
      <SiteVisits report={report} />
      {cost ? <AdCost cost={cost} days={days} /> : null}
    </>
  );
}

/**
 * From the visit records: the visits booked in the period by the campaign and the origin of
 * their buyer's first enquiry and by who booked them; each table counts every visit once.
 */
function SiteVisits({ report }: { report: Report }) {
  const byCampaign = report.visitsByCampaign;
  const byOrigin = report.visitsByOrigin;
  const byAgent = report.visitsByAgent;
  return (
    <section className={ui.card} aria-labelledby="site-visits">
      <h2 id="site-visits">Site visits</h2>
      {byAgent.length === 0 ? (
        <p className={ui.muted}>No site visit was booked in this period.</p>
      ) : (
        <>
          <p className={ui.muted}>
            The visits booked in this period, counted from the visit records three ways: by the
            campaign and the origin of the buyer’s first enquiry, and by who booked them. Each table
            counts every visit once, so their totals are the same.
          </p>
          <div className={styles.subsection}>
            <h3>By campaign</h3>
            <FigureTable
              name={{ caption: 'Site visits by campaign' }}
              heading="Source / campaign"
              rows={byCampaign}
              rowName={(row) => campaignLabel(row)}
              rowKey={(_row, index) => index}
              columns={VISIT_COLUMNS}
            />
          </div>
          <div className={styles.subsection}>
            <h3>By origin</h3>
            <FigureTable
              name={{ caption: 'Site visits by origin' }}
              heading="Origin"
              rows={byOrigin}
              rowName={(row) => originLabel(row.origin)}
              rowKey={(_row, index) => index}
              columns={VISIT_COLUMNS}
            />
          </div>
          <div className={styles.subsection}>
            <h3>By agent</h3>
            <FigureTable
              name={{ caption: 'Site visits by agent' }}
              heading="Booked by"
              rows={byAgent}
              rowName={(row) => row.user.name}
              rowKey={(row) => row.user.id}
              columns={VISIT_COLUMNS}
            />
          </div>
        </>
      )}
    </section>
  );
}

function PerDay({ report, days }: { report: Report; days: number }) {
  const table = useMemo(() => perDayTable(report.perDay, lastDays(days)), [report, days]);
  const series = useMemo<BarSeries[]>(
    () =>
      table.channels.map((channel, column) => ({
        label: channel.label,
        data: table.counts.map((row) => row[column] ?? 0),
        colorVar: CHANNEL_COLOURS[column % CHANNEL_COLOURS.length] ?? '--color-green-700',
      })),
    [table],
  );
  const { total } = table;
  return (
    <section className={ui.card} aria-labelledby="per-day">
      <h2 id="per-day">Leads per day by form</h2>
      <p>
        {total} {total === 1 ? 'lead' : 'leads'} in the last {days} days.
      </p>
      <p className={ui.muted}>
        Each buyer counts once, on the day of their first enquiry, as in the funnel and the
        campaigns; leads that named no form count under where they came from.
      </p>
      <BarChart
        summary={`Bar chart of leads per day by form over the last ${days} days; the table below has the figures.`}
        labels={table.days.map((day) => day.slice(5))}
        series={series}
        stacked
      />
      <details className={styles.table}>
        <summary>Leads per day as a table</summary>
        <p className={ui.muted}>The days with leads; the chart shows every day.</p>
        <table className={styles.stack}>
          <caption className="visually-hidden">Leads per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {table.channels.map((channel) => (
                <th key={channel.key} scope="col" className="number">
                  {channel.label}
                </th>
              ))}
              <th scope="col" className="number">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {table.days.map((day, row) =>
              table.totals[row] === 0 ? null : (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {table.channels.map((channel, column) => (
                    <td key={channel.key} className="number" data-label={channel.label}>
                      {table.counts[row]?.[column] ?? 0}
                    </td>
                  ))}
                  <td className="number" data-label="Total">
                    {table.totals[row]}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function Funnel({ report }: { report: Report }) {
  const rows = useMemo(() => funnelRows(report.funnel), [report]);
  const series = useMemo<BarSeries[]>(
    () => [{ label: 'Leads', data: rows.map((row) => row.count), colorVar: '--color-green-700' }],
    [rows],
  );
  const labels = useMemo(() => rows.map((row) => row.label), [rows]);
  return (
    <section className={ui.card} aria-labelledby="funnel">
      <h2 id="funnel">Stage funnel</h2>
      <p className={ui.muted}>
        Buyers that reached each stage, each counted once from their first enquiry; Lost counts the
        buyers lost now.
      </p>
      <BarChart
        summary="Bar chart of leads at each stage; the table below has the figures."
        labels={labels}
        series={series}
        horizontal
      />
      <table>
        <caption className="visually-hidden">Leads at each stage</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col" className="number">
              Leads
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td className="number">{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function FirstContact({ report }: { report: Report }) {
  const rows = report.firstContact;
  const labels = useMemo(() => rows.map((row) => row.user.name), [rows]);
  const series = useMemo<BarSeries[]>(
    () => [
      {
        label: 'Median minutes',
        data: rows.map((row) => row.medianMinutes ?? 0),
        colorVar: '--color-green-700',
      },
      {
        label: '90th percentile minutes',
        data: rows.map((row) => row.p90Minutes ?? 0),
        colorVar: '--color-gold-500',
      },
    ],
    [rows],
  );
  return (
    <section className={ui.card} aria-labelledby="first-contact">
      <h2 id="first-contact">Time to first contact</h2>
      {rows.length === 0 ? (
        <p className={ui.muted}>No lead has been contacted in this period yet.</p>
      ) : (
        <>
          <BarChart
            summary="Bar chart of median and 90th percentile minutes from a buyer's first enquiry to their first contact, per person; the table below has the figures."
            labels={labels}
            series={series}
          />
          <FigureTable
            name={{ caption: 'Time to first contact per person' }}
            heading="Person"
            rows={rows}
            rowName={(row) => row.user.name}
            rowKey={(row) => row.user.id}
            columns={FIRST_CONTACT_COLUMNS}
          />
          <p className={ui.muted}>
            Working minutes from a buyer’s first enquiry to their first call or WhatsApp: as in
            speed to lead, the clock runs only in working hours.
          </p>
        </>
      )}
    </section>
  );
}

function Campaigns({ report }: { report: Report }) {
  const rows = report.byCampaign;
  const labels = useMemo(() => rows.map(campaignLabel), [rows]);
  const series = useMemo<BarSeries[]>(
    () => [
      { label: 'Leads', data: rows.map((row) => row.leads), colorVar: '--color-green-700' },
      {
        label: 'Site visits',
        data: rows.map((row) => row.siteVisits),
        colorVar: '--color-gold-500',
      },
      { label: 'Bookings', data: rows.map((row) => row.bookings), colorVar: '--color-ink-500' },
    ],
    [rows],
  );
  return (
    <section className={ui.card} aria-labelledby="campaigns">
      <h2 id="campaigns">Leads, site visits and bookings by campaign</h2>
      <p className={ui.muted}>
        Each buyer counts once, under the campaign of their first enquiry (first touch).
      </p>
      {rows.length === 0 ? (
        <p className={ui.muted}>No leads in this period.</p>
      ) : (
        <>
          <BarChart
            summary="Bar chart of leads, site visits and bookings per campaign; the table below has the figures."
            labels={labels}
            series={series}
            horizontal
          />
          <FigureTable
            name={{ caption: 'Campaigns' }}
            heading="Source / campaign"
            rows={rows}
            rowName={(_row, index) => labels[index]}
            rowKey={(_row, index) => index}
            columns={CAMPAIGN_COLUMNS}
          />
        </>
      )}
    </section>
  );
}
