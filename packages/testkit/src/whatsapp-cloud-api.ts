import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMediaShelf, type WhatsappMedia } from './whatsapp-cloud-media.ts';
import { readBody, waitUntil } from './peer-support.ts';

export type { WhatsappMedia };

/** One message the peer accepted, as the API posted it. */
export interface WhatsappSend {
  /** The request's JSON body, exactly as sent. */
  body: WhatsappSendBody;
  /** The `wamid` the peer answered with. */
  wamid: string;
  receivedAt: number;
}

/** The documented body of `POST /{PHONE_NUMBER_ID}/messages`, as far as the peer checks it. */
export interface WhatsappSendBody {
  messaging_product: 'whatsapp';
  recipient_type?: 'individual';
  to: string;
  type: 'template' | 'text' | 'document' | 'location';
  template?: {
    name: string;
    language: { code: string };
    components?: Array<{ type: string; parameters?: Array<Record<string, unknown>> }>;
  };
  text?: { body: string; preview_url?: boolean };
  document?: { link: string; filename?: string; caption?: string };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
}

/**
 * How the peer fails until `recover()`: Meta's "something went wrong" (131000, HTTP 500), the
 * throughput ceiling (130429), an expired token (190), a front end's 503 with no JSON, or a
 * request held open with no answer at all (dropped, unanswered, on recovery).
 */
export type WhatsappFailure =
  'transient-error' | 'throughput' | 'expired-token' | 'unavailable' | 'hang';

export interface WhatsappCloudApi {
  /** What WHATSAPP_GRAPH_URL points at: `http://…/v27.0`. */
  url: string;
  /** Every accepted send, in order. */
  sends: WhatsappSend[];
  /** Every request that reached the peer, accepted or not. */
  requests: number;
  /** Holds a file a buyer sent; answers its media id for an incoming message's `image.id`. */
  addMedia(media: WhatsappMedia): string;
  /** The paths of every media request (metadata and bytes), in order. */
  mediaRequests: string[];
  /** The next accepted sends get these wamids, in order (a sample's statuses then name them). */
  answerWithWamids(...wamids: string[]): void;
  /** Sends to this number are refused with 131026 (not on WhatsApp) from now on. */
  notOnWhatsapp(number: string): void;
  fail(failure: WhatsappFailure): void;
  recover(): void;
  /** Resolves once `count` sends have been accepted. */
  waitForSends(count: number, timeoutMs?: number): Promise<WhatsappSend[]>;
  /** Resolves once `count` requests have arrived, accepted or not. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface WhatsappCloudApiOptions {
  /** The version segment of the path: the one the API pins (`GRAPH_API_VERSION`). */
  version: string;
  phoneNumberId: string;
  /** The one bearer token the peer accepts. */
  accessToken: string;
  port?: number;
}

interface CloudError {
  status: number;
  code: number;
  title: string;
  message: string;
  details?: string;
  type?: string;
}

const ERRORS = {
  token: {
    status: 401,
    code: 190,
    type: 'OAuthException',
    title: 'Access token has expired or is invalid',
    message: 'Error validating access token: Session has expired.',
  },
  notOnWhatsapp: {
    status: 400,
    code: 131026,
    title: 'Message undeliverable',
    message: 'Message undeliverable',
    details: 'Unable to deliver message. Recipient is not a valid WhatsApp user.',
  },
  throughput: {
    status: 400,
    code: 130429,
    title: 'Rate limit hit',
    message: '(#130429) Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  transient: {
    status: 500,
    code: 131000,
    title: 'Something went wrong',
    message: 'Something went wrong',
    details: 'Message failed to send due to an unknown error.',
  },
} satisfies Record<string, CloudError>;

/** Meta's error envelope: `error` with `error_data` and the `fbtrace_id` every error carries. */
function sendError(response: ServerResponse, error: CloudError): void {
  const body = {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.details
        ? { error_data: { messaging_product: 'whatsapp', details: error.details } }
        : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  };
  response
    .writeHead(error.status, { 'content-type': 'application/json; charset=UTF-8' })
    .end(JSON.stringify(body));
}

