import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { formatRupees } from '@iconia/shared';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { PlotStatusBadge } from '../../components/plot-status.tsx';
import record from '../../components/record.module.css';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, ApiError, attempt, type ActionResult } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { textField } from '../../lib/form-fields.ts';
import { FACING_LABELS } from '../../lib/labels.ts';
import { formatSize, plotStanding } from '../../lib/plot-format.ts';
import { useUser } from '../../lib/session.ts';
import {
  DEFAULT_HOLD_HOURS,
  FACINGS,
  REFUSAL_MAX_LENGTH,
  type Plot,
  type PlotAnswer,
  type PlotBuyer,
  type PlotCancelBookingBody,
  type PlotEditBody,
  type PlotExtendBody,
  type PlotHoldBody,
  type PlotRefusalBody,
  type PlotView,
} from '../../lib/types.ts';
import { loadChoosingFor, type ChoosingFor } from './choosing-for.ts';
import { LabelledOptions } from './labelled-options.tsx';
import styles from './plots.module.css';
import { DialogButtons } from '../../components/dialog-buttons.tsx';

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

const INTENTS = [
  'hold',
  'release',
  'extend',
  'request',
  'approve',
  'refuse',
  'cancel',
  'edit',
] as const;
type PlotIntent = (typeof INTENTS)[number];

interface PlotActionResult extends ActionResult {
  intent: PlotIntent;
}

/** Input the desk checks before asking the API, answered like the API's own 400. */
const invalid = (message: string) => new ApiError(400, message);

/** What a manager typed for a price: whole rupees, or nothing. */
function rupeesField(form: FormData, name: string): number | null {
  const text = textField(form, name).replace(/[,\s₹]/g, '');
  if (!text) return null;
  if (!/^\d{1,13}$/.test(text)) throw invalid('Write prices in whole rupees, digits only.');
  return Number(text);
}

function editBody(form: FormData): PlotEditBody {
  const size = textField(form, 'sizeSqYd');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(size)) {
    throw invalid('Write the size in square yards, for example 240 or 240.5.');
  }
  const facing = FACINGS.find((value) => value === textField(form, 'facing'));
  if (!facing) throw invalid('Choose the facing.');
  return {
    phase: textField(form, 'phase'),
    sizeSqYd: Number(size),
    facing,
    corner: textField(form, 'corner') === '1',
    price: rupeesField(form, 'price'),
    ratePerSqYd: rupeesField(form, 'ratePerSqYd'),
  };
}

/** Every change to a plot, one intent per form on the page. */
export async function action({ params, request }: ActionFunctionArgs): Promise<PlotActionResult> {
  const form = await request.formData();
  const intent = INTENTS.find((value) => value === textField(form, 'intent'));
  if (!intent) throw new Error(`Unknown plot action ${textField(form, 'intent')}`);
  const path = `/plots/${params.id}`;
  const post = (suffix: string, body?: unknown) =>
    api<PlotAnswer>(`${path}${suffix}`, { method: 'POST', body });

  const result = await attempt(async () => {
    switch (intent) {
      case 'hold': {
        const body: PlotHoldBody = { leadId: Number(textField(form, 'leadId')) };
        const { plot } = await post('/hold', body);
        return `Held until ${formatDateTime(plot.hold?.expiresAt ?? plot.updatedAt)}.`;
      }
      case 'release':
        await api<PlotAnswer>(`${path}/hold`, { method: 'DELETE' });
        return 'The hold is released; the plot is available.';
      case 'extend': {
        const body: PlotExtendBody = { hours: Number(textField(form, 'hours')) };
        const { plot } = await post('/hold/extend', body);
        return `Held until ${formatDateTime(plot.hold?.expiresAt ?? plot.updatedAt)}.`;
      }
      case 'request':
        await post('/booking');
        return 'Booking requested; a manager approves or refuses it.';
      case 'approve':
        await post('/booking/approve');
        return 'Booking approved; the buyer is Booked.';
      case 'refuse': {
        const reason = textField(form, 'reason');
        if (!reason) throw invalid('Say why the booking is refused.');
        await post('/booking/refuse', { reason } satisfies PlotRefusalBody);
        return 'Booking refused; the plot stays held for the buyer.';
      }
      case 'cancel': {
        const reason = textField(form, 'reason');
        if (!reason) throw invalid('Say why the booking is cancelled.');
        await post('/booking/cancel', { reason } satisfies PlotCancelBookingBody);
        return 'Booking cancelled; the plot is available.';
      }
      case 'edit':
        await api<PlotAnswer>(path, { method: 'PATCH', body: editBody(form) });
        return 'Plot saved.';
    }
  });
  return { ...result, intent };
}

