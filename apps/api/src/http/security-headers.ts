import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import onHeaders from 'on-headers';
import { OWN_POLICY, setOwnPolicy } from '../format/own-policy.ts';

/** The one page that loads the analytics tags (spec: "on the thank-you page"). */
export const TAGGED_PAGES = ['/thank-you', '/thank-you/', '/thank-you.html'];

const GOOGLE_TAG_MANAGER = 'https://www.googletagmanager.com';
const TAG_SOURCES = {
  script: [GOOGLE_TAG_MANAGER],
  img: ['https://*.google-analytics.com', GOOGLE_TAG_MANAGER],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', GOOGLE_TAG_MANAGER],
};
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com';
const GOOGLE_MAPS = 'https://www.google.com';

/** Embeds may use what a video player and a map need; nothing may use sensors or payments. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  `autoplay=(self "${YOUTUBE_EMBED}")`,
  `encrypted-media=(self "${YOUTUBE_EMBED}")`,
  `fullscreen=(self "${YOUTUBE_EMBED}" "${GOOGLE_MAPS}")`,
  `picture-in-picture=(self "${YOUTUBE_EMBED}")`,
].join(', ');

function helmetWith(scriptHashes: readonly string[], tags: boolean): RequestHandler {
  const allowed = (sources: string[]) => (tags ? sources : []);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...scriptHashes, ...allowed(TAG_SOURCES.script)],
        'script-src-attr': ["'none'"],
        // React sets style attributes while hydrating; styles cannot run code.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https://i.ytimg.com', ...allowed(TAG_SOURCES.img)],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...allowed(TAG_SOURCES.connect)],
        'frame-src': [GOOGLE_MAPS, YOUTUBE_EMBED],
        'media-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    xFrameOptions: { action: 'sameorigin' },
  });
}

/**
 * A file the page loads (script, style sheet, image, font) never runs as a document, so the
 * page's policy, its permissions and framing rules mean nothing on it. It carries a policy that
 * allows nothing instead, for the day one is opened on its own, and keeps the headers that do
 * govern a file: HSTS, `nosniff`, the resource and referrer policies. About 1.9 kB less on every
 * picture and script, which over HTTP/1.1 travel uncompressed with each of them.
 */
const SUBRESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

const SUBRESOURCE_ENDINGS = new Set([
  '.js',
  '.css',
  '.avif',
  '.webp',
  '.png',
  '.jpg',
  '.jpeg',
  '.svg',
  '.ico',
  '.woff2',
]);

const DOCUMENT_ONLY_HEADERS = [
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/** True for the files of the built site that a page loads rather than shows. */
export function isSubresource(file: string): boolean {
  return SUBRESOURCE_ENDINGS.has(path.extname(file).toLowerCase());
}

/** Swaps the page headers for the subresource's (see `SUBRESOURCE_CSP`); call before sending. */
export function setSubresourceHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', SUBRESOURCE_CSP);
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

/**
 * helmet with a Content-Security-Policy that allows exactly the site's own inline scripts (by
 * hash) and the two embeds; the analytics tags' hosts only on the thank-you page, and only when
 * the site was built with a tag id. The referrer policy keeps the origin on cross-origin
 * requests because the YouTube embed refuses to play without one.
 */
export function createSecurityHeaders(
  scriptHashes: readonly string[],
  tags: boolean,
): RequestHandler[] {
  const everywhere = helmetWith(scriptHashes, false);
  const thankYou = tags ? helmetWith(scriptHashes, true) : everywhere;
  const headers: RequestHandler = (req, res, next) => {
    (TAGGED_PAGES.includes(req.path) ? thankYou : everywhere)(req, res, next);
  };
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  };
  return [headers, permissions, pagePolicyOnlyOnDocuments];
}

/**
 * A service worker's script is no subresource: the policy it comes with governs everything the
 * worker fetches for its pages. It keeps the one given here instead of the subresource's, which
 * would forbid the worker any request at all.
 */
export function setWorkerScriptPolicy(res: Response, policy: string): void {
  setOwnPolicy(res, policy);
}

/** What a browser shows as a page: the site's HTML, and a PDF such as the brochure. */
const DOCUMENT_TYPES = /^(?:text\/html|application\/pdf)\s*(?:;|$)/i;

/**
 * The page policy is 1.8 kB that only a document reads. Every other answer (the API's plain text
 * and JSON, the site's other files) gets the subresource's headers instead, decided as the head
 * goes out, once the answer's type is known. A 304 is left as it is: its headers replace those
 * the browser keeps for the page it revalidates.
 */
const pagePolicyOnlyOnDocuments: RequestHandler = (_req, res, next) => {
  onHeaders(res, function swapForNonDocuments() {
    if (this.statusCode === 304) return;
    if ((this as Response).locals[OWN_POLICY]) return;
    if (DOCUMENT_TYPES.test(String(this.getHeader('Content-Type') ?? ''))) return;
    setSubresourceHeaders(this);
  });
  next();
};
