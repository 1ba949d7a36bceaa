import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Config } from '../config.ts';

/** How long in-flight requests get to finish once shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface Listening {
  server: Server;
  /** `http://host:port`, with the port the server actually got. */
  url: string;
  port: number;
  /** True once closing: every answer then ends its connection. */
  markClosing: () => void;
}

/** How long after REQUEST_TIMEOUT_MS Node itself cuts a request the routes have not answered. */
const NODE_TIMEOUT_BACKSTOP_MS = 5_000;

/** Serves `app` on the configured address, with the request and header timeouts enforced. */
export async function listen(
  app: Express,
  config: Pick<Config, 'port' | 'host' | 'requestTimeoutMs'>,
): Promise<Listening> {
  // Node checks the header and request timeouts only this often (30 s by default), so a client
  // dripping headers or a body would otherwise hold its connection well past the limits below.
  const server = createServer({ connectionsCheckingInterval: 1_000 }, app);
  // The routes answer a body still arriving at REQUEST_TIMEOUT_MS with a readable 408 (the
  // `requestTimeout` middleware). Node's own limit is the backstop for anything they leave, set
  // later so that on a busy thread its bare, wordless 408 never beats theirs.
  server.requestTimeout = config.requestTimeoutMs + NODE_TIMEOUT_BACKSTOP_MS;
  server.headersTimeout = Math.min(config.requestTimeoutMs, 10_000);
  server.listen(config.port, config.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing = false;
  // Once closing, every answer ends its connection, so each client finishes what it sent.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
  });
  return {
    server,
    url,
    port,
    markClosing: () => {
      closing = true;
    },
  };
}

/**
 * Stops accepting connections and lets those open finish what they carry, within the grace
 * period.
 */
export async function stopListening({ server, markClosing }: Listening): Promise<void> {
  markClosing();
  // Stops accepting connections and leaves the open ones be. (http.Server.close() also cuts
  // idle keep-alive connections, and one may already carry a request this busy thread has
  // not read yet.) They end with their next answer, at their keep-alive timeout, or at the
  // end of the grace period.
  // Connections the kernel has taken but this busy thread has not yet accepted would be reset
  // with the listener: one more pass of the event loop lets them in first.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  const closed = new Promise<void>((resolve) => {
    NetServer.prototype.close.call(server, () => resolve());
  });
  const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  grace.unref();
  await closed;
  clearTimeout(grace);
}
