import type { LeadStore, NewLead, StoredLead } from './lead-store.ts';

export type InsertLead = (lead: NewLead) => Promise<StoredLead>;

/** What became of one lead of a batch. */
export type Committed = { ok: true; stored: StoredLead } | { ok: false; error: unknown };

interface Waiting {
  lead: NewLead;
  resolve: (stored: StoredLead) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes a batch in one transaction and one disk sync, in order, as `insertLead` would one by
 * one. If the batch fails, each lead is tried on its own: one bad lead must not cost the others
 * theirs.
 */
export function commitBatch(
  store: LeadStore,
  leads: readonly NewLead[],
  duplicateWindowMs: number,
): Committed[] {
  try {
    return store.insertLeads(leads, duplicateWindowMs).map((stored) => ({ ok: true, stored }));
  } catch (batchError) {
    if (leads.length === 1) return [{ ok: false, error: batchError }];
    return leads.map((lead) => {
      try {
        return { ok: true, stored: store.insertLead(lead, duplicateWindowMs) };
      } catch (error) {
        return { ok: false, error };
      }
    });
  }
}

/**
 * Hands the leads that arrive during one turn of the event loop to `commit` together, in the
 * next turn, and tells each caller what became of its own lead. A batch still being committed
 * does not hold up the next one.
 */
export function batchPerTurn(
  commit: (leads: NewLead[]) => Committed[] | Promise<Committed[]>,
): InsertLead {
  let waiting: Waiting[] = [];

  const flush = async (): Promise<void> => {
    const batch = waiting;
    waiting = [];
    let results: Committed[];
    try {
      results = await commit(batch.map((item) => item.lead));
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const result = results[index];
      if (result?.ok) item.resolve(result.stored);
      else item.reject(result ? result.error : new Error('the lead was not stored'));
    });
  };

  return (lead) =>
    new Promise<StoredLead>((resolve, reject) => {
      waiting.push({ lead, resolve, reject });
      if (waiting.length === 1) setImmediate(() => void flush());
    });
}

/**
 * Group commit: leads that arrive while the disk is syncing are written together in the next
 * turn of the event loop, one transaction and one sync for all of them. Each caller still learns
 * only after its own lead is on disk, so "success" keeps meaning "stored"; under load the API
 * pays one sync per batch instead of one per visitor.
 */
export function createGroupCommit(store: LeadStore, duplicateWindowMs: number): InsertLead {
  return batchPerTurn((leads) => commitBatch(store, leads, duplicateWindowMs));
}
