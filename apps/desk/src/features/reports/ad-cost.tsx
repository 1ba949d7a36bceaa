import { useMemo } from 'react';
import { useFetcher } from 'react-router';
import {
  CsvImportForm,
  plural,
  refusedProblems,
  type CsvImportResult,
} from '../../components/csv-import.tsx';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, API_BASE, ApiError, attempt } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';
import type { CostReport, SpendImportAnswer } from '../../lib/types.ts';
import { BarChart, type BarSeries } from './bar-chart.tsx';
import { FigureTable, type FigureColumn } from './figure-table.tsx';
import styles from './reports.module.css';

/**
 * What the ads cost (managers only): spend brought in from Google Ads' and Meta Ads Manager's
 * exports or typed by hand, set against the buyers each campaign brought (docs/ad-spend.md).
 */

const PAISE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/** Paise as rupees to the paisa: ₹13,433.25; a cost with nothing to divide by is a dash. */
export function formatPaise(paise: number | null): string {
  return paise === null ? '–' : PAISE.format(paise / 100);
}

const PLATFORM_NAMES: Record<string, string> = { google: 'Google Ads', meta: 'Meta' };
const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

type Figures = CostReport['total'];
const COST_COLUMNS: FigureColumn<Figures>[] = [
  { label: 'Spend', value: (row) => formatPaise(row.spendPaise) },
  { label: 'Buyers', value: (row) => row.buyers },
  { label: 'Contacted', value: (row) => row.contacted },
  { label: 'Site visits', value: (row) => row.siteVisits },
  { label: 'Bookings', value: (row) => row.bookings },
  { label: 'Per buyer', value: (row) => formatPaise(row.costPerBuyer) },
  { label: 'Per visit', value: (row) => formatPaise(row.costPerVisit) },
  { label: 'Per booking', value: (row) => formatPaise(row.costPerBooking) },
];

export interface SpendResult extends CsvImportResult {
  intent: 'spend-import' | 'spend-entry';
}

/** Sends the chosen export as it is; the API imports all of it or none. */
async function importSpend(form: FormData): Promise<SpendResult> {
  const file = form.get('file');
  let problems: SpendResult['problems'];
  const result = await attempt(async () => {
    if (!(file instanceof File) || file.size === 0) {
      throw new ApiError(400, 'Choose the CSV file Google Ads or Meta Ads Manager exported first.');
    }
    try {
      const answer = await api<SpendImportAnswer>('/spend/import', {
        method: 'POST',
        file: { type: 'text/csv', text: await file.text() },
      });
      const replaced = answer.replaced > 0 ? `; ${answer.replaced} replaced what was there` : '';
      return `Imported ${file.name} (${platformName(answer.platform)}): ${formatPaise(answer.amountPaise)} over ${plural(answer.rows, 'campaign day', 'campaign days')} of ${plural(answer.campaigns, 'campaign', 'campaigns')}, ${answer.firstDay} to ${answer.lastDay}${replaced}.`;
    } catch (error) {
      problems = refusedProblems(error);
      throw error;
    }
  });
  return { ...result, intent: 'spend-import', ...(problems ? { problems } : {}) };
}

async function enterSpend(form: FormData): Promise<SpendResult> {
  const entry = {
    platform: textField(form, 'platform'),
    campaign: textField(form, 'campaign'),
    day: textField(form, 'day'),
    amount: textField(form, 'amount'),
  };
  const result = await attempt(async () => {
    const { spend } = await api<{ spend: { amountPaise: number } | null }>('/spend', {
      method: 'PUT',
      body: entry,
    });
    return spend
      ? `Saved ${formatPaise(spend.amountPaise)} for ${entry.campaign} on ${entry.day}.`
      : `Removed the spend of ${entry.campaign} on ${entry.day}.`;
  });
  return { ...result, intent: 'spend-entry' };
}

/** The Reports screen's action: a spend export imported, or a day's spend typed. */
export async function spendAction(form: FormData): Promise<SpendResult> {
  return textField(form, 'intent') === 'spend-import' ? importSpend(form) : enterSpend(form);
}

export function AdCost({ cost, days }: { cost: CostReport; days: number }) {
  return (
    <section className={ui.card} aria-labelledby="ad-cost">
      <h2 id="ad-cost">What the ads cost</h2>
      <p className={ui.muted}>
        Spend in the last {days} days set against the buyers each campaign brought, counted as in
        the campaigns above: what one buyer, one site visit and one booking cost.
      </p>
      <CostTables cost={cost} />
      <CostPerVisitChart cost={cost} />
      <div className={ui.actions}>
        <a
          className={buttonClass('secondary')}
          href={`${API_BASE}/reports/cost.csv?days=${days}`}
          download
        >
          Cost per campaign CSV
        </a>
      </div>
      <SpendImport />
      <SpendEntryForm />
    </section>
  );
}

