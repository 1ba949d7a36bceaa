import { useActionState, useCallback, useEffect, useState } from 'react';
import {
  BROCHURE,
  BROKERAGE_LABELS,
  CLIENT_STATUS_LABELS,
  PHONES,
  PLOT_RANGES,
  type Brokerage,
  type PartnerClient,
} from '@iconia/shared';
import { ErrorText, Loading, Notice } from '../components/status.tsx';
import { buttonClass, ui } from '../components/ui.ts';
import { formatDay } from '../lib/format.ts';
import { fieldsOf, messageOf, partnerApi } from './partner-api.ts';
import lists from '../features/brokers/brokers.module.css';
import frame from '../features/session/sign-in.module.css';
import styles from './partners.module.css';

export interface Me {
  broker: { firm: string; person: string; email: string; rera: string; ratePercent: number };
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

type Outcome = { error?: string; done?: string; key: number };

function RegisterClient({ onRegistered }: { onRegistered: () => void }) {
  const [state, register, busy] = useActionState(
    async (previous: Outcome, form: FormData): Promise<Outcome> => {
      try {
        const { client } = await partnerApi<{ client: PartnerClient }>('/clients', {
          ...fieldsOf(form),
          consent: form.get('consent') === 'on',
        });
        onRegistered();
        return {
          done: `${client.name} is registered to you until ${formatDay(client.until)}.`,
          key: previous.key + 1,
        };
      } catch (error) {
        return { error: messageOf(error), key: previous.key };
      }
    },
    { key: 0 },
  );
  return (
    <section aria-labelledby="register-heading" className={ui.card}>
      <h2 id="register-heading">Register a client</h2>
      {/* A new key after each success empties the form for the next client. */}
      <form action={register} key={state.key} aria-label="Register a client">
        <ErrorText>{state.error}</ErrorText>
        <Notice>{state.done}</Notice>
        <div className={ui.field}>
          <label htmlFor="client-name">Client’s name</label>
          <input id="client-name" name="name" autoComplete="off" required />
        </div>
        <div className={ui.field}>
          <label htmlFor="client-mobile">Client’s mobile</label>
          <input
            id="client-mobile"
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
          />
        </div>
        <div className={ui.field}>
          <label htmlFor="client-range">Plot size</label>
          <select id="client-range" name="plotRange" required defaultValue="">
            <option value="" disabled>
              Choose a range
            </option>
            {PLOT_RANGES.map((range) => (
              <option key={range}>{range}</option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="client-day">Preferred visit day (optional)</label>
          <input id="client-day" name="visitDay" type="date" />
        </div>
        <div className={styles.check}>
          <input id="client-consent" name="consent" type="checkbox" required />
          <label htmlFor="client-consent">
            The client agreed to be registered with Elegant Iconia and called by its sales team.
          </label>
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </button>
      </form>
    </section>
  );
}

function Clients({ clients }: { clients: PartnerClient[] }) {
  return (
    <section aria-labelledby="clients-heading" className={ui.card}>
      <h2 id="clients-heading">Your clients</h2>
      {clients.length === 0 ? (
        <p className={ui.muted}>No client registered yet.</p>
      ) : (
        <ul className={lists.list}>
          {clients.map((client) => (
            <li key={client.id} className={lists.item}>
              <strong>{client.name}</strong> <span className={ui.muted}>{client.mobile}</span>
              <br />
              <span className={styles.status}>{CLIENT_STATUS_LABELS[client.status]}</span>
              {client.proven
                ? ' · proven at the visit'
                : client.status === 'registered' || client.status === 'visit_booked'
                  ? ` · until ${formatDay(client.until)}`
                  : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Statement({ lines, rate }: { lines: Brokerage[]; rate: number }) {
  return (
    <section aria-labelledby="statement-heading" className={ui.card}>
      <h2 id="statement-heading">Brokerage statement</h2>
      <p className={ui.muted}>Your rate: {rate}% of the plot’s price.</p>
      {lines.length === 0 ? (
        <p className={ui.muted}>No booking yet.</p>
      ) : (
        <ul className={lists.list}>
          {lines.map((line) => (
            <li key={line.id} className={lists.item}>
              <strong>{rupees.format(line.amountPaise / 100)}</strong> · {line.client}, plot{' '}
              {line.plot}
              <br />
              <span className={styles.status}>{BROKERAGE_LABELS[line.status]}</span>
              {line.reference ? ` · ref. ${line.reference}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface SheetPlot {
  number: string;
  phase: string;
  sizeSqYd: number;
  facing: string;
  corner: boolean;
  price: number;
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

function PriceSheet({ plots }: { plots: SheetPlot[] }) {
  return (
    <details>
      <summary>
        Price sheet: {plots.length === 1 ? '1 plot' : `${plots.length} plots`} on sale
      </summary>
      <ul className={lists.list}>
        {plots.map((plot) => (
          <li key={`${plot.phase} ${plot.number}`} className={lists.item}>
            <strong>
              {plot.phase}, plot {plot.number}
            </strong>
            : {plot.sizeSqYd} sq. yds, {plot.facing}
            {plot.corner ? ', corner' : ''} · {wholeRupees.format(plot.price)}
          </li>
        ))}
      </ul>
    </details>
  );
}

interface FreeDay {
  day: string;
  times: Array<{ time: string; left: number }>;
}

function VisitSlots({ days }: { days: FreeDay[] }) {
  return (
    <section aria-labelledby="slots-heading" className={ui.card}>
      <h2 id="slots-heading">Next free site visits</h2>
      {days.length === 0 ? (
        <p className={ui.muted}>No free slot in the next seven days; ask the sales team.</p>
      ) : (
        <ul className={lists.list}>
          {days.map((day) => (
            <li key={day.day} className={lists.item}>
              <strong>{formatDay(day.day)}</strong>:{' '}
              {day.times.map((slot) => `${slot.time} (${slot.left} left)`).join(', ')}
            </li>
          ))}
        </ul>
      )}
      <p className={ui.muted}>
        Give the day as the client’s preferred visit day when you register them.
      </p>
    </section>
  );
}

/** A signed-in broker's home: register a client, their clients, their brokerage, the brochure. */
export function PartnerHome({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const [clients, setClients] = useState<PartnerClient[]>();
  const [statement, setStatement] = useState<Brokerage[]>();
  const [slots, setSlots] = useState<FreeDay[]>();
  const [sheet, setSheet] = useState<SheetPlot[]>();
  const [failure, setFailure] = useState<string>();

  const load = useCallback(() => {
    Promise.all([
      partnerApi<{ clients: PartnerClient[] }>('/clients'),
      partnerApi<{ brokerage: Brokerage[] }>('/statement'),
      partnerApi<{ days: FreeDay[] }>('/visit-slots'),
      partnerApi<{ plots: SheetPlot[] }>('/price-sheet'),
    ])
      .then(([listed, brokerage, free, onSale]) => {
        setSheet(onSale.plots);
        setClients(listed.clients);
        setStatement(brokerage.brokerage);
        setSlots(free.days);
        setFailure(undefined);
      })
      .catch((error: unknown) => setFailure(messageOf(error)));
  }, []);
  useEffect(load, [load]);

  const signOut = () => {
    partnerApi('/session', undefined, 'DELETE')
      .catch(() => undefined)
      .finally(onSignedOut);
  };

  return (
    <div className={styles.home}>
      <header className={styles.header}>
        <p className={frame.brand}>Elegant Iconia · Channel partners</p>
        <h1>{me.broker.firm}</h1>
        <p className={ui.muted}>
          {me.broker.person} · TG-RERA {me.broker.rera}
        </p>
        <button type="button" className={buttonClass('secondary')} onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        <ErrorText>{failure}</ErrorText>
        <RegisterClient onRegistered={load} />
        {clients ? <Clients clients={clients} /> : <Loading what="your clients" />}
        {slots && <VisitSlots days={slots} />}
        {statement && <Statement lines={statement} rate={me.broker.ratePercent} />}
        <section aria-labelledby="material-heading" className={ui.card}>
          <h2 id="material-heading">For your clients</h2>
          <p>
            <a href={BROCHURE.path} download={BROCHURE.fileName}>
              Download the brochure (PDF)
            </a>
          </p>
          {sheet && <PriceSheet plots={sheet} />}
          <p>
            Sales team: <a href={`tel:${PHONES.sales.e164}`}>{PHONES.sales.display}</a>
          </p>
        </section>
      </main>
    </div>
  );
}
