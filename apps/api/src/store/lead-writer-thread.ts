// The lead writer's thread: its own connection to the lead database, and group commit on it.
import { parentPort, workerData } from 'node:worker_threads';
import { createGroupCommit } from './group-commit.ts';
import { openLeadStore, type StoredLead } from './lead-store.ts';
import type { WireCommitted, WriterData, WriterReply, WriterRequest } from './lead-writer.ts';

const port = parentPort;
if (!port) throw new Error('lead-writer-thread runs only as a worker thread');
const { databaseFile, duplicateWindowMs } = workerData as WriterData;

const store = openLeadStore(databaseFile);
// Batches that arrive while the disk is syncing are written together, in one transaction.
const insertLead = createGroupCommit(store, duplicateWindowMs);
const inFlight = new Set<Promise<void>>();

/** Errors cross to the main thread as plain data; SQLite's error code is worth keeping. */
function toWire(result: PromiseSettledResult<StoredLead>): WireCommitted {
  if (result.status === 'fulfilled') return { ok: true, stored: result.value };
  const error: unknown = result.reason;
  if (!(error instanceof Error))
    return { ok: false, error: { name: 'Error', message: String(error) } };
  const code = (error as { code?: unknown }).code;
  return {
    ok: false,
    error: {
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
    },
  };
}

port.on('message', (request: WriterRequest) => {
  if (request.type === 'close') {
    void Promise.all(inFlight).then(() => {
      store.close();
      port.postMessage({ type: 'closed' } satisfies WriterReply);
    });
    return;
  }
  const { id, leads } = request;
  const reply = Promise.allSettled(leads.map(insertLead)).then((results) =>
    port.postMessage({ type: 'committed', id, results: results.map(toWire) } satisfies WriterReply),
  );
  inFlight.add(reply);
  void reply.finally(() => inFlight.delete(reply));
});

port.postMessage({ type: 'ready' } satisfies WriterReply);