function CostTables({ cost }: { cost: CostReport }) {
  if (cost.byCampaign.length === 0) {
    return <p className={ui.muted}>No spend and no buyers in this period yet.</p>;
  }
  const withTotal = [...cost.byPlatform, { platform: 'Total', ...cost.total }];
  return (
    <>
      <div className={styles.subsection}>
        <h3>By campaign</h3>
        <FigureTable
          name={{ caption: 'Cost by campaign' }}
          heading="Platform / campaign"
          rows={cost.byCampaign}
          rowName={(row) => `${platformName(row.platform)} / ${row.campaign}`}
          rowKey={(row) => `${row.platform}\n${row.campaign}`}
          columns={COST_COLUMNS}
        />
      </div>
      <div className={styles.subsection}>
        <h3>By platform</h3>
        <FigureTable
          name={{ caption: 'Cost by platform' }}
          heading="Platform"
          rows={withTotal}
          rowName={(row) => platformName(row.platform)}
          rowKey={(row) => row.platform}
          columns={COST_COLUMNS}
        />
      </div>
    </>
  );
}

function CostPerVisitChart({ cost }: { cost: CostReport }) {
  const weeks = cost.weeks;
  const series = useMemo<BarSeries[]>(
    () => [
      {
        label: 'Cost per site visit (₹)',
        data: weeks.map((week) => (week.costPerVisit ?? 0) / 100),
        colorVar: '--color-green-700',
      },
    ],
    [weeks],
  );
  return (
    <div className={styles.subsection}>
      <h3>Cost per site visit by week</h3>
      <BarChart
        summary="Bar chart of the cost per site visit for each week, by the week of the buyers' first enquiry; the table below has the figures."
        labels={weeks.map((week) => week.week.slice(5))}
        series={series}
      />
      <details className={styles.table}>
        <summary>Cost per site visit as a table</summary>
        <FigureTable
          name={{ caption: 'Cost per site visit by week' }}
          heading="Week from"
          rows={weeks}
          rowName={(week) => week.week}
          rowKey={(week) => week.week}
          columns={[
            { label: 'Spend', value: (week) => formatPaise(week.spendPaise) },
            { label: 'Site visits', value: (week) => week.siteVisits },
            { label: 'Per visit', value: (week) => formatPaise(week.costPerVisit) },
          ]}
        />
      </details>
    </div>
  );
}

function SpendImport() {
  return (
    <div className={styles.subsection}>
      <h3>Import spend</h3>
      <p className={ui.hint} id="spend-import-hint">
        The CSV file as Google Ads (Campaigns, segmented by Day) or Meta Ads Manager (Campaigns,
        broken down by Day) exports it. Importing the same days again replaces them. If any row is
        wrong, nothing is imported.
      </p>
      <CsvImportForm
        intent="spend-import"
        id="spend-file"
        label="Spend export (CSV)"
        hintId="spend-import-hint"
        button="Import spend"
      />
    </div>
  );
}

function SpendEntryForm() {
  const fetcher = useFetcher<SpendResult>({ key: 'spend-entry' });
  const form = useResetOnSuccess(fetcher.data);
  const busy = fetcher.state !== 'idle';
  return (
    <div className={styles.subsection}>
      <h3>Add a day’s spend by hand</h3>
      <p className={ui.hint} id="spend-entry-hint">
        For a portal, a hoarding or a newspaper, or to correct a day. It replaces that day’s amount;
        0 removes it.
      </p>
      <fetcher.Form method="post" ref={form} aria-describedby="spend-entry-hint">
        <input type="hidden" name="intent" value="spend-entry" />
        <div className={styles.entry}>
          <div className={ui.field}>
            <label htmlFor="spend-platform">Platform</label>
            <input
              id="spend-platform"
              name="platform"
              required
              maxLength={40}
              list="spend-platforms"
              autoComplete="off"
            />
            <datalist id="spend-platforms">
              {['google', 'meta', '99acres', 'housing', 'magicbricks', 'hoarding'].map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          <div className={ui.field}>
            <label htmlFor="spend-campaign">Campaign</label>
            <input id="spend-campaign" name="campaign" required maxLength={200} />
          </div>
          <div className={ui.field}>
            <label htmlFor="spend-day">Day</label>
            <input id="spend-day" name="day" type="date" required />
          </div>
          <div className={ui.field}>
            <label htmlFor="spend-amount">Amount (₹)</label>
            <input
              id="spend-amount"
              name="amount"
              inputMode="decimal"
              required
              pattern="[0-9,]+(\.[0-9]{1,2})?"
              title="Rupees, with at most two decimals: 25000 or 25,000.50"
            />
          </div>
        </div>
        <button type="submit" className={buttonClass('secondary')} disabled={busy}>
          {busy ? 'Saving…' : 'Save spend'}
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        <Notice>{fetcher.data?.message}</Notice>
      </fetcher.Form>
    </div>
  );
}
