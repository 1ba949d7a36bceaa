import { statSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { cacheControlFor } from '../http/static-site.ts';
import { sendText } from '../http/replies.ts';
import { logRequestAt } from '../http/request-log.ts';

export const NOT_BUILT =
  'The sales desk has not been built yet (apps/desk/dist is missing): run pnpm build, then restart.';

/** The desk's pages may run their own bundled scripts only; nothing inline, nothing foreign. */
export const DESK_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Charts and React set style attributes; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
].join('; ');

/** Every answer under /desk stays out of search engines and under the desk's own policy. */
export const deskHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Content-Security-Policy', DESK_CSP);
  res.setHeader('X-Frame-Options', 'DENY');
  next();
};

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The built desk app (mounted at /desk): files as they are, and index.html for every other GET
 * so the app's own routes work on reload. Read-only, so it may be mounted before the API's
 * routes are matched; paths under /api never reach it.
 */
export function createDeskStatic(deskDist: string): Router {
  const router = Router();
  if (!isDirectory(deskDist)) {
    router.get('/{*rest}', (_req, res) => sendText(res, 503, NOT_BUILT));
    return router;
  }
  router.use(
    express.static(deskDist, {
      index: ['index.html'],
      redirect: false,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (res, file) => {
        logRequestAt(res.req, 'debug');
        res.setHeader('Cache-Control', cacheControlFor(path.relative(deskDist, file)));
      },
    }),
  );
  router.get('/{*rest}', (req, res, next) => {
    // A missing script or image is a 404, not the app's page.
    if (path.posix.extname(req.path) !== '') return next();
    logRequestAt(req, 'debug');
    res.sendFile('index.html', {
      root: deskDist,
      cacheControl: false,
      headers: { 'Cache-Control': 'no-cache' },
    });
  });
  return router;
}
