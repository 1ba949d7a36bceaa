import { LEAD_ENDPOINTS, type LeadKind } from '@iconia/shared';
import { env } from '../config/env.ts';

/** How a form's fields travel: the navigation modal posts a URL-encoded body, the rest multipart. */
export type LeadEncoding = 'urlencoded' | 'multipart';

export type LeadFields = Readonly<Record<string, string>>;

export type LeadResult =
  | { status: 'success' }
  /** The server answered with something other than "success"; `text` is its reply. */
  | { status: 'rejected'; text: string }
  /** No answer: offline, refused, cut off or timed out. */
  | { status: 'network' };

export interface SubmitLeadOptions {
  /** Accept "Success"/"SUCCESS" as well; the forms differ on this (specification, section 7). */
  caseInsensitive?: boolean;
  timeoutMs?: number;
}

/** A visitor on a slow mobile connection still gets an answer in reasonable time. */
export const LEAD_TIMEOUT_MS = 20_000;

/** Longest server reply shown to a visitor; anything longer is not a message meant for them. */
const MAX_REPLY_LENGTH = 300;

/**
 * Where a lead form posts by itself when its script has not started yet (a slow phone that is
 * still loading, or scripts blocked): the same endpoint, URL-encoded. The lead is stored like
 * any other and the visitor reads the API's plain reply; nothing typed ends up in the page's
 * address, as it would with the browser's default GET.
 */
export function leadFormAction(kind: LeadKind): string {
  return `${env.apiOrigin}${LEAD_ENDPOINTS[kind]}`;
}

/**
 * Posts a lead to the API and reads its plain-text reply. The one place the site talks to the
 * network, so every form gets the same endpoint choice, timeout and failure handling.
 */
export async function submitLead(
  kind: LeadKind,
  fields: LeadFields,
  encoding: LeadEncoding,
  { caseInsensitive = false, timeoutMs = LEAD_TIMEOUT_MS }: SubmitLeadOptions = {},
): Promise<LeadResult> {
  const url = new URL(LEAD_ENDPOINTS[kind], env.apiOrigin || window.location.origin);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: encode(fields, encoding),
      headers: { Accept: 'text/plain' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch {
    return { status: 'network' };
  }

  const reply = text.trim();
  const success = caseInsensitive ? reply.toLowerCase() === 'success' : reply === 'success';
  if (success) return { status: 'success' };
  return { status: 'rejected', text: describeRejection(response, reply) };
}

function encode(fields: LeadFields, encoding: LeadEncoding): URLSearchParams | FormData {
  if (encoding === 'urlencoded') return new URLSearchParams(fields);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/**
 * The API answers in short plain text. A proxy or host in front of it may answer with an HTML
 * error page instead; the visitor then sees the status rather than markup.
 */
function describeRejection(response: Response, reply: string): string {
  const isHtml = response.headers.get('content-type')?.includes('html') ?? false;
  if (isHtml || reply === '') return `${response.status} ${response.statusText}`.trim();
  return reply.length > MAX_REPLY_LENGTH ? `${reply.slice(0, MAX_REPLY_LENGTH)}…` : reply;
}
