import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, waitUntil } from './peer-support.ts';
import {
  sendGraphError,
  sendGraphFailure,
  type GraphError,
  type GraphFailure,
} from './graph-api.ts';

/** One server event as Meta's Conversions API takes it (the fields the CRM integration uses). */
export interface ConversionsEvent {
  event_name: string;
  event_time: number;
  action_source: string;
  event_id?: string;
  user_data: {
    lead_id?: string | number;
    fbc?: string;
    ph?: string[];
    em?: string[];
  };
  custom_data?: { event_source?: string; lead_event_source?: string };
}

/** A request the peer received: its JSON body as sent, and whether it was taken. */
export interface ConversionsRequest {
  path: string;
  body: unknown;
  accepted: boolean;
  receivedAt: number;
}

/** A real HTTP server on loopback answering as Meta's Conversions API does for one dataset. */
export interface ConversionsApi {
  /** What META_GRAPH_URL points at: the base URL with the API version. */
  url: string;
  requests: ConversionsRequest[];
  /** Every event taken, in the order it arrived. */
  events: ConversionsEvent[];
  /** Fails every later request this way until `recover()`. */
  fail(failure: GraphFailure): void;
  recover(): void;
  /** Resolves once `count` events have been taken in total. */
  waitForEvents(count: number, timeoutMs?: number): Promise<ConversionsEvent[]>;
  /** Resolves once `count` requests have arrived in total, taken or not. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ConversionsRequest[]>;
  close(): Promise<void>;
}

export interface ConversionsApiOptions {
  /** The version segment of the path: the one the API pins (`GRAPH_API_VERSION`). */
  version: string;
  /** The Events Manager dataset (pixel) id in the path. */
  datasetId: string;
  /** The one access token the peer accepts. */
  accessToken: string;
  /** Meta's clock, which event times are checked against (default: the real one). */
  now?: () => number;
  port?: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const DIGITS = /^\d+$/;
/** `fb.1.<creation time in ms>.<fbclid>`, as Meta documents the `fbc` parameter. */
const FBC = /^fb\.1\.\d{13}\.[A-Za-z0-9_-]+$/;
/** Meta refuses events more than 7 days old and any from the future (a minute of clock skew). */
const OLDEST_S = 7 * 86_400;
const SKEW_S = 60;

const invalidParameter = (message: string): GraphError => ({
  status: 400,
  message: `Invalid parameter: ${message}`,
  type: 'OAuthException',
  code: 100,
  error_subcode: 2804050,
});

/**
 * What is wrong with one event by Meta's payload specification for CRM events, or undefined:
 * the required fields, `action_source`, a user the event can be matched to (a lead ad's id of
 * digits, or a click `fbc` with hashed phone and email as 64 lowercase hex characters: the peer
 * never takes a number or address in the clear), and the CRM's `custom_data`.
 */
export function conversionsEventProblem(event: unknown, nowS: number): string | undefined {
  if (typeof event !== 'object' || event === null) return 'each event must be an object';
  const e = event as Partial<Record<keyof ConversionsEvent, unknown>>;
  if (typeof e.event_name !== 'string' || e.event_name === '') return 'event_name is required';
  if (typeof e.event_time !== 'number' || !Number.isInteger(e.event_time)) {
    return 'event_time must be a Unix time in seconds';
  }
  if (e.event_time > nowS + SKEW_S) return 'event_time cannot be in the future';
  if (e.event_time < nowS - OLDEST_S) return 'event_time is more than 7 days old';
  if (e.action_source !== 'system_generated') {
    return `action_source of a CRM event must be system_generated, not ${String(e.action_source)}`;
  }
  if (e.event_id !== undefined && (typeof e.event_id !== 'string' || e.event_id === '')) {
    return 'event_id must be a string';
  }
  const user = e.user_data;
  if (typeof user !== 'object' || user === null) return 'user_data is required';
  const { lead_id: leadId, fbc, ph, em, ...rest } = user as Record<string, unknown>;
  const unknownKeys = Object.keys(rest);
  if (unknownKeys.length > 0)
    return `user_data has parameters the desk never sends: ${unknownKeys.join(', ')}`;
  if (leadId !== undefined && !(typeof leadId === 'string' && DIGITS.test(leadId))) {
    return 'lead_id must be digits';
  }
  if (fbc !== undefined && (typeof fbc !== 'string' || !FBC.test(fbc))) {
    return 'fbc must be fb.1.<creation time in ms>.<fbclid>';
  }
  for (const [name, hashes] of [
    ['ph', ph],
    ['em', em],
  ] as const) {
    if (hashes === undefined) continue;
    if (!Array.isArray(hashes) || hashes.some((hash) => !SHA256_HEX.test(String(hash)))) {
      return `${name} must be a list of SHA-256 hashes (64 lowercase hex characters)`;
    }
  }
  if (leadId === undefined && fbc === undefined) {
    return 'user_data must carry lead_id or fbc for a CRM event';
  }
  const custom = e.custom_data as Record<string, unknown> | undefined;
  if (custom?.event_source !== 'crm') return 'custom_data.event_source must be crm';
  if (typeof custom.lead_event_source !== 'string' || custom.lead_event_source === '') {
    return 'custom_data.lead_event_source is required';
  }
  return undefined;
}

/** The request's body as JSON, or undefined when it is not JSON. */
async function readJson(request: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(request)) as unknown;
  } catch {
    return undefined;
  }
}

