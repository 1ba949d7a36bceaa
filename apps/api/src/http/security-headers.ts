import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JAVASCRIPT_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(
    `(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`,
    'i',
  ).exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The CSP source expressions ('sha256-…') of every inline script the page would run. Scripts
 * with `src` and data blocks such as JSON-LD are skipped: CSP does not govern them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!JAVASCRIPT_TYPES.has(type)) continue;
    if (body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function htmlFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Read once at start: the prerendered pages do not change while the server runs. */
export function siteScriptHashes(webDist: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(webDist)) {
    for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}

const GOOGLE_TAG_MANAGER = 'https://www.googletagmanager.com';
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

/**
 * helmet with a Content-Security-Policy that allows exactly the site's own inline scripts (by
 * hash), the analytics tag and the two embeds. The referrer policy keeps the origin on
 * cross-origin requests because the YouTube embed refuses to play without one.
 */
export function createSecurityHeaders(scriptHashes: readonly string[]): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...scriptHashes, GOOGLE_TAG_MANAGER],
        'script-src-attr': ["'none'"],
        // React sets style attributes while hydrating; styles cannot run code.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': [
          "'self'",
          'data:',
          'https://i.ytimg.com',
          'https://*.google-analytics.com',
          GOOGLE_TAG_MANAGER,
        ],
        'font-src': ["'self'", 'data:'],
        'connect-src': [
          "'self'",
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
          GOOGLE_TAG_MANAGER,
        ],
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
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  };
  return [headers, permissions];
}
