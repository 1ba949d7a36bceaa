// The delivery worker's thread: its own connection to the lead database, its own SMTP pool.
import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '../clock.ts';
import { createLogger } from '../logger.ts';
import { lowerThreadPriority } from '../start-thread.ts';
import { openLeadStore } from '../store/lead-store.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import type { DeliveryReply, DeliveryRequest, DeliveryThreadData } from './delivery-thread.ts';
import { createMailer, SMTP_CONNECTIONS } from './transport.ts';

const port = parentPort;
if (!port) throw new Error('delivery-worker-thread runs only as a worker thread');
const { config } = workerData as DeliveryThreadData;
lowerThreadPriority();

// Log lines go to the main thread, which writes them with its own, so lines never interleave.
const logger = createLogger(config.logLevel, {
  write: (line: string) => port.postMessage({ type: 'log', line } satisfies DeliveryReply),
});
const store = openLeadStore(config.databaseFile);
const mailer = createMailer(config);
const worker = createDeliveryWorker({
  store,
  mailer,
  clock: systemClock,
  logger,
  addresses: { from: config.mailFrom, to: config.mailTo },
  pendingAlertMs: config.pendingAlertMs,
  // Long enough for one send with every SMTP timeout spent, so another instance never
  // picks up a lead this one is still sending.
  leaseMs: Math.max(60_000, config.smtpTimeoutMs * 4),
  concurrency: config.smtpUrl ? SMTP_CONNECTIONS : 1,
});

port.on('message', (request: DeliveryRequest) => {
  switch (request) {
    case 'start':
      worker.start();
      return;
    case 'wake':
      worker.wake();
      return;
    case 'stop':
      void worker.stop().then(() => {
        mailer.close();
        store.close();
        port.postMessage({ type: 'stopped' } satisfies DeliveryReply);
      });
  }
});

port.postMessage({ type: 'ready' } satisfies DeliveryReply);
