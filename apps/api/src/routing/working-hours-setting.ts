import type Database from 'better-sqlite3';
import type { WorkingHours } from './working-hours.ts';

/** The working hours as the routing settings hold them now, read each time they are asked for. */
export function createWorkingHoursSetting(db: Database.Database): () => WorkingHours {
  const row = db.prepare<[], { startMinute: number; endMinute: number }>(
    'SELECT start_minute AS startMinute, end_minute AS endMinute FROM routing_settings WHERE id = 1',
  );
  return () => {
    const hours = row.get();
    if (!hours) throw new Error('the routing settings row is missing');
    return hours;
  };
}
