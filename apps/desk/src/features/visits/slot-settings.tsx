import { useRef, useState } from 'react';
import {
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  MAX_SLOT_CAPACITY,
  MAX_SLOTS_PER_WEEK,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type VisitSlotsAnswer,
  type Weekday,
} from '@iconia/shared';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { attempt, type ActionResult } from '../../lib/api.ts';
import { visitRequests } from './visit-requests.ts';
import styles from './visits.module.css';

export function slotSettingsLoader({ request }: LoaderFunctionArgs): Promise<VisitSlotsAnswer> {
  return visitRequests.slots(request.signal);
}

/** The form lists every slot as a weekday, a time and a capacity, in that order. */
export async function slotSettingsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const times = form.getAll('time').map(String);
  const capacities = form.getAll('capacity').map(Number);
  const slots = form.getAll('weekday').map((weekday, index) => ({
    weekday: Number(weekday),
    time: times[index] ?? '',
    capacity: capacities[index] ?? 0,
  }));
  return attempt(async () => {
    const saved = await visitRequests.saveSlots({ slots });
    const count = saved.slots.length;
    return count === 1 ? 'Saved 1 slot a week.' : `Saved ${count} slots a week.`;
  });
}

interface Row {
  key: number;
  time: string;
  capacity: number;
}

/**
 * Managers open visit slots per weekday, each taking a number of visits (groups, not people).
 * Saving replaces the week; visits already booked into a removed slot stay booked.
 */
export function SlotSettingsPage() {
  const { slots } = useLoaderData<typeof slotSettingsLoader>();
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== 'idle';
  // Rows keep their key while others are added or removed, so each keeps what was typed in it;
  // added rows count on from past any saved one.
  const added = useRef(MAX_SLOTS_PER_WEEK);
  const [week, setWeek] = useState(
    () =>
      Object.fromEntries(
        WEEKDAYS.map((weekday) => [
          weekday,
          slots
            .filter((slot) => slot.weekday === weekday)
            .map((slot, index): Row => ({ key: index, time: slot.time, capacity: slot.capacity })),
        ]),
      ) as Record<Weekday, Row[]>,
  );
  const change = (weekday: Weekday, rows: (before: Row[]) => Row[]) =>
    setWeek((before) => ({ ...before, [weekday]: rows(before[weekday]) }));
  const addRow = (weekday: Weekday) => {
    added.current += 1;
    const key = added.current;
    change(weekday, (rows) => [...rows, { key, time: '', capacity: 1 }]);
  };

  return (
    <>
      <h1>Visit slots</h1>
      <p>
        The times buyers can visit the site on each weekday, and how many visits (groups, not
        people) each slot takes. A full slot takes no more bookings.
      </p>
      <fetcher.Form method="post" className={ui.card} aria-label="Visit slots of the week">
        {WEEKDAYS.map((weekday) => (
          <fieldset key={weekday} className={styles.weekday}>
            <legend>{WEEKDAY_NAMES[weekday]}</legend>
            {week[weekday].length === 0 ? <p className={ui.muted}>No visits.</p> : null}
            {week[weekday].map((slot, index) => {
              const id = `slot-${weekday}-${slot.key}`;
              const name = `${WEEKDAY_NAMES[weekday]} slot ${index + 1}`;
              return (
                <div key={slot.key} className={styles.slotRow} role="group" aria-label={name}>
                  <input type="hidden" name="weekday" value={weekday} />
                  <div className={styles.field}>
                    <label htmlFor={`${id}-time`}>Time</label>
                    <input
                      id={`${id}-time`}
                      name="time"
                      type="time"
                      step={300}
                      defaultValue={slot.time}
                      required
                    />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-capacity`}>Visits</label>
                    <input
                      id={`${id}-capacity`}
                      name="capacity"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_SLOT_CAPACITY}
                      defaultValue={slot.capacity}
                      required
                    />
                  </div>
                  <button
                    type="button"
                    className={buttonClass('secondary')}
                    onClick={() =>
                      change(weekday, (rows) => rows.filter((other) => other.key !== slot.key))
                    }
                  >
                    Remove <span className="visually-hidden">{name}</span>
                  </button>
                </div>
              );
            })}
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => addRow(weekday)}
            >
              Add a slot <span className="visually-hidden">on {WEEKDAY_NAMES[weekday]}</span>
            </button>
          </fieldset>
        ))}
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Saving…' : 'Save slots'}
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        <Notice>{fetcher.data?.message}</Notice>
      </fetcher.Form>
    </>
  );
}
