import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '../peer-support.ts';

/* What the local peers of the property portals share: the enquiries they hold, the failures they
 * play on demand, and the log of what they were asked. */

/** An enquiry as a portal holds it, before it is written in the portal's own format. */
export interface PortalEnquiry {
  /** The portal's id of the enquiry. */
  id: string;
  name: string;
  /** As the portal shows it: ten digits for an Indian buyer. */
  mobile: string;
  email?: string;
  project?: string;
  message?: string;
  /** When the buyer sent it (ms since the epoch). */
  receivedAt: number;
}

/**
 * How the peer fails until `recover()`: an HTTP 500, an error in the portal's own body (as it
 * answers a bad request), no answer at all, or a body that is no format.
 */
export type PortalFailure = 'http-500' | 'portal-error' | 'timeout' | 'garbage';

export interface PortalRequest {
  /** The window asked for (ms), when the request named one that reads. */
  from?: number;
  to?: number;
  /** What the peer answered: the enquiries sent, or why it refused. */
  answered: { enquiries: number } | { refused: string };
}

export interface PortalPeer {
  /** Where the source is pointed (`--url`). */
  url: string;
  /** What the portal holds: add an enquiry and the next window that covers it returns it. */
  enquiries: PortalEnquiry[];
  requests: PortalRequest[];
  fail(failure: PortalFailure): void;
  recover(): void;
  /** Resolves once `count` requests have arrived in total. */
  waitForRequests(count: number, timeoutMs?: number): Promise<PortalRequest[]>;
  close(): Promise<void>;
}

/** The answer to one request, in the portal's format. */
export interface PortalAnswer {
  status: number;
  contentType: string;
  body: string;
  log: PortalRequest;
}

export interface PortalProtocol {
  /** Reads the request (its authentication, its window) and answers from `enquiries`. */
  answer(request: IncomingMessage, body: string, enquiries: readonly PortalEnquiry[]): PortalAnswer;
  /** The portal's own error body, for `fail('portal-error')`. */
  errorBody: PortalAnswer;
}

/** A real HTTP server on loopback speaking `protocol`. */
export async function startPortalPeer(protocol: PortalProtocol, path: string): Promise<PortalPeer> {
  const enquiries: PortalEnquiry[] = [];
  const requests: PortalRequest[] = [];
  const waiters: Array<() => void> = [];
  const held = new Set<ServerResponse>();
  let failure: PortalFailure | undefined;

  const log = (entry: PortalRequest) => {
    requests.push(entry);
    for (const wake of waiters.splice(0)) wake();
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (failure === 'timeout') {
        held.add(response);
        log({ answered: { refused: 'held without an answer' } });
        return;
      }
      if (failure === 'http-500') {
        response
          .writeHead(500, { 'Content-Type': 'text/html' })
          .end('<h1>Internal Server Error</h1>');
        log({ answered: { refused: 'HTTP 500' } });
        return;
      }
      if (failure === 'garbage') {
        response.writeHead(200, { 'Content-Type': 'text/plain' }).end('\u0000<<not a format>>');
        log({ answered: { refused: 'garbage' } });
        return;
      }
      const answer =
        failure === 'portal-error' ? protocol.errorBody : protocol.answer(request, body, enquiries);
      response.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body);
      log(answer.log);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${path}`,
    enquiries,
    requests,
    fail(next) {
      failure = next;
    },
    recover() {
      failure = undefined;
      for (const response of held) response.destroy();
      held.clear();
    },
    async waitForRequests(count, timeoutMs = 10_000) {
      await waitUntil(
        waiters,
        () => requests.length >= count,
        timeoutMs,
        () => `${count} portal requests, got ${requests.length}`,
      );
      return requests.slice(0, count);
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const IST_OFFSET_MS = 330 * 60_000;

/** `YYYY-MM-DD HH:mm:ss` in India's time, as 99acres and MagicBricks write their dates. */
export function indiaDateTime(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The moment a `YYYY-MM-DD HH:mm:ss` in India's time names; undefined when it names none. */
export function readIndiaDateTime(text: string | null | undefined): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const at = Date.parse(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(at) ? undefined : at - IST_OFFSET_MS;
}

/** The enquiries received in [from, to], oldest first. */
export function inWindow(enquiries: readonly PortalEnquiry[], from: number, to: number) {
  return enquiries
    .filter((enquiry) => enquiry.receivedAt >= from && enquiry.receivedAt <= to)
    .sort((a, b) => a.receivedAt - b.receivedAt);
}