/** Whether the plot's action is running for this intent. */
function useBusy(intent: PlotIntent): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

/** The result of the last action when it was for one of these intents. */
function useResult(...intents: PlotIntent[]): PlotActionResult | undefined {
  const result = useActionData<typeof action>();
  return result && intents.includes(result.intent) ? result : undefined;
}

function FormResult({ result }: { result: PlotActionResult | undefined }) {
  return (
    <>
      <ErrorText>{result?.error}</ErrorText>
      <Notice>{result?.message}</Notice>
    </>
  );
}

/**
 * A change of state replaces the card it was made from, so its outcome shows under the heading;
 * a refusal's or a cancellation's mistakes show in its dialog.
 */
function StateResult() {
  const result = useResult('hold', 'release', 'request', 'approve', 'refuse', 'cancel');
  const inDialog = result?.intent === 'refuse' || result?.intent === 'cancel';
  return <FormResult result={inDialog && !result.ok ? undefined : result} />;
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

function HoldCard({ plot, choosingFor }: { plot: Plot; choosingFor: ChoosingFor | null }) {
  const busy = useBusy('hold');
  return (
    <section className={ui.card} aria-labelledby="plot-hold">
      <h2 id="plot-hold">Hold</h2>
      {choosingFor ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="hold" />
          <input type="hidden" name="leadId" value={choosingFor.leadId} />
          <p className={ui.muted}>
            A hold lasts {DEFAULT_HOLD_HOURS} hours unless a manager extends it.
          </p>
          <button type="submit" className={buttonClass()} disabled={busy}>
            {busy ? 'Holding…' : `Hold plot ${plot.number} for ${choosingFor.name}`}
          </button>
        </Form>
      ) : (
        <p className={ui.muted}>
          To hold this plot, open the buyer’s page and choose “Hold a plot for …”.
        </p>
      )}
    </section>
  );
}

function HeldCard({ plot }: { plot: Plot }) {
  const requesting = useBusy('request');
  const releasing = useBusy('release');
  return (
    <section className={ui.card} aria-labelledby="plot-held">
      <h2 id="plot-held">Booking</h2>
      <p className={ui.muted}>
        When {plot.hold?.buyer.name || 'the buyer'} is ready to book, request the booking; a manager
        approves or refuses it, and the hold stays meanwhile.
      </p>
      <div className={ui.actions}>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="request" />
          <button type="submit" className={buttonClass()} disabled={requesting}>
            {requesting ? 'Requesting…' : 'Request booking'}
          </button>
        </Form>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="release" />
          <button type="submit" className={buttonClass('secondary')} disabled={releasing}>
            {releasing ? 'Releasing…' : 'Release hold'}
          </button>
        </Form>
      </div>
    </section>
  );
}

/**
 * A manager's decision that needs a reason, asked for in a native dialog that closes once the
 * answer is a success: refusing a booking, cancelling one.
 */
function ReasonDialog({
  dialog,
  intent,
  title,
  children,
  submit,
  close,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  intent: 'refuse' | 'cancel';
  title: string;
  /** What the decision does, in a sentence or two. */
  children: ReactNode;
  submit: { label: string; busy: string };
  close?: string;
}) {
  const busy = useBusy(intent);
  const result = useResult(intent);
  useEffect(() => {
    if (result?.ok) dialog.current?.close();
  }, [dialog, result]);
  return (
    <dialog ref={dialog} aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      <p>{children}</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <div className={ui.field}>
          <label htmlFor={`${intent}-reason`}>Reason</label>
          <textarea id={`${intent}-reason`} name="reason" maxLength={REFUSAL_MAX_LENGTH} required />
        </div>
        <div className={ui.actions}>
          <DialogButtons
            dialog={dialog}
            submit={{ ...submit, variant: 'danger' }}
            busy={busy}
            {...(close !== undefined ? { close } : {})}
          />
        </div>
        <ErrorText>{result?.error}</ErrorText>
      </Form>
    </dialog>
  );
}

