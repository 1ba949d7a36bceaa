import type Database from 'better-sqlite3';
import type { RoutingSettingsChange } from '@iconia/shared';
import { RoutingError } from './routing-error.ts';
import type { RoutingStore } from './routing-store.ts';
import { toPerson } from './routing-views.ts';
import { parseClockTime } from './working-hours.ts';

/**
 * The changes that decide who takes new buyers: a person's duty and the managers' settings. Each
 * runs in a write transaction of its own, and one that lets buyers go out again (someone coming
 * on duty, automatic assignment turned back on) hands out those that waited.
 */
export function createDutyAndSettings(
  db: Database.Database,
  store: RoutingStore,
  handOutWaiting: (at: number) => number,
) {
  const setDutyTx = db.transaction((userId: number, onDuty: boolean, at: number) => {
    const person = store.person(userId);
    if (!person || person.disabled_at !== null) {
      throw new RoutingError(404, 'There is no active account with this id.');
    }
    store.setDuty(userId, onDuty);
    const handedOut = onDuty ? handOutWaiting(at) : 0;
    return { duty: toPerson({ ...person, on_duty: onDuty ? 1 : 0 }), handedOut };
  });

  const changeSettingsTx = db.transaction((change: RoutingSettingsChange, at: number) => {
    const before = store.settings();
    const start =
      change.workStart === undefined ? before.start_minute : parseClockTime(change.workStart);
    const end = change.workEnd === undefined ? before.end_minute : parseClockTime(change.workEnd);
    if (start === undefined || end === undefined) {
      throw new RoutingError(400, 'Working hours must be times written HH:MM, such as 09:00.');
    }
    const autoAssign =
      change.autoAssign === undefined ? before.auto_assign : change.autoAssign ? 1 : 0;
    store.saveSettings({
      auto_assign: autoAssign,
      target_minutes: change.targetMinutes ?? before.target_minutes,
      start_minute: start,
      end_minute: end,
    });
    return autoAssign === 1 && before.auto_assign === 0 ? handOutWaiting(at) : 0;
  });

  return {
    /** Sets whether the person takes new buyers; coming on duty hands out those that waited. */
    setDuty: (userId: number, onDuty: boolean, at: number) =>
      setDutyTx.immediate(userId, onDuty, at),
    /** Changes the settings given; turning assignment back on hands out those that waited. */
    changeSettings: (change: RoutingSettingsChange, at: number) =>
      changeSettingsTx.immediate(change, at),
  };
}
