/*
 * The page's scripts start once its first paint and its main image (the hero, marked with
 * `elementtiming`) are on screen. Every page is complete HTML, so its text and hero image need
 * no script; the scripts add interaction, and on a slow phone network they would otherwise
 * compete with the hero image for the first second. A first paint alone is not enough: the
 * hero often shows a frame or two after the text.
 *
 * root.tsx renders React Router's <Scripts /> inside <noscript id="page-scripts">. A browser
 * with scripting reads a <noscript> as plain text, so nothing in it is fetched or run; a
 * browser without scripting has nothing to run anyway, and every form posts natively. Once the
 * page is on screen, the inline script below has the browser parse that text and inserts live
 * copies of the same elements (module preloads and React Router's bootstrap), which then run
 * exactly as React Router wrote them; React Router's small context script is copied at once,
 * as the page's data scripts that follow need it. React leaves a <noscript>'s content alone while
 * hydrating, and the content security policy allows the copies by the hashes of the originals.
 */

export const PAGE_SCRIPTS_ID = 'page-scripts';

/** How long a page waits for its first paint and main image before starting its scripts anyway. */
const SHOWN_FALLBACK_MS = 3000;

/** Written into the page as source text: it may use only its parameters and the browser. */
function startWhenShown(id: string, fallbackMs: number): void {
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

  const observes = (type: string) =>
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes(type);
  /** Settles once the browser reports an entry of `type` (named `name`, when given). */
  const reported = (type: string, name?: string) =>
    new Promise<void>((resolve) => {
      new PerformanceObserver((entries, observer) => {
        if (name !== undefined && entries.getEntriesByName(name).length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type, buffered: true });
    });
  const nextFrame = () =>
    new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  // The page's main image (`elementtiming` marks it): the scripts wait until the browser reports
  // it shown or, where a browser cannot tell, loaded. A broken image never shows, and one outside
  // the screen (a link to a section further down) is never painted: no wait for either. The
  // browser may scroll to that section only after the first paint: the hero leaving the screen
  // ends the wait too.
  function heroShown(): Promise<void> | undefined {
    const hero = document.querySelector('img[elementtiming]');
    if (!(hero instanceof HTMLImageElement)) return undefined;
    if (hero.complete && hero.naturalWidth === 0) return undefined;
    const box = hero.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight) return undefined;
    return new Promise<void>((resolve) => {
      let offScreen: IntersectionObserver | undefined;
      const done = () => {
        offScreen?.disconnect();
        resolve();
      };
      hero.addEventListener('error', done, { once: true });
      if (typeof IntersectionObserver !== 'undefined') {
        offScreen = new IntersectionObserver((entries) => {
          if (entries.some((entry) => !entry.isIntersecting)) done();
        });
        offScreen.observe(hero);
      }
      if (observes('element')) void reported('element').then(done);
      else if (hero.complete) done();
      else hero.addEventListener('load', done, { once: true });
    });
  }
  const firstPaint = observes('paint') ? reported('paint', 'first-contentful-paint') : nextFrame();
  void firstPaint.then(heroShown).then(start);
}

/** The inline script that starts the page's scripts (root.tsx renders it after the holder). */
export const START_PAGE_SCRIPTS = `(${startWhenShown.toString()})(${JSON.stringify(PAGE_SCRIPTS_ID)}, ${SHOWN_FALLBACK_MS});`;
