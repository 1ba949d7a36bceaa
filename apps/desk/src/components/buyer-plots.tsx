import { Link } from 'react-router';
import { plotStanding } from '../lib/plot-format.ts';
import type { Plot } from '../lib/types.ts';
import { PlotStatusBadge } from './plot-status.tsx';
import { ui } from './ui.ts';

interface BuyerPlotsProps {
  /** The enquiry on screen: a hold is made for its buyer. */
  leadId: number;
  name: string;
  plots: readonly Plot[];
}

/** On a buyer's page: the plots held, awaiting approval or booked for them, and a way to hold one. */
export function BuyerPlots({ leadId, name, plots }: BuyerPlotsProps) {
  return (
    <section className={ui.card} aria-labelledby="buyer-plots">
      <h2 id="buyer-plots">Plots</h2>
      {plots.length === 0 ? (
        <p className={ui.muted}>No plot is held or booked for this buyer.</p>
      ) : (
        <ul aria-label={`Plots of ${name}`}>
          {plots.map((plot) => (
            <li key={plot.id}>
              <Link to={`/plots/${plot.id}`}>Plot {plot.number}</Link>{' '}
              <PlotStatusBadge status={plot.status} />
              <br />
              <span className={ui.muted}>{plotStanding(plot)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={`/plots?status=available&for=${leadId}`}>Hold a plot for {name}</Link>
    </section>
  );
}
