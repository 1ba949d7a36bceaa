import type { LeadStore, NewLead, StoredLead } from './lead-store.ts';

interface Waiting {
  lead: NewLead;
  resolve: (stored: StoredLead) => void;
  reject: (error: unknown) => void;
}

export type InsertLead = (lead: NewLead) => Promise<StoredLead>;

/**
 * Group commit: leads that arrive while the disk is syncing are written together in the next
 * turn of the event loop, one transaction and one sync for all of them. Each caller still learns
 * only after its own lead is on disk, so "success" keeps meaning "stored"; under load the API
 * pays one sync per batch instead of one per visitor.
 */
export function createGroupCommit(store: LeadStore, duplicateWindowMs: number): InsertLead {
  let waiting: Waiting[] = [];

  const flush = (): void => {
    const batch = waiting;
    waiting = [];
    try {
      const stored = store.insertLeads(
        batch.map((item) => item.lead),
        duplicateWindowMs,
      );
      batch.forEach((item, index) => item.resolve(stored[index]!));
    } catch (batchError) {
      if (batch.length === 1) {
        batch[0]!.reject(batchError);
        return;
      }
      // One bad lead must not cost the others theirs: retry each on its own.
      for (const item of batch) {
        try {
          item.resolve(store.insertLead(item.lead, duplicateWindowMs));
        } catch (error) {
          item.reject(error);
        }
      }
    }
  };

  return (lead) =>
    new Promise<StoredLead>((resolve, reject) => {
      waiting.push({ lead, resolve, reject });
      if (waiting.length === 1) setImmediate(flush);
    });
}
