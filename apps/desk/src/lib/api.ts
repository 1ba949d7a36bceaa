import { redirect } from 'react-router';

/** The desk API answered with an error; `message` is its readable `{ error }` sentence. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's whole JSON answer, for the few that carry more than a sentence. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const API_BASE = '/desk/api';
export const SIGN_IN_PATH = '/sign-in';

/** Where a signed-out person goes, remembering the page they were on (within the desk). */
export function signInRedirect(from: string = currentDeskPath()): Response {
  const next = from && from !== '/' && !from.startsWith(SIGN_IN_PATH) ? from : '';
  return redirect(next ? `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}` : SIGN_IN_PATH);
}

/** A desk address as the route map names it: `/desk/today?x=1` is `/today?x=1`. */
export function deskPathOf(url: string): string {
  const { pathname, search } = new URL(url, window.location.href);
  return pathname.replace(/^\/desk(?=\/|$)/, '') + search;
}

function currentDeskPath(): string {
  return deskPathOf(window.location.href);
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) {
      return new ApiError(response.status, body.error, body);
    }
  } catch {
    // Not JSON: a proxy or the network answered, not the desk API.
  }
  if (response.status === 429) {
    return new ApiError(429, 'Too many attempts. Please wait a few minutes and try again.');
  }
  if (response.status >= 500) {
    return new ApiError(response.status, 'The desk server had a problem. Please try again.');
  }
  return new ApiError(response.status, `The request failed (${response.status}).`);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (a CSV file), instead of a JSON body. */
  file?: { type: string; text: string };
  signal?: AbortSignal;
  /** Sign-in itself answers 401 for a wrong password: that is an error to show, not a redirect. */
  redirectOn401?: boolean;
}

function payload(body: unknown, file: RequestOptions['file']): RequestInit {
  if (file) return { headers: { 'content-type': file.type }, body: file.text };
  if (body === undefined) return { headers: {}, body: null };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * The desk's one door to its API. Answers parsed JSON (or null for 204); a 401 throws React
 * Router's redirect to Sign in, which loaders and actions pass on; any other failure throws an
 * ApiError carrying the API's own sentence.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, file, signal, redirectOn401 = true } = options;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      ...payload(body, file),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      0,
      'The desk could not reach the server. Check the connection and try again.',
    );
  }
  // React Router redirects from a loader or action by throwing its Response.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (response.status === 401 && redirectOn401) throw signInRedirect();
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return null as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** What an action hands back to its form: nothing, or the sentence to show. */
export interface ActionResult {
  ok?: boolean;
  error?: string;
  message?: string;
}

/** Runs an action's request, turning an API error into a message for the form. */
export async function attempt(run: () => Promise<string | void>): Promise<ActionResult> {
  try {
    const message = await run();
    return message ? { ok: true, message } : { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}

/**
 * For requests made outside loaders and actions (live updates, "Load more"): the path a thrown
 * redirect points at, so the page can navigate there; null for any other error.
 */
export function redirectTarget(error: unknown): string | null {
  if (!(error instanceof Response)) return null;
  return error.headers.get('Location');
}

/** A readable sentence for any failure of a request. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}
