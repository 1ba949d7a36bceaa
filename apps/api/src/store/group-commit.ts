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
