import type Database from 'better-sqlite3';
import type { LeadStore } from './lead-store.ts';
import type { NewLead, StoredLead } from './lead-types.ts';

interface Waiting {
  lead: NewLead;
  resolve: (stored: StoredLead) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the leads that arrive during one turn of the event loop are written together in
 * the next, one transaction and one disk sync for all of them. Each caller learns only after its
 * own lead is on disk, so "success" keeps meaning "stored". If the batch fails, each lead is
 * tried on its own: one bad lead must not cost the others theirs.
 */
export function createGroupCommit(
  store: LeadStore,
  duplicateWindowMs: number,
): (lead: NewLead) => Promise<StoredLead> {
  let waiting: Waiting[] = [];

  const commitOneByOne = (batch: Waiting[]): void => {
    for (const { lead, resolve, reject } of batch) {
      try {
        resolve(store.insertLead(lead, duplicateWindowMs));
      } catch (error) {
        reject(error);
      }
    }
  };

  const flush = (): void => {
    const batch = waiting;
    waiting = [];
    let stored: StoredLead[];
    try {
      stored = store.insertLeads(
        batch.map((item) => item.lead),
        duplicateWindowMs,
      );
    } catch {
      commitOneByOne(batch);
      return;
    }
    batch.forEach((item, index) => {
      const lead = stored[index];
      if (lead) item.resolve(lead);
      else item.reject(new Error('the lead was not stored'));
    });
  };

  return (lead) =>
    new Promise<StoredLead>((resolve, reject) => {
      waiting.push({ lead, resolve, reject });
      if (waiting.length === 1) setImmediate(flush);
    });
}

interface WaitingWrite {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for any write (a WhatsApp message, a status): the writes asked for during one turn
 * of the event loop run in the next, in one transaction and one disk sync. Each runs in its own
 * savepoint, so a write that throws is undone alone and fails only its caller; each caller learns
 * only once its write is on disk.
 */
export function createWriteBatch(db: Database.Database): <T>(write: () => T) => Promise<T> {
  let waiting: WaitingWrite[] = [];

  const flush = (): void => {
    const batch = waiting;
    waiting = [];
    const outcomes: Array<{ value: unknown } | { error: unknown }> = [];
    try {
      db.transaction(() => {
        for (const { write } of batch) {
          try {
            outcomes.push({ value: db.transaction(write)() });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      })();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if ('error' in outcome) item.reject(outcome.error);
      else item.resolve(outcome.value);
    });
  };

  return <T>(write: () => T) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (waiting.length === 1) setImmediate(flush);
    });
}
