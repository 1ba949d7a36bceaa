import { createHash } from 'node:crypto';
/**
 * What every portal's adapter is: how to ask the portal for the enquiries of a window, and how
 * to read its answer. Each adapter is one file (`acres99.ts`, `housing.ts`, `magicbricks.ts`);
 * a fourth portal is one more file and one more entry in `PORTAL_ADAPTERS`.
 */

/** An enquiry as the adapter read it from the portal's answer. */
export interface PortalLead {
  /** The portal's id of the enquiry (or, where it gives none, one made of what it sent). */
  externalId: string;
  name: string;
  /** As the portal sent it: ten digits are an Indian number, read as +91 by the poller. */
  mobile: string;
  email?: string;
  /** The portal's project or listing the buyer asked about. */
  project?: string;
  message?: string;
  /** When the buyer sent it, when the portal says so in a form that reads. */
  receivedAt?: number;
  /** Anything else the portal said of the enquiry, kept as answers. */
  answers: Record<string, string>;
}

/** Why a poll got no answer it could use, in words for the Sources screen. */
export class PortalError extends Error {
  constructor(
    message: string,
    /** `credentials`: the portal refused the login; the operator must enter it again. */
    readonly kind: 'credentials' | 'portal' | 'unreadable' | 'network',
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

export interface PortalRequestContext {
  /** The portal's endpoint (the documented one, or the source's `--url`). */
  url: string;
  credentials: Readonly<Record<string, string>>;
  /** The window, in ms since the epoch. */
  from: number;
  to: number;
  /** The time now, for the portals that sign with it. */
  now: number;
  signal: AbortSignal;
}

export interface PortalAdapter {
  /** The portal's key in the CLI and the database. */
  portal: string;
  /** How people name it. */
  label: string;
  /** The portal's own endpoint for the pull. */
  defaultUrl: string;
  /** What the login is made of, asked for on standard input in this order. */
  credentialFields: ReadonlyArray<{ key: string; label: string }>;
  /** The longest window the portal answers for in one go; longer windows are read in steps. */
  maxWindowMs: number;
  /** The enquiries of [from, to], every page of them; throws a `PortalError` on any failure. */
  fetchWindow(context: PortalRequestContext): Promise<PortalLead[]>;
}

/** The answer of an HTTP request to a portal as text; a transport failure as a `PortalError`. */
export async function portalFetch(
  label: string,
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error' });
  } catch (error) {
    const timedOut = init.signal.aborted;
    throw new PortalError(
      timedOut
        ? `${label} did not answer in time.`
        : `${label} could not be reached (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}).`,
      'network',
    );
  }
  const text = await response.text().catch(() => {
    throw new PortalError(`${label} broke off its answer.`, 'network');
  });
  if (response.status >= 500) {
    throw new PortalError(`${label} answered with an error (HTTP ${response.status}).`, 'portal');
  }
  return { status: response.status, text };
}

export type PortalRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is PortalRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id for an enquiry the portal sends without one: the same parts make the same id. */
export function digestId(parts: readonly unknown[]): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`;
}

/** A portal's lead with the fields it sent, each left out when empty. */
export function portalLead(
  required: Pick<PortalLead, 'externalId' | 'name' | 'mobile' | 'answers'>,
  optional: Partial<Record<'email' | 'project' | 'message', string | undefined>> & {
    receivedAt?: number | undefined;
  },
): PortalLead {
  const lead: PortalLead = { ...required };
  if (optional.email) lead.email = optional.email;
  if (optional.project) lead.project = optional.project;
  if (optional.message) lead.message = optional.message;
  if (optional.receivedAt !== undefined) lead.receivedAt = optional.receivedAt;
  return lead;
}

/** A number whose country code came apart: another country's gets its code, India's stays as sent. */
export function withCountryCode(phone: string, code: string | undefined): string {
  const digits = code?.replace(/^\+/, '');
  return digits && digits !== '91' && phone && !phone.startsWith('+')
    ? `+${digits}${phone}`
    : phone;
}

/** A JSON answer of a portal, or a `PortalError` saying it is none. */
export function readJson(label: string, status: number, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PortalError(
      `${label} answered with something that is not JSON (HTTP ${status}).`,
      'unreadable',
    );
  }
}

/** A text field of a portal's record: trimmed text, or undefined when it is empty or no text. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}
