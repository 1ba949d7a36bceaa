/*
 * Interaction to next paint after hydration, on a phone: Chromium's CPU slowed down 4× by
 * DevTools' throttling and every request given a mobile network's round trip, the page
 * hydrated, then one tap a visitor makes on a touch screen. The figure is the browser's own
 * Event Timing duration of that interaction (from the input to the next paint, the measure INP
 * is made of), the longest of its events.
 *
 * The tap is a plain touch input at the target's centre, not Playwright's `click()`: that one
 * adds listeners of its own to the page to check what the pointer hits, and their work would
 * count in the measured events. The finger rests on the screen for a tenth of a second, as a
 * finger does, rather than lifting in the same instant as Playwright's `tap()` does: with no
 * time between them, the touch's own events and the frame that shows the press run inside the
 * click's measured time, which no finger produces.
 *
 * The round trip matters for sending a form: from a server on the same machine the reply would
 * come back, and the thank-you page render, before the frame that shows "Submitting...", which
 * no phone sees.
 */
import { chromium, type CDPSession, type Locator, type Page } from '@playwright/test';
import { FORM_BUTTONS, FORM_FIELDS } from '../src/content/forms.ts';
import { CONTACT, GALLERY, UI_TEXT } from '../src/content/site.ts';
import { DISCLAIMER_STORAGE_KEY } from '../src/features/disclaimer/disclaimer-storage.ts';

export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile round-trip time, in milliseconds. */
export const MOBILE_RTT_MS = 150;
/** How long a finger rests on the screen in a tap, in milliseconds. */
export const TAP_HOLD_MS = 100;

const COMPLETED_TAB =
  GALLERY.categories.find((category) => category.id === 'completed')?.label ?? '';

export interface InteractionResult {
  name: string;
  path: string;
  /** Milliseconds, one per run. */
  runs: number[];
  median: number;
  /** Why the interaction could not be measured, if it could not. */
  error?: string;
}

interface Interaction {
  name: string;
  path: string;
  /** Gets the page ready without being measured. */
  prepare?: (page: Page) => Promise<void>;
  /** What the one measured tap lands on. */
  target: (page: Page) => Locator;
}

const INTERACTIONS: readonly Interaction[] = [
  {
    name: 'open the brochure modal',
    path: '/about',
    // On a phone the navigation folds behind the menu button.
    prepare: (page) => page.getByRole('button', { name: UI_TEXT.menuOpen }).click(),
    target: (page) =>
      page
        .getByRole('navigation', { name: UI_TEXT.mainNavLabel })
        .getByRole('button', { name: UI_TEXT.downloadBrochure }),
  },
  {
    name: 'switch a gallery tab',
    path: '/gallery',
    target: (page) => page.getByRole('tab', { name: COMPLETED_TAB }),
  },
  {
    name: 'send a form',
    path: '/contact',
    prepare: async (page) => {
      const form = page.getByRole('form', { name: CONTACT.formHeading });
      await form.getByLabel(FORM_FIELDS.name.label).fill('Bench Visitor');
      await form.getByLabel(FORM_FIELDS.mobile.label).fill('9876543210');
    },
    target: (page) =>
      page
        .getByRole('form', { name: CONTACT.formHeading })
        .getByRole('button', { name: FORM_BUTTONS.submit }),
  },
];

/** Starts recording every interaction's Event Timing entries, from the page's first moment. */
function recordInteractions(): void {
  const durations: number[] = [];
  (window as unknown as { interactionDurations: number[] }).interactionDurations = durations;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId > 0) durations.push(entry.duration);
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** A finger's tap at (x, y), in CSS pixels from the viewport's top left. */
async function tap(cdp: CDPSession, x: number, y: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await new Promise((resolve) => setTimeout(resolve, TAP_HOLD_MS));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function measureOnce(origin: string, chromePath: string, interaction: Interaction) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    // Lighthouse's mobile screen: 412 × 823 at 1.75 device pixels per CSS pixel, touch input.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    // A returning visitor: the disclaimer bar stays away and does not cover what is measured.
    await context.addInitScript(
      (key) => window.localStorage.setItem(key, 'true'),
      DISCLAIMER_STORAGE_KEY,
    );
    await context.addInitScript(recordInteractions);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_RTT_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.goto(`${origin}${interaction.path}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    await interaction.prepare?.(page);
    const target = interaction.target(page);
    // Mid-screen, clear of the bars fixed to the screen's edges.
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    // The page settles (idle callbacks, preloads) as a visitor reading it would let it.
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      (window as unknown as { interactionDurations: number[] }).interactionDurations.length = 0;
    });
    const box = await target.boundingBox();
    if (!box) throw new Error(`${interaction.name}: its target is not on screen`);
    // A tap that lands on something else would measure the wrong interaction.
    const clicks = await target.evaluateHandle((element) => {
      const seen = { clicked: false };
      element.addEventListener('click', () => (seen.clicked = true), { once: true });
      return seen;
    });
    await tap(cdp, box.x + box.width / 2, box.y + box.height / 2);
    // Event Timing reports an interaction once its next paint is done.
    await page.waitForTimeout(1000);
    if (!(await clicks.evaluate((seen) => seen.clicked))) {
      throw new Error(`${interaction.name}: the tap missed its target`);
    }
    const durations = await page.evaluate(
      () => (window as unknown as { interactionDurations: number[] }).interactionDurations,
    );
    // Under 16 ms the browser does not report it: as good as instant.
    return durations.length === 0 ? 16 : Math.max(...durations);
  } finally {
    await browser.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Measures every interaction `runs` times on the running production server. */
export async function measureInteractions(
  origin: string,
  chromePath: string,
  runs: number,
): Promise<InteractionResult[]> {
  const results: InteractionResult[] = [];
  for (const interaction of INTERACTIONS) {
    const measured: number[] = [];
    try {
      for (let i = 0; i < runs; i++) {
        measured.push(await measureOnce(origin, chromePath, interaction));
        process.stderr.write(`  ${interaction.name}: ${measured.at(-1)} ms\n`);
      }
    } catch (error) {
      // One interaction that cannot be measured spoils neither the others nor the page results.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      results.push({
        name: interaction.name,
        path: interaction.path,
        runs: measured,
        median: Number.NaN,
        error: message,
      });
      continue;
    }
    results.push({
      name: interaction.name,
      path: interaction.path,
      runs: measured,
      median: median(measured),
    });
  }
  return results;
}
