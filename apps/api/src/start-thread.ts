import { once } from 'node:events';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the module `name` that sits beside the calling module (`from` is its `import.meta.url`)
 * as a worker thread, and resolves once the thread posts its first message, which each thread
 * entry sends when it is ready. An error before that (a database it cannot open) rejects.
 *
 * Built, the caller lives in `dist/server.js` and the build writes every thread entry beside it
 * as `dist/<name>.js`. From source (tsx, tests) the entry is `<name>.ts`; Node 20 hands a
 * worker neither the main thread's `--import` loaders nor a way to load TypeScript, so the
 * thread first registers tsx, as the main thread did, and then imports its entry.
 */
export async function startThread(
  name: string,
  from: string,
  workerData: unknown,
): Promise<Worker> {
  const extension = path.extname(fileURLToPath(from));
  const entry = new URL(`./${name}${extension}`, from);
  let thread: Worker;
  if (extension === '.ts') {
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
    thread = new Worker(bootstrap, { eval: true, workerData });
  } else {
    thread = new Worker(entry, { workerData });
  }
  await once(thread, 'message');
  return thread;
}

/** Calls `onEnd` once the thread has ended, with the error that ended it if there was one. */
export function onThreadEnd(thread: Worker, onEnd: (error: Error) => void): void {
  let cause: Error | undefined;
  thread.on('error', (error) => {
    cause = error;
  });
  thread.on('exit', (code) => onEnd(cause ?? new Error(`the thread exited with code ${code}`)));
}

/** Resolves when the thread posts a message of this `type`, or ends. */
export function untilMessage(thread: Worker, type: string): Promise<void> {
  return new Promise((resolve) => {
    thread.on('message', (message: { type?: unknown }) => {
      if (message.type === type) resolve();
    });
    thread.once('exit', () => resolve());
  });
}

/**
 * Lowers the calling thread's share of the CPU, for background work that should give way when
 * the machine is busy. Linux keeps a nice value per thread and `os.setPriority` accepts a
 * thread's id (read from /proc/thread-self); elsewhere the thread keeps its priority.
 */
export function lowerThreadPriority(niceness = 10): void {
  try {
    const threadId = Number(path.basename(readlinkSync('/proc/thread-self')));
    setPriority(threadId, niceness);
  } catch {
    // Not Linux, or no /proc: nothing to lower.
  }
}
