import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export interface ReceivedLead {
  /** Path the lead was posted to, e.g. `/send-email`. */
  endpoint: string;
  encoding: 'urlencoded' | 'multipart' | 'other';
  fields: Record<string, string>;
}

type Reply = { status: number; body: string; contentType: string } | 'network-error';

const SUCCESS: Reply = { status: 200, body: 'success', contentType: 'text/plain; charset=utf-8' };

/**
 * A stand-in for the lead API at the network level (msw intercepts `fetch`): it records what
 * each form really sent, body encoding included, and answers the way a test asks. Call it at
 * the top of a test file; it installs its own lifecycle hooks.
 */
export function setupLeadApi() {
  const received: ReceivedLead[] = [];
  let reply: Reply = SUCCESS;
  let gate: Promise<void> | null = null;

  async function handle({ request }: { request: Request }) {
    received.push(await readLead(request));
    if (gate) await gate;
    if (reply === 'network-error') return HttpResponse.error();
    return new HttpResponse(reply.body, {
      status: reply.status,
      headers: { 'Content-Type': reply.contentType },
    });
  }

  const server = setupServer(
    http.post('*/send-email', handle),
    http.post('*/contact-form', handle),
  );

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    received.length = 0;
    reply = SUCCESS;
    gate = null;
  });
  afterAll(() => server.close());

  return {
    received,
    /** Answer every following lead with this text and status. */
    replyWith(body: string, status = 200, contentType = 'text/plain; charset=utf-8') {
      reply = { status, body, contentType };
    },
    /** Fail every following lead as if the connection dropped. */
    failNetwork() {
      reply = 'network-error';
    },
    /** Keep leads waiting for an answer until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

async function readLead(request: Request): Promise<ReceivedLead> {
  const endpoint = new URL(request.url).pathname;
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      fields[key] = typeof value === 'string' ? value : value.name;
    });
    return { endpoint, encoding: 'multipart', fields };
  }
  const text = await request.text();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return {
      endpoint,
      encoding: 'urlencoded',
      fields: Object.fromEntries(new URLSearchParams(text)),
    };
  }
  return { endpoint, encoding: 'other', fields: {} };
}
