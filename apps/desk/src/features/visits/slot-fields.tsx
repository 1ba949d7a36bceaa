import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { formatSlotTime, VISIT_BOOKING_DAYS } from '@iconia/shared';
import { ErrorText } from '../../components/status.tsx';
import { ui } from '../../components/ui.ts';
import type { AvailabilityData } from './visit-action.ts';
import { addDays, indiaToday } from './visit-days.ts';

function slotLabel(slot: { time: string; capacity: number; left: number; past: boolean }) {
  const time = formatSlotTime(slot.time);
  if (slot.past) return `${time} (over)`;
  if (slot.left === 0) return `${time} (full)`;
  return `${time} (${slot.left} of ${slot.capacity} free)`;
}

/**
 * The day and slot of a visit: picking a day loads that weekday's slots with what is left in
 * each, so a full slot shows as full before anyone tries it (the API still has the last word).
 */
export function SlotFields({ idPrefix, date: initialDate }: { idPrefix: string; date?: string }) {
  const availability = useFetcher<AvailabilityData>();
  const { load } = availability;
  const [date, setDate] = useState(initialDate ?? '');
  const today = indiaToday();

  useEffect(() => {
    if (date) void load(`/visits/availability?date=${encodeURIComponent(date)}`);
  }, [date, load]);

  const data = date && availability.data && 'slots' in availability.data ? availability.data : null;
  const slots = data && data.date === date ? data.slots : [];
  const loading = Boolean(date) && (availability.state !== 'idle' || !data);
  const hint = !date
    ? 'Pick a day first.'
    : loading
      ? 'Loading the day’s slots…'
      : slots.length === 0
        ? 'No visits on this weekday. Pick another day.'
        : undefined;

  return (
    <>
      <div className={ui.field}>
        <label htmlFor={`${idPrefix}-date`}>Day</label>
        <input
          id={`${idPrefix}-date`}
          name="date"
          type="date"
          min={today}
          max={addDays(today, VISIT_BOOKING_DAYS)}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          required
        />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${idPrefix}-time`}>Time slot</label>
        <select
          id={`${idPrefix}-time`}
          name="time"
          required
          aria-describedby={hint ? `${idPrefix}-time-hint` : undefined}
          key={`${date}-${slots.length}`}
          defaultValue=""
        >
          <option value="" disabled>
            Choose a slot
          </option>
          {slots.map((slot) => (
            <option key={slot.time} value={slot.time} disabled={slot.past || slot.left === 0}>
              {slotLabel(slot)}
            </option>
          ))}
        </select>
        {hint ? (
          <p id={`${idPrefix}-time-hint`} className={ui.hint}>
            {hint}
          </p>
        ) : null}
        <ErrorText>
          {availability.data && 'error' in availability.data ? availability.data.error : undefined}
        </ErrorText>
      </div>
    </>
  );
}
