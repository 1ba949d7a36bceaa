import { Form } from 'react-router';
import { buttonClass, ui } from '../../components/ui.ts';
import { DEFAULT_HOLD_HOURS, type Plot } from '../../lib/types.ts';
import type { ChoosingFor } from './choosing-for.ts';
import { FormResult, useBusy, useResult } from './plot-action-state.tsx';

export function HoldCard({ plot, choosingFor }: { plot: Plot; choosingFor: ChoosingFor | null }) {
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

export function HeldCard({ plot }: { plot: Plot }) {
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

const EXTENSIONS = [12, 24, 48, 72, 168] as const;

export function ExtendCard() {
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
