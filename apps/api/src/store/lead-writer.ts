import { onThreadEnd, startThread, untilMessage } from '../start-thread.ts';
import { batchPerTurn, type Committed, type InsertLead } from './group-commit.ts';
import type { NewLead, StoredLead } from './lead-store.ts';

export interface WriterData {
  databaseFile: string;
  duplicateWindowMs: number;
}

export type WireCommitted =
  | { ok: true; stored: StoredLead }
  | { ok: false; error: { name: string; message: string; code?: string } };

export type WriterRequest = { type: 'insert'; id: number; leads: NewLead[] } | { type: 'close' };

export type WriterReply =
  | { type: 'ready' }
  | { type: 'committed'; id: number; results: WireCommitted[] }
  | { type: 'closed' };

export interface LeadWriter {
  /** Resolves once the lead is committed and synced to disk; rejects when it could not be. */
  insertLead: InsertLead;
  /** Waits for the leads already handed over, then closes the thread's connection. */
  close(): Promise<void>;
}

export interface LeadWriterOptions extends WriterData {
  /** The thread ended on its own; leads can no longer be stored. */
  onFailure: (error: Error) => void;
}

function fromWire(result: WireCommitted): Committed {
  if (result.ok) return result;
  return { ok: false, error: Object.assign(new Error(result.error.message), result.error) };
}

/**
 * The durable insert, on its own thread. Committing with synchronous=FULL waits for the disk,
 * and better-sqlite3 waits synchronously: on the main thread every request in the process waited
 * with it. Now the HTTP thread hands over the leads of each turn of its event loop as one
 * message and answers each visitor when the writer reports that visitor's lead committed; the
 * writer's group commit (one transaction and one sync per batch) runs beside it.
 */
export async function startLeadWriter(options: LeadWriterOptions): Promise<LeadWriter> {
  const { onFailure, ...data } = options;
  // The thread opens its connection first; a database it cannot open fails the start here.
  const thread = await startThread(
    'lead-writer-thread',
    import.meta.url,
    data satisfies WriterData,
  );
  const batches = new Map<
    number,
    { resolve: (results: Committed[]) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  let closing = false;
  let failure: Error | undefined;

  thread.on('message', (reply: WriterReply) => {
    if (reply.type !== 'committed') return;
    batches.get(reply.id)?.resolve(reply.results.map(fromWire));
    batches.delete(reply.id);
  });
  onThreadEnd(thread, (error) => {
    for (const { reject } of batches.values()) reject(error);
    batches.clear();
    if (closing) return;
    failure = error;
    onFailure(error);
  });

  const insertLead = batchPerTurn(
    (leads) =>
      new Promise<Committed[]>((resolve, reject) => {
        if (closing || failure) {
          reject(failure ?? new Error('the lead writer is closed'));
          return;
        }
        nextId += 1;
        batches.set(nextId, { resolve, reject });
        thread.postMessage({ type: 'insert', id: nextId, leads } satisfies WriterRequest);
      }),
  );

  return {
    insertLead,
    async close() {
      if (closing) return;
      // Leads handed over in this turn of the event loop go out in its batch, before the close.
      await new Promise((resolve) => setImmediate(resolve));
      closing = true;
      if (failure) return;
      const closed = untilMessage(thread, 'closed');
      thread.postMessage({ type: 'close' } satisfies WriterRequest);
      await closed;
      await thread.terminate();
    },
  };
}
