import { formatRupees } from '@iconia/shared';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PlotStatusBadge } from '../../components/plot-status.tsx';
import record from '../../components/record.module.css';
import { ui } from '../../components/ui.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FACING_LABELS } from '../../lib/labels.ts';
import { formatSize, plotStanding } from '../../lib/plot-format.ts';
import { useUser } from '../../lib/session.ts';
import type { Plot, PlotBuyer, PlotView } from '../../lib/types.ts';
import { loadChoosingFor, type ChoosingFor } from './choosing-for.ts';
import { StateResult } from './plot-action-state.tsx';
import { CancelBookingCard, DecisionCard } from './plot-booking-cards.tsx';
import { EditCard } from './plot-edit-card.tsx';
import { ExtendCard, HeldCard, HoldCard } from './plot-hold-cards.tsx';
import styles from './plots.module.css';

export { action } from './plot-action.ts';

interface PlotData extends PlotView {
  choosingFor: ChoosingFor | null;
}

export async function loader({ params, request }: LoaderFunctionArgs): Promise<PlotData> {
  const [view, choosingFor] = await Promise.all([
    api<PlotView>(`/plots/${params.id}`, { signal: request.signal }),
    loadChoosingFor(new URL(request.url).searchParams, request.signal),
  ]);
  return { ...view, choosingFor };
}

export function Component() {
  const { plot, history, choosingFor } = useLoaderData<typeof loader>();
  const user = useUser();
  const manager = user.role === 'manager';
  const holder = plot.hold?.agent.id === user.id;
  return (
    <>
      <p>
        <Link to={choosingFor ? `/plots?status=available&for=${choosingFor.leadId}` : '/plots'}>
          ← Plots
        </Link>
      </p>
      <div className={styles.head}>
        <h1>Plot {plot.number}</h1>
        <PlotStatusBadge status={plot.status} />
      </div>
      <StateResult />
      <div className={record.columns}>
        <div>
          <BuyerCard plot={plot} />
          {plot.status === 'available' ? <HoldCard plot={plot} choosingFor={choosingFor} /> : null}
          {plot.status === 'held' && (holder || manager) ? <HeldCard plot={plot} /> : null}
          {plot.status === 'booking_requested' ? <DecisionCard manager={manager} /> : null}
          {plot.booking?.status === 'approved' && manager ? (
            <CancelBookingCard plot={plot} />
          ) : null}
          {plot.hold && manager ? <ExtendCard /> : null}
          <HistoryCard history={history} />
        </div>
        <div>
          <FactsCard plot={plot} />
          {manager ? <EditCard plot={plot} /> : null}
        </div>
      </div>
    </>
  );
}

function BuyerLink({ buyer }: { buyer: PlotBuyer }) {
  if (!buyer.name) return <>an erased buyer</>;
  return buyer.leadId === null ? (
    <>{buyer.name}</>
  ) : (
    <Link to={`/leads/${buyer.leadId}`}>{buyer.name}</Link>
  );
}

function BuyerCard({ plot }: { plot: Plot }) {
  const buyer = plot.hold?.buyer ?? plot.booking?.buyer;
  return (
    <section className={ui.card} aria-labelledby="plot-buyer">
      <h2 id="plot-buyer">Buyer</h2>
      {buyer ? (
        <>
          <p>
            <BuyerLink buyer={buyer} />
          </p>
          <p className={ui.muted}>{plotStanding(plot)}</p>
        </>
      ) : (
        <p className={ui.muted}>
          {plot.status === 'booked' ? plotStanding(plot) : 'Available: nobody holds this plot.'}
        </p>
      )}
    </section>
  );
}

function FactsCard({ plot }: { plot: Plot }) {
  const facts: [string, string][] = [
    ['Phase', plot.phase],
    ['Size', formatSize(plot.sizeSqYd)],
    ['Facing', FACING_LABELS[plot.facing]],
    ['Corner', plot.corner ? 'Yes' : 'No'],
    ['Price', plot.price === null ? '—' : formatRupees(plot.price)],
    ['Rate per sq. yd', plot.ratePerSqYd === null ? '—' : formatRupees(plot.ratePerSqYd)],
    ['Total price', formatRupees(plot.totalPrice)],
    ['Last change', formatDateTime(plot.updatedAt)],
  ];
  return (
    <section className={ui.card} aria-labelledby="plot-facts">
      <h2 id="plot-facts">Facts</h2>
      <dl className={record.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={record.pair}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function HistoryCard({ history }: { history: PlotView['history'] }) {
  return (
    <section className={ui.card} aria-labelledby="plot-history">
      <h2 id="plot-history">History</h2>
      {history.length === 0 ? (
        <p className={ui.muted}>Nothing has happened to this plot yet.</p>
      ) : (
        <ol className={record.timeline}>
          {history.map((event, index) => (
            <li key={index}>
              <p className={record.when}>
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.actor ? ` · ${event.actor.name}` : ''}
              </p>
              <p>{event.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
