import { useFetcher } from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { SwitchButton } from '../../components/switch-button.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';
import {
  MAX_TARGET_MINUTES,
  type RoutingAnswer,
  type RoutingSettingsChange,
} from '../../lib/types.ts';
import styles from './users.module.css';

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const TARGET_MESSAGE = `The first-response target must be a whole number of minutes from 1 to ${MAX_TARGET_MINUTES}.`;
export const HOURS_MESSAGE =
  'Working hours need a start and an end time, written HH:MM, such as 09:00 and 20:00.';

/** What the panel's form asks the API to change, or the sentence saying what to correct. */
export function parseRoutingForm(
  form: FormData,
): { change: RoutingSettingsChange } | { error: string } {
  if (textField(form, 'intent') === 'auto-assign') {
    return { change: { autoAssign: form.get('on') === 'true' } };
  }
  const target = textField(form, 'targetMinutes');
  const minutes = Number(target);
  if (!/^\d+$/.test(target) || minutes < 1 || minutes > MAX_TARGET_MINUTES) {
    return { error: TARGET_MESSAGE };
  }
  // A time field may carry seconds (09:00:00); the settings keep hours and minutes.
  const workStart = textField(form, 'workStart').slice(0, 5);
  const workEnd = textField(form, 'workEnd').slice(0, 5);
  if (!CLOCK_TIME.test(workStart) || !CLOCK_TIME.test(workEnd)) return { error: HOURS_MESSAGE };
  return { change: { targetMinutes: minutes, workStart, workEnd } };
}

/** The Users route's action for the panel's switch and form. */
export async function routingAction(form: FormData): Promise<ActionResult> {
  const parsed = parseRoutingForm(form);
  if ('error' in parsed) return parsed;
  return attempt(async () => {
    const { settings } = await api<RoutingAnswer>('/routing', {
      method: 'PATCH',
      body: parsed.change,
    });
    if (parsed.change.autoAssign !== undefined) return;
    return `Saved: a ${settings.targetMinutes}-minute target, counted from ${settings.workStart} to ${settings.workEnd} India time.`;
  });
}

function status({ settings, next }: RoutingAnswer): string {
  if (!settings.autoAssign) {
    return 'Automatic assignment is off: new buyers wait unassigned until it is turned on again.';
  }
  if (!next) return 'Nobody is on duty: new buyers wait unassigned until someone comes on duty.';
  return `The next new buyer goes to ${next.name}.`;
}

/**
 * The managers' routing panel: automatic assignment on or off, who takes the next buyer, the
 * first-response target and the working hours in which its clock runs.
 */
export function RoutingPanel({ routing }: { routing: RoutingAnswer }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== 'idle';
  const { settings, waiting } = routing;
  return (
    <section className={ui.card} aria-labelledby="routing">
      <h2 id="routing">Routing of new buyers</h2>
      <SwitchButton
        label="Automatic assignment"
        checked={settings.autoAssign}
        action="/users"
        intent="auto-assign"
      />
      <p role="status" className={styles.next}>
        {status(routing)}
        {waiting > 0 ? ` ${waiting} ${waiting === 1 ? 'buyer is' : 'buyers are'} waiting.` : ''}
      </p>
      <fetcher.Form method="post" action="/users" noValidate className={styles.settings}>
        <input type="hidden" name="intent" value="routing" />
        <div className={ui.field}>
          <label htmlFor="routing-target">First-response target (working minutes)</label>
          <input
            id="routing-target"
            name="targetMinutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TARGET_MINUTES}
            step={1}
            defaultValue={settings.targetMinutes}
            aria-describedby="routing-target-hint"
            required
          />
          <p id="routing-target-hint" className={ui.hint}>
            A buyer nobody has called or messaged by then goes to the next person on duty, at most
            three times; managers get an email each time.
          </p>
        </div>
        <fieldset className={styles.hours}>
          <legend>Working hours, India time, every day</legend>
          <div className={ui.field}>
            <label htmlFor="routing-start">Start</label>
            <input
              id="routing-start"
              name="workStart"
              type="time"
              defaultValue={settings.workStart}
              required
            />
          </div>
          <div className={ui.field}>
            <label htmlFor="routing-end">End</label>
            <input
              id="routing-end"
              name="workEnd"
              type="time"
              defaultValue={settings.workEnd}
              aria-describedby="routing-hours-hint"
              required
            />
          </div>
          <p id="routing-hours-hint" className={ui.hint}>
            The target counts only in these hours. An end before the start runs past midnight; the
            same time means round the clock.
          </p>
        </fieldset>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Saving…' : 'Save target and hours'}
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        <Notice>{fetcher.data?.message}</Notice>
      </fetcher.Form>
    </section>
  );
}
