import { statSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { setWorkerScriptPolicy } from '../http/security-headers.ts';
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
  "worker-src 'self'",
].join('; ');

/** The desk's service worker, at the root of the desk so that it may serve every desk page. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The service worker's own policy, which rules what it fetches: the desk's own files and pages,
 * nothing else, and it runs no other script.
 */
export const SERVICE_WORKER_CSP = [
  "default-src 'none'",
  "connect-src 'self'",
  "img-src 'self'",
  "frame-ancestors 'none'",
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
        const relative = path.relative(deskDist, file);
        if (relative === SERVICE_WORKER_FILE) {
          // Each check for a new desk reads the worker afresh, so a release reaches phones.
          res.setHeader('Cache-Control', 'no-cache');
          setWorkerScriptPolicy(res, SERVICE_WORKER_CSP);
          return;
        }
        res.setHeader('Cache-Control', cacheControlFor(relative));
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

/**
 * The channel partners' app, built with the desk into its `partners/` folder and mounted at
 * /partners: its files, and its index.html for every other GET (its own routes on reload).
 */
export function createPartnerStatic(deskDist: string): Router {
  const router = Router();
  const appDir = path.join(deskDist, 'partners');
  if (!isDirectory(appDir)) {
    router.get('/{*rest}', (_req, res) => sendText(res, 503, NOT_BUILT));
    return router;
  }
  router.use(express.static(appDir, { index: false, redirect: false, dotfiles: 'ignore' }));
  router.get('/{*rest}', (req, res, next) => {
    if (path.posix.extname(req.path) !== '') return next();
    res.sendFile('index.html', { root: appDir, headers: { 'Cache-Control': 'no-cache' } });
  });
  return router;
}
