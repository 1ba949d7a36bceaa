import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import { onThreadEnd, startThread, untilMessage } from '../start-thread.ts';
import type { DeliveryWorker } from './delivery-worker.ts';

export interface DeliveryThreadData {
  config: Config;
}

export type DeliveryRequest = 'start' | 'wake' | 'stop';

export type DeliveryReply = { type: 'ready' } | { type: 'log'; line: string } | { type: 'stopped' };

export type DeliveryThread = Pick<DeliveryWorker, 'start' | 'wake' | 'stop'>;

export interface DeliveryThreadOptions {
  config: Config;
  /** Where the main thread writes its log; the thread's lines are written there too. */
  logOutput: DestinationStream;
  /** The thread ended on its own; nothing is being delivered. */
  onFailure: (error: Error) => void;
}

/**
 * The delivery worker on its own thread. Composing, signing and sending an email is work for the
 * CPU at every step of the SMTP conversation; on the main thread it took turns with the
 * visitors' requests and both waited for each other. The outbox in SQLite is the hand-over: the
 * HTTP thread stores leads, this thread claims and sends them, as a second instance would.
 */
export async function startDeliveryThread(options: DeliveryThreadOptions): Promise<DeliveryThread> {
  const { config, logOutput, onFailure } = options;
  const thread = await startThread('delivery-worker-thread', import.meta.url, {
    config,
  } satisfies DeliveryThreadData);
  let stopping = false;
  let wakeQueued = false;

  thread.on('message', (reply: DeliveryReply) => {
    if (reply.type === 'log') logOutput.write(reply.line);
  });
  onThreadEnd(thread, (error) => {
    if (!stopping) onFailure(error);
  });

  const post = (request: DeliveryRequest): void => thread.postMessage(request);

  return {
    start: () => post('start'),
    wake() {
      // Every stored lead wakes delivery; one message per turn of the event loop is enough.
      if (stopping || wakeQueued) return;
      wakeQueued = true;
      setImmediate(() => {
        wakeQueued = false;
        if (!stopping) post('wake');
      });
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      const stopped = untilMessage(thread, 'stopped');
      post('stop');
      await stopped;
      await thread.terminate();
    },
  };
}
