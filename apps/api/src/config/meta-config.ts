/**
 * The Graph API version the Meta channel reads leads with, pinned (v27.0 was introduced on
 * 4 November 2026). Moving to a newer one is this constant, a read of that version's changelog
 * for the Lead node, and a run of the channel's tests.
 */
export const GRAPH_API_VERSION = 'v27.0';

/** Where leads are read (and WhatsApp's Cloud API is called) by default: Graph's host with the pinned version. */
export const DEFAULT_META_GRAPH_URL = `https://graph.facebook.com/${GRAPH_API_VERSION}`;

/** What the Meta lead ads channel needs: the app's secret, the handshake token, the Page's token. */
export interface MetaSettings {
  /** `META_APP_SECRET`: signs Meta's posts (X-Hub-Signature-256) and our `appsecret_proof`. */
  appSecret: string;
  /** `META_VERIFY_TOKEN`: what Meta's subscription handshake must echo. */
  verifyToken: string;
  /** `META_PAGE_ACCESS_TOKEN`: reads the Page's leads from Graph. */
  pageAccessToken: string;
  /** `META_GRAPH_URL`: Graph's base URL with the API version, without a trailing slash. */
  graphUrl: string;
}

export interface MetaInput {
  appSecret: string | undefined;
  verifyToken: string | undefined;
  pageAccessToken: string | undefined;
  graphUrl: string | undefined;
}

const REQUIRED = {
  META_APP_SECRET: 'appSecret',
  META_VERIFY_TOKEN: 'verifyToken',
  META_PAGE_ACCESS_TOKEN: 'pageAccessToken',
} as const;

/**
 * Reads the Meta settings: the three secrets together or none (the channel is off, and its
 * endpoints answer 404). Secrets are never echoed back; the Graph URL, which holds none, is.
 */
export function readMetaSettings(input: MetaInput): {
  settings?: MetaSettings;
  problems: string[];
} {
  const given = Object.entries(REQUIRED).filter(([, key]) => input[key] !== undefined);
  const graphUrl = input.graphUrl ?? DEFAULT_META_GRAPH_URL;
  const problems: string[] = [];
  if (given.length > 0 && given.length < 3) {
    const missing = Object.entries(REQUIRED)
      .filter(([, key]) => input[key] === undefined)
      .map(([name]) => name);
    problems.push(
      `META_APP_SECRET, META_VERIFY_TOKEN and META_PAGE_ACCESS_TOKEN go together: set all three to take Meta lead ads, or none (missing: ${missing.join(', ')}).`,
    );
  }
  if (!isGraphUrl(graphUrl)) {
    problems.push(
      `META_GRAPH_URL must be an http(s) URL ending with the Graph API version, e.g. ${DEFAULT_META_GRAPH_URL} (got "${graphUrl}").`,
    );
  }
  if (problems.length > 0 || given.length === 0) return { problems };
  const { appSecret, verifyToken, pageAccessToken } = input as Record<keyof MetaInput, string>;
  return {
    settings: { appSecret, verifyToken, pageAccessToken, graphUrl: graphUrl.replace(/\/+$/, '') },
    problems,
  };
}

/** An http(s) URL ending with a Graph API version (`…/v27.0`), with no query or credentials. */
export function isGraphUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      /\/v\d+\.\d+\/?$/.test(url.pathname)
    );
  } catch {
    return false;
  }
}
