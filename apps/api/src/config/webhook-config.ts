import { SECRET_PREFIX } from '../standard-webhooks.ts';

/** Where leads are posted and the key that signs them. */
export interface WebhookSettings {
  /** Endpoint URLs, in the order given, each normalised by the URL parser. */
  endpoints: string[];
  /** The key bytes of `WEBHOOK_SECRET` (the base64 after `whsec_`). */
  signingKey: Buffer;
  /** `WEBHOOK_INCLUDE_MESSAGES=true`: a `whatsapp.message` event carries the message's text. */
  includeMessages: boolean;
}

export interface WebhookInput {
  /** `WEBHOOK_URL`: one or more http(s) URLs separated by commas. */
  urls: string | undefined;
  /** `WEBHOOK_SECRET`: `whsec_` and the base64 of the key. */
  secret: string | undefined;
  /** `WEBHOOK_INCLUDE_MESSAGES`: `true` or `false` (the default). */
  includeMessages?: string | undefined;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** The Standard Webhooks specification asks for keys of 24 to 64 bytes. */
const KEY_BYTES = { min: 24, max: 64 };

/**
 * Reads the two webhook settings: both or neither. A URL may carry a token in its query, and the
 * secret is a key, so neither is ever echoed back in full: a problem names the entry by its
 * position and origin only.
 */
export function readWebhookSettings(input: WebhookInput): {
  settings?: WebhookSettings;
  problems: string[];
} {
  const urls = input.urls?.trim() || undefined;
  const secret = input.secret?.trim() || undefined;
  if (urls === undefined && secret === undefined) return { problems: [] };
  if (urls === undefined || secret === undefined) {
    const missing = urls === undefined ? 'WEBHOOK_URL' : 'WEBHOOK_SECRET';
    return {
      problems: [
        `WEBHOOK_URL and WEBHOOK_SECRET go together: set both to post leads to a webhook, or neither (missing: ${missing}).`,
      ],
    };
  }

  const problems: string[] = [];
  const endpoints: string[] = [];
  urls.split(',').forEach((entry, index) => {
    const checked = checkEndpoint(entry.trim(), index + 1);
    if ('problem' in checked) problems.push(checked.problem);
    else if (endpoints.includes(checked.url)) {
      problems.push(`WEBHOOK_URL lists entry ${index + 1} (${endpointLabel(checked.url)}) twice.`);
    } else endpoints.push(checked.url);
  });

  const include = input.includeMessages?.trim().toLowerCase() || 'false';
  if (include !== 'true' && include !== 'false') {
    problems.push('WEBHOOK_INCLUDE_MESSAGES must be true or false.');
  }

  const key = decodeSecret(secret);
  if ('problem' in key) problems.push(key.problem);

  if (problems.length > 0 || !('bytes' in key)) return { problems };
  return {
    settings: { endpoints, signingKey: key.bytes, includeMessages: include === 'true' },
    problems,
  };
}

function checkEndpoint(entry: string, position: number): { url: string } | { problem: string } {
  const problem = (why: string) => ({
    problem: `WEBHOOK_URL entry ${position} ${why}; give one or more http:// or https:// URLs separated by commas.`,
  });
  if (entry === '') return problem('is empty');
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return problem('is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return problem(`uses ${url.protocol.slice(0, -1)}, not http or https`);
  }
  if (url.username !== '' || url.password !== '') {
    // fetch refuses such URLs; a receiver's token belongs in the path or the query.
    return problem(`(${url.origin}) holds a user name or password, which cannot be sent`);
  }
  if (url.hash !== '') return problem(`(${url.origin}) has a #fragment, which is never sent`);
  return { url: url.href };
}

function decodeSecret(secret: string): { bytes: Buffer } | { problem: string } {
  const problem = (why: string) => ({
    problem: `WEBHOOK_SECRET ${why}; it must be whsec_ followed by the base64 of a ${KEY_BYTES.min} to ${KEY_BYTES.max} byte key, e.g. from: node -e "console.log('whsec_' + crypto.randomBytes(32).toString('base64'))"`,
  });
  if (!secret.startsWith(SECRET_PREFIX)) return problem('does not start with whsec_');
  const base64 = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(base64) || base64.length % 4 !== 0) return problem('is not valid base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < KEY_BYTES.min || bytes.length > KEY_BYTES.max) {
    return problem(`holds a ${bytes.length} byte key`);
  }
  return { bytes };
}

/**
 * An endpoint as logs and messages show it: its origin. Receivers often put a token in the path
 * (Zapier, Apps Script) or the query, so neither is shown.
 */
export function endpointLabel(url: string): string {
  return new URL(url).origin;
}
