import type { IncomingMessage } from 'node:http';

/* What the local peers of the outside platforms share. */

/** A request's whole body as text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Waits, woken by each call of a waiter, until `done` holds or the time is up. */
export async function waitUntil(
  waiters: Array<() => void>,
  done: () => boolean,
  timeoutMs: number,
  expected: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`expected ${expected()}`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
