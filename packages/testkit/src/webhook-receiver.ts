import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedPost {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived, for signature checks. */
  body: string;
  receivedAt: number;
  /** With a `secret`: the event, read by the Standard Webhooks library once its signature verified. */
  event?: unknown;
  /** With a `secret`: why the signature did not verify (tampered, stale, another key, unsigned). */
  signatureError?: string;
}

/** What the receiver answers a post with; by default `200 ok`. */
export type Reply = (
  post: ReceivedPost,
  response: ServerResponse,
  request: IncomingMessage,
) => void | Promise<void>;

/**
 * A real HTTP server on loopback that keeps every post it gets, for tests, drills and benchmarks.
 * Given the endpoint's signing secret it checks every post as a CRM would, with the Standard
 * Webhooks library, and keeps the verdict beside the post; how it answers stays the test's choice.
 */
export interface WebhookReceiver {
  url: string;
  posts: ReceivedPost[];
  /** Changes how later posts are answered. */
  reply(reply: Reply): void;
  /** Resolves once `count` posts have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPost[]>;
  close(): Promise<void>;
}

export const answer =
  (status: number, headers: Record<string, string> = {}, body = ''): Reply =>
  (_post, response) => {
    response.writeHead(status, headers).end(body);
  };

export async function startWebhookReceiver(
  options: { path?: string; port?: number; reply?: Reply; secret?: string } = {},
): Promise<WebhookReceiver> {
  const webhook = options.secret === undefined ? undefined : new Webhook(options.secret);
  const posts: ReceivedPost[] = [];
  const waiters: Array<() => void> = [];
  let reply: Reply = options.reply ?? answer(200, { 'content-type': 'text/plain' }, 'ok');

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const post: ReceivedPost = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      if (webhook) Object.assign(post, verify(webhook, post));
      posts.push(post);
      for (const wake of waiters.splice(0)) wake();
      Promise.resolve(reply(post, response, request)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${options.path ?? '/hooks/leads'}`,
    posts,
    reply(next) {
      reply = next;
    },
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (posts.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`expected ${count} webhook posts, got ${posts.length}`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return posts.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function verify(
  webhook: Webhook,
  post: ReceivedPost,
): Pick<ReceivedPost, 'event' | 'signatureError'> {
  try {
    return { event: webhook.verify(post.body, post.headers as Record<string, string>) };
  } catch (error) {
    return { signatureError: error instanceof Error ? error.message : String(error) };
  }
}
