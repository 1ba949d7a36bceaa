import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { PlotStatusBadge } from '../../components/plot-status.tsx';
import { ErrorText } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { API_BASE, api, attempt, type ActionResult } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';
import { plotFacts, plotStanding } from '../../lib/plot-format.ts';
import { useUser } from '../../lib/session.ts';
import type { Plot, PlotAnswer, PlotHoldBody, PlotsAnswer } from '../../lib/types.ts';
import { loadChoosingFor, type ChoosingFor } from './choosing-for.ts';
import { PlotCountsTable } from './plot-counts.tsx';
import { PlotFiltersForm } from './plot-filters-form.tsx';
import {
  FOR_BUYER_PARAM,
  isPlotFiltered,
  parsePlotFilters,
  plotFiltersQuery,
  type PlotFilters,
} from './plot-filters.ts';
import { importPlots, PlotImport, type ImportResult } from './plot-import.tsx';
import styles from './plots.module.css';

interface PlotsData extends PlotsAnswer {
  filters: PlotFilters;
  choosingFor: ChoosingFor | null;
}

/** Loaded with the screen only when someone opens Plots (see the router). */
export async function loader({ request }: LoaderFunctionArgs): Promise<PlotsData> {
  const params = new URL(request.url).searchParams;
  const filters = parsePlotFilters(params);
  const query = plotFiltersQuery(filters).toString();
  const [answer, choosingFor] = await Promise.all([
    api<PlotsAnswer>(`/plots${query ? `?${query}` : ''}`, { signal: request.signal }),
    loadChoosingFor(params, request.signal),
  ]);
  return { ...answer, filters, choosingFor };
}

interface HoldResult extends ActionResult {
  intent: 'hold';
  plotNumber: string;
}

export async function action({
  request,
}: ActionFunctionArgs): Promise<HoldResult | ImportResult | Response> {
  const form = await request.formData();
  return textField(form, 'intent') === 'hold' ? hold(form) : importPlots(form);
}

/** Holds the plot for the buyer it was chosen for, then goes back to the buyer, who shows it. */
async function hold(form: FormData): Promise<HoldResult | Response> {
  const leadId = Number(textField(form, 'leadId'));
  let held = false;
  const result = await attempt(async () => {
    await api<PlotAnswer>(`/plots/${textField(form, 'plotId')}/hold`, {
      method: 'POST',
      body: { leadId } satisfies PlotHoldBody,
    });
    held = true;
  });
  if (held) return redirect(`/leads/${leadId}`);
  return { ...result, intent: 'hold', plotNumber: textField(form, 'plotNumber') };
}

export function Component() {
  const { plots, counts, filters, choosingFor } = useLoaderData<typeof loader>();
  const user = useUser();
  const { search } = useLocation();
  const filtered = isPlotFiltered(filters);
  return (
    <>
      <h1>Plots</h1>
      {choosingFor ? <ChoosingBanner choosingFor={choosingFor} /> : null}
      {/* Choosing for a buyer, the plots come first: the counts wait below them. */}
      {choosingFor ? null : <PlotCountsTable counts={counts} />}
      <PlotFiltersForm
        key={`filters${search}`}
        filters={filters}
        phases={counts.byPhase.map((phase) => phase.phase)}
        forLeadId={choosingFor?.leadId ?? null}
      />
      <section aria-labelledby="plot-list">
        <h2 id="plot-list">
          {filtered ? 'Matching plots' : 'All plots'} ({plots.length})
        </h2>
        {plots.length === 0 ? (
          <p className={ui.muted}>
            {filtered ? 'No plot matches these filters.' : 'No plots yet.'}
          </p>
        ) : (
          <ul className={styles.list} aria-label="Plots">
            {plots.map((plot) => (
              <PlotItem key={plot.id} plot={plot} choosingFor={choosingFor} />
            ))}
          </ul>
        )}
      </section>
      {choosingFor ? <PlotCountsTable counts={counts} /> : null}
      {user.role === 'manager' ? (
        <>
          <section className={ui.card} aria-labelledby="plot-exports">
            <h2 id="plot-exports">Exports</h2>
            <div className={ui.actions}>
              <a className={buttonClass('secondary')} href={`${API_BASE}/plots.csv`} download>
                Inventory CSV
              </a>
              <a
                className={buttonClass('secondary')}
                href={`${API_BASE}/plot-bookings.csv`}
                download
              >
                Bookings CSV
              </a>
            </div>
          </section>
          <PlotImport />
        </>
      ) : null}
    </>
  );
}

function ChoosingBanner({ choosingFor }: { choosingFor: ChoosingFor }) {
  const result = useActionData<HoldResult | ImportResult>();
  const error = result?.intent === 'hold' ? result : undefined;
  return (
    <div className={ui.notice}>
      <p>
        Choosing a plot to hold for <strong>{choosingFor.name}</strong>.{' '}
        <Link to={`/leads/${choosingFor.leadId}`}>Back to {choosingFor.name}</Link>
      </p>
      <ErrorText>{error?.error ? `Plot ${error.plotNumber}: ${error.error}` : undefined}</ErrorText>
    </div>
  );
}

function PlotItem({ plot, choosingFor }: { plot: Plot; choosingFor: ChoosingFor | null }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('plotId') === String(plot.id);
  const standing = plotStanding(plot);
  const to = choosingFor
    ? `/plots/${plot.id}?${FOR_BUYER_PARAM}=${choosingFor.leadId}`
    : `/plots/${plot.id}`;
  return (
    <li className={styles.plot}>
      <div className={styles.top}>
        <Link to={to} className={styles.number}>
          Plot {plot.number}
        </Link>
        <PlotStatusBadge status={plot.status} />
      </div>
      <p className={styles.meta}>{plotFacts(plot)}</p>
      {standing ? <p className={styles.meta}>{standing}</p> : null}
      {choosingFor && plot.status === 'available' ? (
        <Form method="post">
          <input type="hidden" name="intent" value="hold" />
          <input type="hidden" name="plotId" value={plot.id} />
          <input type="hidden" name="plotNumber" value={plot.number} />
          <input type="hidden" name="leadId" value={choosingFor.leadId} />
          <button type="submit" className={buttonClass()} disabled={busy}>
            {busy ? 'Holding…' : `Hold plot ${plot.number} for ${choosingFor.name}`}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