function DecisionCard({ manager }: { manager: boolean }) {
  const approving = useBusy('approve');
  const dialog = useRef<HTMLDialogElement>(null);
  if (!manager) {
    return (
      <section className={ui.card} aria-labelledby="plot-decision">
        <h2 id="plot-decision">Booking requested</h2>
        <p className={ui.muted}>A manager approves or refuses the booking; the hold stays.</p>
      </section>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="plot-decision">
      <h2 id="plot-decision">Booking requested</h2>
      <div className={ui.actions}>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="approve" />
          <button type="submit" className={buttonClass()} disabled={approving}>
            {approving ? 'Approving…' : 'Approve booking'}
          </button>
        </Form>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => dialog.current?.showModal()}
        >
          Refuse booking…
        </button>
      </div>
      <ReasonDialog
        dialog={dialog}
        intent="refuse"
        title="Refuse this booking?"
        submit={{ label: 'Refuse booking', busy: 'Refusing…' }}
      >
        The plot stays held for the buyer; the agent sees your reason in its history.
      </ReasonDialog>
    </section>
  );
}

/** A manager's way back from an approved booking: the buyer withdrew, say. */
function CancelBookingCard({ plot }: { plot: Plot }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const buyer = plot.booking?.buyer.name || 'the buyer';
  return (
    <section className={ui.card} aria-labelledby="plot-booked">
      <h2 id="plot-booked">Booked</h2>
      <p className={ui.muted}>
        If {buyer} withdraws, cancel the booking: the plot becomes available and the buyer leaves
        Booked.
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => dialog.current?.showModal()}
      >
        Cancel booking…
      </button>
      <ReasonDialog
        dialog={dialog}
        intent="cancel"
        title="Cancel this booking?"
        submit={{ label: 'Cancel booking', busy: 'Cancelling…' }}
        close="Keep booking"
      >
        Plot {plot.number} becomes available to hold again, and {buyer}’s stage leaves Booked. Your
        reason is kept in the plot’s history and on the buyer’s timeline.
      </ReasonDialog>
    </section>
  );
}

const EXTENSIONS = [12, 24, 48, 72, 168] as const;

function ExtendCard() {
  const busy = useBusy('extend');
  const result = useResult('extend');
  return (
    <section className={ui.card} aria-labelledby="plot-extend">
      <h2 id="plot-extend">Extend the hold</h2>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="extend" />
        <div className={ui.field}>
          <label htmlFor="extend-hours">Add</label>
          <select id="extend-hours" name="hours" defaultValue="24">
            {EXTENSIONS.map((hours) => (
              <option key={hours} value={hours}>
                {hours % 24 === 0
                  ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}`
                  : `${hours} hours`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Extending…' : 'Extend hold'}
        </button>
        <FormResult result={result} />
      </Form>
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

function EditCard({ plot }: { plot: Plot }) {
  const busy = useBusy('edit');
  const result = useResult('edit');
  return (
    <details className={ui.card}>
      <summary>Correct this plot</summary>
      <Form method="post" preventScrollReset key={plot.updatedAt}>
        <input type="hidden" name="intent" value="edit" />
        <div className={ui.field}>
          <label htmlFor="edit-phase">Phase</label>
          <input id="edit-phase" name="phase" defaultValue={plot.phase} required />
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-size">Size (sq. yds)</label>
          <input
            id="edit-size"
            name="sizeSqYd"
            inputMode="decimal"
            defaultValue={String(plot.sizeSqYd)}
            required
          />
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-facing">Facing</label>
          <select id="edit-facing" name="facing" defaultValue={plot.facing}>
            <LabelledOptions values={FACINGS} labels={FACING_LABELS} />
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-corner">Corner</label>
          <select id="edit-corner" name="corner" defaultValue={plot.corner ? '1' : '0'}>
            <option value="1">Yes</option>
            <option value="0">No</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-price">Price (₹, whole plot)</label>
          <input
            id="edit-price"
            name="price"
            inputMode="numeric"
            defaultValue={plot.price === null ? '' : String(plot.price)}
            aria-describedby="edit-price-hint"
          />
          <p id="edit-price-hint" className={ui.hint}>
            Set a price or a rate per sq. yd; with both, the price counts.
          </p>
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-rate">Rate per sq. yd (₹)</label>
          <input
            id="edit-rate"
            name="ratePerSqYd"
            inputMode="numeric"
            defaultValue={plot.ratePerSqYd === null ? '' : String(plot.ratePerSqYd)}
          />
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Saving…' : 'Save plot'}
        </button>
        <FormResult result={result} />
      </Form>
    </details>
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
