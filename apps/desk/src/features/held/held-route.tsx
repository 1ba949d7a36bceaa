import { mobileOrProblem } from '@iconia/shared';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';
import { formatDateTime } from '../../lib/format.ts';
import { enquirySourceLabel } from '../../lib/labels.ts';
import type {
  HeldLeadsAnswer,
  HeldReleaseAnswer,
  HeldReleaseBody,
  LeadRow,
} from '../../lib/types.ts';
import styles from './held.module.css';

export async function loader({ request }: LoaderFunctionArgs): Promise<HeldLeadsAnswer> {
  return api<HeldLeadsAnswer>('/held', { signal: request.signal });
}

interface HeldActionResult extends ActionResult {
  released?: LeadRow[];
}

const leads = (count: number) => (count === 1 ? '1 lead' : `${count} leads`);

function releaseMessage({ released, notHeld }: HeldReleaseAnswer): string {
  const skipped =
    notHeld.length === 0
      ? ''
      : ` ${leads(notHeld.length)} ${notHeld.length === 1 ? 'was' : 'were'} not held any more (released already, or erased).`;
  return `Released ${leads(released.length)}: each is sent to sales and routed as a new lead.${skipped}`;
}

export async function action({ request }: ActionFunctionArgs): Promise<HeldActionResult> {
  const form = await request.formData();
  // The row's own button names its lead; "Release selected" sends every box ticked.
  const one = textField(form, 'one');
  const chosen = one ? [one] : form.getAll('leadId').map(String);
  let answer: HeldReleaseAnswer | undefined;
  const lastHour = textField(form, 'intent') === 'last-hour';
  if (!lastHour && chosen.length === 0) return { error: 'Tick at least one lead to release.' };
  const result = await attempt(async () => {
    answer = lastHour
      ? await api<HeldReleaseAnswer>('/held/release-last-hour', { method: 'POST' })
      : await api<HeldReleaseAnswer>('/held/release', {
          method: 'POST',
          body: { leadIds: chosen.map(Number) } satisfies HeldReleaseBody,
        });
    if (lastHour && answer.released.length === 0) {
      return 'No lead held in the last hour was left to release.';
    }
    return releaseMessage(answer);
  });
  return answer ? { ...result, released: answer.released } : result;
}

/**
 * Leads kept over the per-address limit: a manager releases the genuine ones, one, several or all
 * of the last hour, and each goes out as a new lead.
 */
export function Component() {
  const { leads: held, total, lastHour } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <>
      <h1>Held leads</h1>
      <p>
        More leads than allowed came from one internet address, so these were kept but neither
        emailed nor given to anyone. Release the genuine ones: each is sent to sales and goes to an
        agent as a new lead, and its timeline says you released it.
      </p>
      <ErrorText>{result?.error}</ErrorText>
      <Notice>{result?.message}</Notice>
      {result?.released && result.released.length > 0 ? (
        <ul className={styles.released} aria-label="Released">
          {result.released.map((lead) => (
            <li key={lead.id}>
              <Link to={`/leads/${lead.id}`}>{lead.name}</Link>
              {lead.owner ? ` · to ${lead.owner.name}` : ' · waiting for someone on duty'}
            </li>
          ))}
        </ul>
      ) : null}
      <section className={ui.card} aria-labelledby="last-hour">
        <h2 id="last-hour">Held in the last hour</h2>
        <Form method="post" className={ui.actions}>
          <p className={styles.count}>
            {lastHour === 0
              ? 'No lead was held in the last hour.'
              : `${leads(lastHour)} held in the last hour.`}
          </p>
          <input type="hidden" name="intent" value="last-hour" />
          <button type="submit" className={buttonClass()} disabled={busy || lastHour === 0}>
            Release all held in the last hour
          </button>
        </Form>
      </section>
      <section className={ui.card} aria-labelledby="held-list">
        <h2 id="held-list">All held leads ({total})</h2>
        {held.length === 0 ? (
          <p className={ui.muted}>No lead is held.</p>
        ) : (
          <Form method="post">
            <fieldset className={styles.choices}>
              <legend className="visually-hidden">Choose the leads to release</legend>
              <ul className={styles.list}>
                {held.map((lead) => (
                  <HeldRow key={lead.id} lead={lead} busy={busy} />
                ))}
              </ul>
            </fieldset>
            {total > held.length ? (
              <p className={ui.muted}>
                The newest {held.length} of {total} are shown; release these to see the rest.
              </p>
            ) : null}
            <button type="submit" className={buttonClass()} disabled={busy}>
              Release selected
            </button>
          </Form>
        )}
      </section>
    </>
  );
}

function HeldRow({ lead, busy }: { lead: LeadRow; busy: boolean }) {
  const id = `held-${lead.id}`;
  return (
    <li className={styles.row}>
      <input id={id} type="checkbox" name="leadId" value={lead.id} className={styles.check} />
      <label htmlFor={id} className={styles.lead}>
        <span className={styles.name}>{lead.name}</span>
        <span className={styles.meta}>
          {mobileOrProblem(lead.mobile, lead.problems)} ·{' '}
          {lead.plotRange ?? lead.location ?? 'No plot range'}
        </span>
        <span className={styles.meta}>
          {enquirySourceLabel(lead)} · received {formatDateTime(lead.receivedAt)}
        </span>
      </label>
      <div className={styles.rowActions}>
        <Link to={`/leads/${lead.id}`}>
          Open <span className="visually-hidden">{lead.name}</span>
        </Link>
        <button
          type="submit"
          name="one"
          value={lead.id}
          className={buttonClass('secondary')}
          disabled={busy}
        >
          Release <span className="visually-hidden">{lead.name}</span>
        </button>
      </div>
    </li>
  );
}
