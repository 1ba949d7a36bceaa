import type { Response } from 'express';
import type { Logger } from '../logger.ts';
import { DeskError } from '../desk/desk-error.ts';
import type { BuyerStore } from './buyer-store.ts';
import { toLeadRow } from './lead-json.ts';

export const POLL_INTERVAL_MS = 500;
const KEEP_ALIVE_MS = 25_000;

/**
 * Each open stream holds a connection and a file descriptor. A person needs one per desk tab: a
 * few per browser, a few browsers. Beyond these, a new stream closes that person's oldest; the
 * total keeps the process's descriptors for the site, its leads and its outbox.
 */
export const MAX_STREAMS_PER_SESSION = 4;
export const MAX_STREAMS_PER_USER = 8;
export const MAX_STREAMS = 200;

interface Client {
  res: Response;
  /** The session's token; checked on every tick so a disabled account stops hearing at once. */
  token: string;
  userId: number;
}

export interface LiveEvents {
  /**
   * Streams events to `res` until the client goes or its session ends. Refuses with a 429 when
   * every stream the server allows is open and none of them is this person's to replace.
   */
  add(res: Response, session: { token: string; userId: number }): void;
  /** Closes every stream; the server is stopping. */
  close(): void;
}

/** Another feature's changes the stream tells of, read by polling like the leads. */
export interface LiveChanges {
  /** The event's name on the stream. */
  event: string;
  latest(): number;
  /** What changed after `id`: each is sent as the event's data. */
  after(id: number): readonly unknown[];
}

function send(res: Response, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * One shared timer for every connected desk: it compares the newest lead id and the newest desk
 * event id with the last ones seen, so a lead shows up whichever process stored it, without any
 * hook in the capture path. The timer runs only while someone is connected.
 */
export function createLiveEvents(options: {
  store: BuyerStore;
  logger: Logger;
  isSignedIn: (token: string) => boolean;
  /** WhatsApp conversations, when the server keeps them. */
  more?: LiveChanges;
}): LiveEvents {
  const { store, logger, isSignedIn, more } = options;
  const clients = new Set<Client>();
  let last = { lead: 0, event: 0, more: 0 };
  const latestIds = () => ({ ...store.latestIds(), more: more?.latest() ?? 0 });
  let timer: NodeJS.Timeout | undefined;
  let keepAlive: NodeJS.Timeout | undefined;

  const stop = (): void => {
    clearInterval(timer);
    clearInterval(keepAlive);
    timer = undefined;
    keepAlive = undefined;
  };

  const drop = (client: Client): void => {
    clients.delete(client);
    if (clients.size === 0) stop();
  };

  const tick = (): void => {
    for (const client of clients) {
      if (!isSignedIn(client.token)) {
        send(client.res, 'signed-out', {});
        client.res.end();
        drop(client);
      }
    }
    if (clients.size === 0) return;
    const latest = latestIds();
    const leads = latest.lead > last.lead ? store.newLeadsAfter(last.lead).map(toLeadRow) : [];
    const changed = latest.event > last.event ? store.changedBuyersAfter(last.event) : [];
    const others = more && latest.more > last.more ? more.after(last.more) : [];
    last = latest;
    for (const client of clients) {
      for (const lead of leads) send(client.res, 'lead', lead);
      for (const { lead_id: id, buyer_id: buyerId } of changed) {
        send(client.res, 'lead-changed', { id, buyerId });
      }
      for (const data of others) send(client.res, more!.event, data);
    }
  };

  const safeTick = (): void => {
    try {
      tick();
    } catch (error) {
      logger.error({ err: error }, 'desk live events could not read the database');
    }
  };

  return {
    add(res, { token, userId }) {
      const oldest = (same: (each: Client) => boolean, limit: number): Client | undefined => {
        const open = [...clients].filter(same);
        return open.length >= limit ? open[0] : undefined;
      };
      // A Set keeps the order streams were opened in: the first match is the oldest.
      const replaced =
        oldest((each) => each.token === token, MAX_STREAMS_PER_SESSION) ??
        oldest((each) => each.userId === userId, MAX_STREAMS_PER_USER);
      if (replaced) {
        // The tab it served stops listening instead of reconnecting and replacing another.
        send(replaced.res, 'replaced', {});
        replaced.res.end();
        drop(replaced);
      } else if (clients.size >= MAX_STREAMS) {
        throw new DeskError(
          429,
          'Too many live desk connections are open. Please try again later.',
        );
      }
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      res.write(': connected\n\n');
      const client = { res, token, userId };
      if (clients.size === 0) {
        last = latestIds();
        timer = setInterval(safeTick, POLL_INTERVAL_MS);
        keepAlive = setInterval(() => {
          for (const each of clients) each.res.write(': keep-alive\n\n');
        }, KEEP_ALIVE_MS);
        timer.unref();
        keepAlive.unref();
      }
      clients.add(client);
      res.on('close', () => drop(client));
    },
    close() {
      for (const client of clients) client.res.end();
      clients.clear();
      stop();
    },
  };
}
