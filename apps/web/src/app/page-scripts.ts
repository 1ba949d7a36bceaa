/*
 * The page's scripts start after its first paint. Every page is complete HTML, so its text and
 * hero image need no script; the scripts add interaction, and on a slow phone network they
 * would otherwise compete with the hero image for the first second.
 *
 * root.tsx renders React Router's <Scripts /> inside <noscript id="page-scripts">. A browser
 * with scripting reads a <noscript> as plain text, so nothing in it is fetched or run; a
 * browser without scripting has nothing to run anyway, and every form posts natively. Once the
 * page has painted, the inline script below has the browser parse that text and inserts live
 * copies of the same elements (module preloads and React Router's bootstrap), which then run
 * exactly as React Router wrote them; React Router's small context script is copied at once,
 * as the page's data scripts that follow need it. React leaves a <noscript>'s content alone while
 * hydrating, and the content security policy allows the copies by the hashes of the originals.
 */

export const PAGE_SCRIPTS_ID = 'page-scripts';

/** How long a page waits for its first paint to be reported before starting its scripts. */
const FIRST_PAINT_FALLBACK_MS = 3000;

/** Written into the page as source text: it may use only its parameters and the browser. */
function startAfterFirstPaint(id: string, fallbackMs: number): void {
  const holder = document.getElementById(id);
  if (!holder) return;
  const scripts = holder;
  const parsed = document.createElement('template');
  parsed.innerHTML = scripts.textContent ?? '';

  // Elements parsed this way never run; fresh ones with the same attributes and text do.
  function insert(selector: string): void {
    for (const inert of Array.from(parsed.content.querySelectorAll(selector))) {
      const live = document.createElement(inert.localName);
      for (const { name, value } of Array.from(inert.attributes)) live.setAttribute(name, value);
      live.textContent = inert.textContent;
      scripts.before(live);
    }
  }

  // React Router's context, a few bytes that the page's data scripts after this one fill in.
  insert('script:not([type="module"])');

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    insert('link, script[type="module"]');
  }
  setTimeout(start, fallbackMs);
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
}

/** The inline script that starts the page's scripts (root.tsx renders it after the holder). */
export const START_PAGE_SCRIPTS = `(${startAfterFirstPaint.toString()})(${JSON.stringify(PAGE_SCRIPTS_ID)}, ${FIRST_PAINT_FALLBACK_MS});`;
