import { WEBHOOK_TIMEOUT_MS } from '@iconia/shared';
import { signWebhook } from '../standard-webhooks.ts';

/** How much of a failed reply's body is kept for the log: enough for "invalid signature". */
const EXCERPT_BYTES = 200;

export interface WebhookRequest {
  url: string;
  /** `webhook-id`: the same on every retry of one lead to one endpoint. */
  id: string;
  /** The JSON body, exactly as signed. */
  body: string;
  signingKey: Buffer;
}

/**
 * delivered: any 2xx · gone: 410, the receiver wants no more of this lead · failed: anything else
 * (3xx, other 4xx, 5xx, no reply, a reply slower than the timeout), to be tried again.
 */
export type WebhookOutcome =
  | { result: 'delivered'; status: number }
  | { result: 'gone'; status: 410 }
  | { result: 'failed'; reason: string; status?: number; retryAfterMs?: number };

export interface SendOptions {
  timeoutMs?: number;
  now?: () => number;
}

/**
 * One signed POST. Node's fetch, with redirects returned rather than followed and the whole
 * exchange (connect, headers and the body read) cut off after the timeout. The request carries
 * only the headers set here: nothing of the server's own requests, cookies or credentials.
 */
export async function sendWebhook(
  request: WebhookRequest,
  { timeoutMs = WEBHOOK_TIMEOUT_MS, now = Date.now }: SendOptions = {},
): Promise<WebhookOutcome> {
  const timestamp = Math.floor(now() / 1000);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Elegant-Iconia-Webhooks/1',
        'webhook-id': request.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(request.signingKey, request.id, timestamp, request.body),
      },
      body: request.body,
      redirect: 'manual',
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { result: 'failed', reason: failureReason(error, timeoutMs) };
  }

  const { status } = response;
  if (status >= 200 && status < 300) {
    await response.body?.cancel().catch(() => undefined);
    return { result: 'delivered', status };
  }
  if (status === 410) {
    await response.body?.cancel().catch(() => undefined);
    return { result: 'gone', status };
  }

  let excerpt: string;
  try {
    excerpt = await readExcerpt(response.body as ReadableStream<Uint8Array> | null);
  } catch (error) {
    return { result: 'failed', status, reason: failureReason(error, timeoutMs) };
  }
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
  const answer =
    status >= 300 && status < 400 ? `redirect ${status}, not followed` : `HTTP ${status}`;
  return {
    result: 'failed',
    status,
    reason: excerpt ? `${answer}: ${excerpt}` : answer,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}

/**
 * `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; a date already past counts as zero.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form starts with the day's name ("Sat, 21 Nov 2026 10:02:00 GMT").
  const date = /^[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function readExcerpt(body: ReadableStream<Uint8Array> | null): Promise<string> {
  const reader = body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < EXCERPT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
  // One line, printable: the receiver's words end up in logs and `pnpm leads list`.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffd]+/g, ' ').trim();
}

function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `no reply within ${timeoutMs / 1000} s`;
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return `network error ${cause.code}`;
  return `network error: ${error instanceof Error ? error.message : String(error)}`;
}
