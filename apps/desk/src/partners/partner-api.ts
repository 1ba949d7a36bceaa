/** The partner API answered with an error; `message` is its readable `{ error }` sentence. */
export class PartnerApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerApiError';
  }
}

const API_BASE = '/partners/api';

async function errorOf(response: Response): Promise<PartnerApiError> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error)
      return new PartnerApiError(response.status, body.error);
  } catch {
    // Not JSON: a proxy or the network answered.
  }
  if (response.status === 429) {
    return new PartnerApiError(429, 'Too many attempts. Please wait a few minutes and try again.');
  }
  return new PartnerApiError(response.status, 'The server had a problem. Please try again.');
}

/** The app's one door to its API: parsed JSON (null for 204), or a PartnerApiError to show. */
export async function partnerApi<T>(path: string, body?: unknown, method?: 'DELETE'): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new PartnerApiError(0, 'No connection. Check the network and try again.');
  }
  if (!response.ok) throw await errorOf(response);
  return response.status === 204 ? (null as T) : ((await response.json()) as T);
}

/** A form's fields as text, blank ones left out. */
export function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && value.trim() !== '') fields[name] = value.trim();
  }
  return fields;
}

export const messageOf = (error: unknown): string =>
  error instanceof PartnerApiError ? error.message : 'Something went wrong. Please try again.';
