import { isIP } from 'node:net';
import * as v from 'valibot';
import { parsed, splitList, text, wholeNumber, type EnvOutput } from './env-schema.ts';

export type TrustProxy = boolean | number | string[];

/** Who may call the server, through which proxies, how often and for how long. */
export interface HttpConfig {
  corsOrigins: string[];
  trustProxy: TrustProxy;
  rateLimit: { max: number; windowMs: number; heldPerAddressPerHour: number; heldPerHour: number };
  requestTimeoutMs: number;
}

export const HTTP_DEFAULTS = {
  CORS_ORIGINS: '',
  TRUST_PROXY: 'false',
  RATE_LIMIT_MAX: '10',
  RATE_LIMIT_WINDOW_MS: '600000',
  HELD_PER_ADDRESS_PER_HOUR: '30',
  HELD_PER_HOUR: '300',
  REQUEST_TIMEOUT_MS: '15000',
} as const;

const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

export const HTTP_ENV = {
  CORS_ORIGINS: v.pipe(
    text(HTTP_DEFAULTS.CORS_ORIGINS),
    v.transform(splitList),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const origin of dataset.value.filter((item) => !isOrigin(item))) {
        addIssue({
          message: `entries must be origins like https://example.com (got "${origin}").`,
        });
      }
    }),
  ),
  TRUST_PROXY: parsed(
    text(HTTP_DEFAULTS.TRUST_PROXY),
    parseTrustProxy,
    (value) =>
      `must be false, true, a hop count, or a comma-separated list of proxy addresses, subnets or ${TRUST_PROXY_NAMES.join('/')} (got "${value}").`,
  ),
  RATE_LIMIT_MAX: wholeNumber(HTTP_DEFAULTS.RATE_LIMIT_MAX, 0, 1_000_000_000),
  RATE_LIMIT_WINDOW_MS: wholeNumber(HTTP_DEFAULTS.RATE_LIMIT_WINDOW_MS, 1_000, 86_400_000),
  HELD_PER_ADDRESS_PER_HOUR: wholeNumber(HTTP_DEFAULTS.HELD_PER_ADDRESS_PER_HOUR, 0, 1_000_000_000),
  HELD_PER_HOUR: wholeNumber(HTTP_DEFAULTS.HELD_PER_HOUR, 0, 1_000_000_000),
  REQUEST_TIMEOUT_MS: wholeNumber(HTTP_DEFAULTS.REQUEST_TIMEOUT_MS, 1_000, 600_000),
};

export function httpConfig(read: EnvOutput<typeof HTTP_ENV>): HttpConfig {
  return {
    corsOrigins: read.CORS_ORIGINS,
    trustProxy: read.TRUST_PROXY,
    rateLimit: {
      max: read.RATE_LIMIT_MAX,
      windowMs: read.RATE_LIMIT_WINDOW_MS,
      heldPerAddressPerHour: read.HELD_PER_ADDRESS_PER_HOUR,
      heldPerHour: read.HELD_PER_HOUR,
    },
    requestTimeoutMs: read.REQUEST_TIMEOUT_MS,
  };
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** Accepts the values Express's `trust proxy` setting understands, and nothing vaguer. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = splitList(value);
  if (entries.length === 0) return undefined;
  const valid = entries.every((entry) => {
    if (TRUST_PROXY_NAMES.includes(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    if (!/^\d+$/.test(bits)) return false;
    return Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : undefined;
}
