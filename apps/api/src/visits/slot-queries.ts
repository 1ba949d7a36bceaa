import type Database from 'better-sqlite3';

export interface SlotRow {
  weekday: number;
  time: string;
  capacity: number;
}

/** The week's slots and how full each is on a day. */
export function createSlotQueries(db: Database.Database) {
  const slots = db.prepare<[], SlotRow>(
    `SELECT weekday, time, capacity FROM visit_slots ORDER BY weekday, time`,
  );
  const slotsOf = db.prepare<[number], SlotRow>(
    `SELECT weekday, time, capacity FROM visit_slots WHERE weekday = ? ORDER BY time`,
  );
  const slotAt = db.prepare<[number, string], SlotRow>(
    `SELECT weekday, time, capacity FROM visit_slots WHERE weekday = ? AND time = ?`,
  );
  const deleteSlots = db.prepare(`DELETE FROM visit_slots`);
  const insertSlot = db.prepare<[number, string, number]>(
    `INSERT INTO visit_slots (weekday, time, capacity) VALUES (?, ?, ?)`,
  );
  const bookedOn = db.prepare<[string], { time: string; count: number }>(
    `SELECT time, count(*) AS count FROM visits WHERE day = ? AND status <> 'cancelled'
     GROUP BY time`,
  );
  const bookedAt = db.prepare<[string, string, number], { count: number }>(
    `SELECT count(*) AS count FROM visits
     WHERE day = ? AND time = ? AND status <> 'cancelled' AND id <> ?`,
  );

  return {
    slots: () => slots.all(),
    slotsOf: (weekday: number) => slotsOf.all(weekday),
    slotAt: (weekday: number, time: string) => slotAt.get(weekday, time),
    replaceSlots(rows: readonly SlotRow[]): void {
      deleteSlots.run();
      for (const slot of rows) insertSlot.run(slot.weekday, slot.time, slot.capacity);
    },
    bookedOn: (day: string) => bookedOn.all(day),
    /** Visits in the slot that still take its room, the visit `except` aside. */
    bookedAt: (day: string, time: string, except = 0) =>
      bookedAt.get(day, time, except)?.count ?? 0,
  };
}