/** The path, token and events checked in Meta's order: the events to take, or Meta's error. */
function checkPost(
  request: IncomingMessage,
  url: URL,
  body: unknown,
  options: ConversionsApiOptions,
): { events: ConversionsEvent[] } | { error: GraphError } {
  if (
    request.method !== 'POST' ||
    url.pathname !== `/${options.version}/${options.datasetId}/events`
  ) {
    return {
      error: {
        status: 400,
        message: `Unknown path components: ${url.pathname}`,
        type: 'OAuthException',
        code: 2500,
      },
    };
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const token = fields.access_token ?? url.searchParams.get('access_token');
  if (token !== options.accessToken) {
    return {
      error: {
        status: 400,
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
      },
    };
  }
  const { data } = fields;
  if (!Array.isArray(data) || data.length === 0 || data.length > 1000) {
    return { error: invalidParameter('data must be a list of 1 to 1,000 events') };
  }
  const nowS = Math.floor((options.now ?? Date.now)() / 1000);
  for (const event of data) {
    const problem = conversionsEventProblem(event, nowS);
    if (problem) return { error: invalidParameter(problem) };
  }
  return { events: data as ConversionsEvent[] };
}

/** Resolves with the first `count` items of `list` once it holds them. */
async function waitFor<T>(
  list: T[],
  count: number,
  waiters: Array<() => void>,
  timeoutMs: number,
  what: string,
): Promise<T[]> {
  await waitUntil(
    waiters,
    () => list.length >= count,
    timeoutMs,
    () => `${count} ${what}, got ${list.length}`,
  );
  return list.slice(0, count);
}

export async function startConversionsApi(options: ConversionsApiOptions): Promise<ConversionsApi> {
  const requests: ConversionsRequest[] = [];
  const events: ConversionsEvent[] = [];
  const waiters: Array<() => void> = [];
  const held = new Set<ServerResponse>();
  let failure: GraphFailure | undefined;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    void readJson(request).then((body) => {
      const received: ConversionsRequest = {
        path: url.pathname,
        body,
        accepted: false,
        receivedAt: Date.now(),
      };
      requests.push(received);
      const answer = () => {
        for (const wake of waiters.splice(0)) wake();
      };
      if (failure) {
        sendGraphFailure(response, failure, held);
        answer();
        return;
      }
      const checked = checkPost(request, url, body, options);
      if ('error' in checked) {
        sendGraphError(response, checked.error);
        answer();
        return;
      }
      received.accepted = true;
      events.push(...checked.events);
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(
        JSON.stringify({
          events_received: checked.events.length,
          messages: [],
          fbtrace_id: randomBytes(8).toString('base64url'),
        }),
      );
      answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${options.version}`,
    requests,
    events,
    fail(next) {
      failure = next;
    },
    recover() {
      failure = undefined;
      for (const response of held) response.destroy();
    },
    waitForEvents: (count, timeoutMs = 10_000) =>
      waitFor(events, count, waiters, timeoutMs, 'Conversions API events'),
    waitForRequests: (count, timeoutMs = 10_000) =>
      waitFor(requests, count, waiters, timeoutMs, 'Conversions API requests'),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
