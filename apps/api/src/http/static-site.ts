import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { sendText } from './replies.ts';
import { logRequestAt } from './request-log.ts';
import { isSubresource, setSubresourceHeaders } from './security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Hashed build output may be kept forever; pages must be checked so a deploy shows at once. */
export function cacheControlFor(relativePath: string): string {
  const normalised = relativePath.split(path.sep).join('/');
  if (normalised.startsWith('assets/')) return IMMUTABLE;
  if (normalised.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Serves the prerendered site: files as they are, `/about` and `/about/` from `about/index.html`
 * (React Router's prerender layout), and a real 404 page for anything else. The SPA fallback page
 * is never used for unknown paths: a missing page must not answer 200.
 */
export function createStaticSite(webDist: string): {
  site: RequestHandler[];
  notFound: RequestHandler;
} {
  if (!isDirectory(webDist)) {
    const note: RequestHandler = (req, res, next) => {
      if ((req.method === 'GET' || req.method === 'HEAD') && req.path === '/') {
        sendText(
          res,
          200,
          'The Elegant Iconia lead API is running. The website has not been built yet: run `pnpm build`, then restart.',
        );
        return;
      }
      next();
    };
    return { site: [note], notFound: notFoundText };
  }

  const setHeaders = (res: Response, file: string): void => {
    logRequestAt(res.req, 'debug');
    res.setHeader('Cache-Control', cacheControlFor(path.relative(webDist, file)));
    if (isSubresource(file)) setSubresourceHeaders(res);
  };

  const files = express.static(webDist, {
    index: ['index.html'],
    redirect: false,
    dotfiles: 'ignore',
    // Cache-Control is set per file below; this only stops serve-static adding its own.
    cacheControl: false,
    setHeaders,
  });

  // `/about` → `about/index.html` without a redirect round trip.
  const routeDirectories: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/' || path.posix.extname(req.path) !== '') return next();
    const relative = path.posix.join(req.path.replace(/\/+$/, ''), 'index.html').slice(1);
    logRequestAt(req, 'debug');
    res.sendFile(
      relative,
      {
        root: webDist,
        dotfiles: 'ignore',
        cacheControl: false,
        headers: { 'Cache-Control': REVALIDATE },
      },
      (error) => {
        if (!error || res.headersSent) return;
        logRequestAt(req, 'info');
        next();
      },
    );
  };

  const notFoundPage = path.join(webDist, '404.html');
  const notFound: RequestHandler = (req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && existsSync(notFoundPage)) {
      res
        .status(404)
        .sendFile(
          notFoundPage,
          { cacheControl: false, headers: { 'Cache-Control': REVALIDATE } },
          (error) => {
            if (error && !res.headersSent) notFoundText(req, res, next);
          },
        );
      return;
    }
    notFoundText(req, res, next);
  };

  return { site: [files, routeDirectories], notFound };
}

const notFoundText: RequestHandler = (_req, res) => {
  sendText(res, 404, 'Not found.');
};
