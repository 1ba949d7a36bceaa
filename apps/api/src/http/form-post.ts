import type { Request, Response } from 'express';
import { MESSAGES } from '@iconia/shared';

/** Where a visitor lands after a lead sent by the browser's own form post. */
export const THANK_YOU_PATH = '/thank-you';

/**
 * A browser's own form post (no script ran, or none took over the form): the browser navigates
 * and will render what comes back. `fetch` sends `Sec-Fetch-Mode: cors` or `same-origin` and
 * `Accept: *\/*`, so it keeps getting plain text.
 */
export function isFormNavigation(req: Request): boolean {
  if (req.get('sec-fetch-mode') === 'navigate') return true;
  return req.accepts(['text/plain', 'text/html']) === 'text/html';
}

/**
 * The page the form was on, as a path on this site: the Referer when it names this host, else
 * the home page. Only a path is ever written, so the link cannot lead to another site.
 */
export function backLink(req: Request): string {
  const referer = req.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    if (url.host !== req.get('host')) return '/';
    // "//other.example/…" would be read as another host.
    if (url.pathname.startsWith('//')) return '/';
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

// The site's tokens (apps/web/src/styles/tokens.css), inline: this page loads nothing else.
const PAGE_STYLE = `
body{margin:0;background:#fbf8f2;color:#1c1f1d;font:1rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif}
main{max-width:36rem;margin:12vh auto 0;padding:2rem 1.5rem;background:#fff;border-top:4px solid #c49a45;border-radius:8px;box-shadow:0 2px 12px rgb(15 46 34 / 10%)}
.brand{margin:0 0 1rem;color:#7a5a1e;font-size:.875rem;letter-spacing:.12em;text-transform:uppercase}
h1{margin:0 0 .75rem;color:#0f2e22;font:1.75rem/1.25 Georgia,'Times New Roman','Noto Serif',serif}
.problem{margin:0 0 1.5rem;color:#b3261e;font-weight:600}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:4px;background:#1f5a41;color:#fff;font-weight:600;text-decoration:none}
a:hover{background:#163d2e}
a:focus-visible{outline:3px solid #1a5fd0;outline-offset:3px}
`.trim();

/** A small page in the site's style that names the problem and leads back to the form. */
export function renderProblemPage(message: string, back: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your details were not sent · Elegant Iconia</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<p class="brand">Elegant Iconia</p>
<h1>Your details were not sent</h1>
<p class="problem" role="alert">${escapeHtml(message)}</p>
<a href="${escapeHtml(back)}">Back to the form</a>
</main>
</body>
</html>
`;
}

/** A form post answered by the browser: the thank-you page, as after a script-sent form. */
export function redirectToThankYou(res: Response): void {
  res.set('Cache-Control', 'no-store').redirect(303, THANK_YOU_PATH);
}

/**
 * A refused form post answered for the browser. The server's own failures name no cause a
 * visitor could fix; they get the spec's words for a failed submission.
 */
export function sendProblemPage(req: Request, res: Response, status: number, text: string): void {
  const message = status >= 500 ? MESSAGES.submissionFailedLater : text;
  res
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .send(renderProblemPage(message, backLink(req)));
}
