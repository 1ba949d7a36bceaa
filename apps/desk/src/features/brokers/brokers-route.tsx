import {
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  BROKERAGE_LABELS,
  type Broker,
  type Brokerage,
  type ClaimRefusal,
  type UsersAnswer,
} from '@iconia/shared';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { textField } from '../../lib/form-fields.ts';
import styles from './brokers.module.css';

interface BrokersAnswer {
  brokers: Broker[];
  settings: { claimDays: number; defaultRatePercent: number };
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export async function loader({ request }: LoaderFunctionArgs) {
  const signal = request.signal;
  const [brokers, users, refusals, brokerage] = await Promise.all([
    api<BrokersAnswer>('/brokers', { signal }),
    api<UsersAnswer>('/users', { signal }),
    api<{ refusals: ClaimRefusal[] }>('/broker-refusals', { signal }),
    api<{ brokerage: Brokerage[] }>('/brokerage', { signal }),
  ]);
  const owners = users.users.filter((user) => !user.disabled).map(({ id, name }) => ({ id, name }));
  return { ...brokers, owners, refusals: refusals.refusals, brokerage: brokerage.brokerage };
}

/** Every form of the screen posts here with its `intent`. */
export async function action({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const id = textField(form, 'id');
  const intent = textField(form, 'intent');
  return attempt(async () => {
    switch (intent) {
      case 'approve': {
        const rate = textField(form, 'ratePercent');
        const { broker } = await api<{ broker: Broker }>(`/brokers/${id}/approve`, {
          method: 'POST',
          body: {
            ownerId: Number(textField(form, 'ownerId')),
            ...(rate ? { ratePercent: Number(rate) } : {}),
          },
        });
        return `${broker.firm} is approved; ${broker.person} gets a sign-in link by email.`;
      }
      case 'refuse': {
        const { broker } = await api<{ broker: Broker }>(`/brokers/${id}/refuse`, {
          method: 'POST',
          body: { reason: textField(form, 'reason') },
        });
        return `${broker.firm} is refused; ${broker.person} is emailed the reason.`;
      }
      case 'override': {
        await api(`/broker-refusals/${id}/override`, {
          method: 'POST',
          body: { reason: textField(form, 'reason') },
        });
        return 'The claim starts now.';
      }
      case 'brokerage-approve':
        await api(`/brokerage/${id}/approve`, { method: 'POST' });
        return 'Approved for payment.';
      case 'brokerage-paid':
        await api(`/brokerage/${id}/paid`, {
          method: 'POST',
          body: { reference: textField(form, 'reference') },
        });
        return 'Recorded as paid.';
      case 'settings': {
        const saved = await api<BrokersAnswer['settings']>('/broker-settings', {
          method: 'PUT',
          body: {
            claimDays: Number(textField(form, 'claimDays')),
            defaultRatePercent: Number(textField(form, 'defaultRatePercent')),
          },
        });
        return `Saved: claims run ${saved.claimDays} days; brokerage is ${saved.defaultRatePercent}% unless set per broker.`;
      }
      default:
        throw new Error(`Unknown form: ${intent}`);
    }
  });
}

type Owners = Array<{ id: number; name: string }>;

function Application({ broker, owners }: { broker: Broker; owners: Owners }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== 'idle';
  const prefix = `broker-${broker.id}`;
  return (
    <li className={styles.item}>
      <p className={styles.name}>
        {broker.firm} <span className={ui.muted}>· {broker.person}</span>
      </p>
      <p className={ui.muted}>
        TG-RERA {broker.rera} · {broker.mobile} · {broker.email}
        {broker.pan ? ` · PAN ${broker.pan}` : ''} · applied {formatDateTime(broker.appliedAt)}
      </p>
      <ErrorText>{fetcher.data?.error}</ErrorText>
      <fetcher.Form method="post" className={styles.row} aria-label={`Approve ${broker.firm}`}>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={broker.id} />
        <div className={ui.field}>
          <label htmlFor={`${prefix}-owner`}>Owned by</label>
          <select id={`${prefix}-owner`} name="ownerId" required>
            {owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor={`${prefix}-rate`}>Brokerage % (blank: default)</label>
          <input
            id={`${prefix}-rate`}
            name="ratePercent"
            type="number"
            min="0"
            max="10"
            step="0.01"
          />
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          Approve
        </button>
      </fetcher.Form>
      <details>
        <summary>
          Refuse <span className="visually-hidden">{broker.firm}</span>
        </summary>
        <fetcher.Form method="post" aria-label={`Refuse ${broker.firm}`}>
          <input type="hidden" name="intent" value="refuse" />
          <input type="hidden" name="id" value={broker.id} />
          <div className={ui.field}>
            <label htmlFor={`${prefix}-reason`}>Reason, emailed to the broker</label>
            <input id={`${prefix}-reason`} name="reason" required maxLength={500} />
          </div>
          <button type="submit" className={buttonClass('danger')} disabled={busy}>
            Refuse
          </button>
        </fetcher.Form>
      </details>
    </li>
  );
}

function Refusal({ refusal }: { refusal: ClaimRefusal }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <li className={styles.item}>
      <p className={styles.name}>
        {refusal.name}{' '}
        <span className={ui.muted}>
          · {refusal.mobile} · by {refusal.broker.firm}
        </span>
      </p>
      <p>{refusal.reason}</p>
      <p className={ui.muted}>{formatDateTime(refusal.at)}</p>
      {refusal.overridden ? (
        <p>
          Overridden by {refusal.overridden.by}: {refusal.overridden.reason}
        </p>
      ) : (
        <details>
          <summary>
            Override <span className="visually-hidden">the refusal of {refusal.name}</span>
          </summary>
          <fetcher.Form method="post" aria-label={`Override the refusal of ${refusal.name}`}>
            <ErrorText>{fetcher.data?.error}</ErrorText>
            <Notice>{fetcher.data?.message}</Notice>
            <input type="hidden" name="intent" value="override" />
            <input type="hidden" name="id" value={refusal.id} />
            <div className={ui.field}>
              <label htmlFor={`refusal-${refusal.id}`}>Why the broker gets this buyer</label>
              <input id={`refusal-${refusal.id}`} name="reason" required maxLength={500} />
            </div>
            <button type="submit" className={buttonClass('secondary')}>
              Start the claim
            </button>
          </fetcher.Form>
        </details>
      )}
    </li>
  );
}

function BrokerageLine({ line }: { line: Brokerage }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <li className={styles.item}>
      <p className={styles.name}>
        {rupees.format(line.amountPaise / 100)}{' '}
        <span className={ui.muted}>
          · {line.broker.firm} · {line.client}, plot {line.plot} ({line.rateBasisPoints / 100}% of{' '}
          {rupees.format(line.pricePaise / 100)})
        </span>
      </p>
      <p>
        {BROKERAGE_LABELS[line.status]}
        {line.reference ? ` · ref. ${line.reference}` : ''}
      </p>
      <ErrorText>{fetcher.data?.error}</ErrorText>
      {line.status === 'due' && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="brokerage-approve" />
          <input type="hidden" name="id" value={line.id} />
          <button type="submit" className={buttonClass('secondary')}>
            Approve for payment <span className="visually-hidden">to {line.broker.firm}</span>
          </button>
        </fetcher.Form>
      )}
      {line.status === 'approved' && (
        <fetcher.Form
          method="post"
          className={styles.row}
          aria-label={`Record the payment to ${line.broker.firm}`}
        >
          <input type="hidden" name="intent" value="brokerage-paid" />
          <input type="hidden" name="id" value={line.id} />
          <div className={ui.field}>
            <label htmlFor={`paid-${line.id}`}>Payment reference</label>
            <input id={`paid-${line.id}`} name="reference" required maxLength={120} />
          </div>
          <button type="submit" className={buttonClass()}>
            Record payment
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

function Settings({ settings }: { settings: BrokersAnswer['settings'] }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <section aria-labelledby="broker-settings" className={ui.card}>
      <h2 id="broker-settings">The rule</h2>
      <fetcher.Form method="post" className={styles.row} aria-label="The rule’s settings">
        <input type="hidden" name="intent" value="settings" />
        <div className={ui.field}>
          <label htmlFor="claim-days">A registration claims the buyer for (days)</label>
          <input
            id="claim-days"
            name="claimDays"
            type="number"
            min="1"
            max="365"
            required
            defaultValue={settings.claimDays}
          />
        </div>
        <div className={ui.field}>
          <label htmlFor="default-rate">Default brokerage (% of the price)</label>
          <input
            id="default-rate"
            name="defaultRatePercent"
            type="number"
            min="0"
            max="10"
            step="0.01"
            required
            defaultValue={settings.defaultRatePercent}
          />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          Save
        </button>
      </fetcher.Form>
      <ErrorText>{fetcher.data?.error}</ErrorText>
      <Notice>{fetcher.data?.message}</Notice>
    </section>
  );
}

/** The Brokers screen (managers): applications, brokers, refused registrations, brokerage, the rule. */
export function Component() {
  const { brokers, settings, owners, refusals, brokerage } = useLoaderData<typeof loader>();
  const applied = brokers.filter((broker) => broker.status === 'applied');
  const others = brokers.filter((broker) => broker.status !== 'applied');
  return (
    <>
      <h1>Brokers</h1>
      <section aria-labelledby="applications" className={ui.card}>
        <h2 id="applications">Applications</h2>
        {applied.length === 0 ? (
          <p className={ui.muted}>No application waits for a decision.</p>
        ) : (
          <ul className={styles.list}>
            {applied.map((broker) => (
              <Application key={broker.id} broker={broker} owners={owners} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="brokers" className={ui.card}>
        <h2 id="brokers">Channel partners</h2>
        {others.length === 0 ? (
          <p className={ui.muted}>None yet.</p>
        ) : (
          <ul className={styles.list}>
            {others.map((broker) => (
              <li key={broker.id} className={styles.item}>
                <p className={styles.name}>
                  {broker.firm} <span className={ui.muted}>· {broker.person}</span>
                </p>
                <p className={ui.muted}>
                  {broker.status === 'approved'
                    ? `Approved · owned by ${broker.owner?.name ?? 'nobody'} · ${broker.ratePercent}%`
                    : `Refused: ${broker.refusal ?? ''}`}{' '}
                  · TG-RERA {broker.rera} · {broker.mobile}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="refusals" className={ui.card}>
        <h2 id="refusals">Refused registrations</h2>
        {refusals.length === 0 ? (
          <p className={ui.muted}>None.</p>
        ) : (
          <ul className={styles.list}>
            {refusals.map((refusal) => (
              <Refusal key={refusal.id} refusal={refusal} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="brokerage" className={ui.card}>
        <h2 id="brokerage">Brokerage</h2>
        {brokerage.length === 0 ? (
          <p className={ui.muted}>No booking of a broker’s client yet.</p>
        ) : (
          <ul className={styles.list}>
            {brokerage.map((line) => (
              <BrokerageLine key={line.id} line={line} />
            ))}
          </ul>
        )}
        <p>
          <a href="/desk/api/broker-report.csv?days=90" download>
            Download the report per broker (last 90 days, CSV)
          </a>
        </p>
      </section>
      <Settings settings={settings} />
    </>
  );
}