function invalid(details: string): CloudError {
  return {
    status: 400,
    code: 100,
    title: 'Invalid parameter',
    message: '(#100) Invalid parameter',
    details,
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A template's components: each a known type with a list of typed parameters. */
function componentsProblem(components: unknown): string | undefined {
  if (components === undefined) return undefined;
  if (!Array.isArray(components)) return 'template.components must be an array';
  for (const component of components) {
    if (!isObject(component) || !['header', 'body', 'button'].includes(String(component.type))) {
      return 'each component needs a type: header, body or button';
    }
    if (
      component.type === 'button' &&
      (!isText(component.sub_type) || !/^\d+$/.test(String(component.index)))
    ) {
      return 'a button component needs its sub_type and its index';
    }
    const parameters = component.parameters;
    if (!Array.isArray(parameters))
      return `the ${String(component.type)} component needs parameters`;
    for (const parameter of parameters) {
      if (!isObject(parameter) || !isText(parameter.type)) return 'each parameter needs a type';
      const value = parameter[parameter.type];
      if (parameter.type === 'text' ? !isText(value) : !isObject(value)) {
        return `parameter of type ${parameter.type} needs its ${parameter.type} field`;
      }
      if (parameter.type === 'document' && !isText((value as { link?: unknown }).link)) {
        return 'a document parameter needs a link';
      }
    }
  }
  return undefined;
}

const isOptionalText = (value: unknown) => value === undefined || typeof value === 'string';

/** A document message by its public link (media uploaded beforehand would carry an `id`). */
function documentProblem(document: unknown): string | undefined {
  if (!isObject(document)) return 'document is required';
  if (!isText(document.link) || !/^https?:\/\//.test(document.link)) {
    return 'document.link must be an http(s) URL';
  }
  if (!isOptionalText(document.filename) || !isOptionalText(document.caption)) {
    return 'document.filename and document.caption must be strings';
  }
  return undefined;
}

/** A location pin: its latitude and longitude as numbers, a name and address if any. */
function locationProblem(location: unknown): string | undefined {
  if (!isObject(location)) return 'location is required';
  const { latitude, longitude } = location;
  if (typeof latitude !== 'number' || Math.abs(latitude) > 90) {
    return 'location.latitude must be a number of degrees';
  }
  if (typeof longitude !== 'number' || Math.abs(longitude) > 180) {
    return 'location.longitude must be a number of degrees';
  }
  if (!isOptionalText(location.name) || !isOptionalText(location.address)) {
    return 'location.name and location.address must be strings';
  }
  return undefined;
}

/** The documented JSON of a send: the problem Meta would answer with, or none. */
export function whatsappSendProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'the body must be a JSON object';
  if (body.messaging_product !== 'whatsapp') return 'messaging_product must be whatsapp';
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') {
    return 'recipient_type must be individual';
  }
  if (!isText(body.to) || !/^\+?\d{8,15}$/.test(body.to)) return 'to must be a phone number';
  if (body.type === 'text') {
    const text = body.text;
    return isObject(text) && isText(text.body) && text.body.length <= 4096
      ? undefined
      : 'text.body is required, at most 4096 characters';
  }
  if (body.type === 'document') return documentProblem(body.document);
  if (body.type === 'location') return locationProblem(body.location);
  if (body.type !== 'template') return 'type must be template, text, document or location';
  const template = body.template;
  if (!isObject(template) || !isText(template.name)) return 'template.name is required';
  if (!isObject(template.language) || !isText(template.language.code)) {
    return 'template.language.code is required';
  }
  return componentsProblem(template.components);
}

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

/** A send's body as the peer takes it, or the error Meta answers it with. */
function readSend(text: string): WhatsappSendBody | CloudError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalid('the body is not JSON');
  }
  const problem = whatsappSendProblem(body);
  return problem ? invalid(problem) : (body as WhatsappSendBody);
}

/** Meta's answer to an accepted send: the recipient's `wa_id` and the message's `wamid`. */
function sendAccepted(response: ServerResponse, send: WhatsappSendBody, id: string): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(
    JSON.stringify({
      messaging_product: 'whatsapp',
      contacts: [{ input: send.to, wa_id: send.to.replace(/^\+/, '') }],
      messages: [{ id, ...(send.type === 'template' ? { message_status: 'accepted' } : {}) }],
    }),
  );
}

/**
 * A real HTTP server on loopback answering as WhatsApp's Cloud API does for sends: it checks the
 * bearer token and the documented JSON of every message, and answers Meta's success or error JSON.
 * It also serves the media buyers send (`addMedia`): metadata by id, then the bytes, each only
 * with the bearer token.
 */
export async function startWhatsappCloudApi(
  options: WhatsappCloudApiOptions,
): Promise<WhatsappCloudApi> {
  const sends: WhatsappSend[] = [];
  const waiters: Array<() => void> = [];
  const notOnWhatsapp = new Set<string>();
  const chosenWamids: string[] = [];
  let failure: WhatsappFailure | undefined;
  let requests = 0;
  const held = new Set<ServerResponse>();
  const messagesPath = `/${options.version}/${options.phoneNumberId}/messages`;
  const media = createMediaShelf(options.version, options.accessToken);
  let origin = '';

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    requests += 1;
    for (const wake of waiters.splice(0)) wake();
    if (failure === 'hang') {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    if (failure === 'unavailable') {
      response.writeHead(503, { 'content-type': 'text/html' }).end('Service Unavailable');
      return;
    }
    if (failure === 'transient-error') return sendError(response, ERRORS.transient);
    if (failure === 'throughput') return sendError(response, ERRORS.throughput);
    if (media.answer(request, response, origin)) return;
    if (request.method !== 'POST' || request.url !== messagesPath) {
      return sendError(response, invalid(`Unknown path components: ${request.url ?? ''}`));
    }
    if (
      failure === 'expired-token' ||
      request.headers.authorization !== `Bearer ${options.accessToken}`
    ) {
      return sendError(response, ERRORS.token);
    }
    const send = readSend(text);
    if ('code' in send) return sendError(response, send);
    if (notOnWhatsapp.has(send.to.replace(/^\+/, '')))
      return sendError(response, ERRORS.notOnWhatsapp);
    const id = chosenWamids.shift() ?? wamid();
    sends.push({ body: send, wamid: id, receivedAt: Date.now() });
    for (const wake of waiters.splice(0)) wake();
    sendAccepted(response, send, id);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/${options.version}`,
    sends,
    addMedia: (file) => media.add(file),
    mediaRequests: media.requests,
    get requests() {
      return requests;
    },
    answerWithWamids(...wamids) {
      chosenWamids.push(...wamids);
    },
    notOnWhatsapp(number) {
      notOnWhatsapp.add(number.replace(/^\+/, ''));
    },
    fail(next) {
      failure = next;
    },
    recover() {
      failure = undefined;
      for (const response of held) response.destroy();
    },
    async waitForSends(count, timeoutMs = 15_000) {
      await waitUntil(
        waiters,
        () => sends.length >= count,
        timeoutMs,
        () => `${count} WhatsApp sends, got ${sends.length}`,
      );
      return sends.slice(0, count);
    },
    waitForRequests: (count, timeoutMs = 15_000) =>
      waitUntil(
        waiters,
        () => requests >= count,
        timeoutMs,
        () => `${count} WhatsApp requests, got ${requests}`,
      ),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
