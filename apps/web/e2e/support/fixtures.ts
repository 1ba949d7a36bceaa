import {
  test as base,
  expect,
  type BrowserContext,
  type Request,
  type Route,
} from '@playwright/test';
import { DISCLAIMER_STORAGE_KEY } from '../../src/features/disclaimer/disclaimer-storage.ts';
import { createMailbox, type Mailbox } from './mailbox.ts';
import { readRunEnv } from './run-env.ts';

/** A request to a host other than the site's own, answered by the test instead of the internet. */
export interface OutsideRequest {
  url: string;
  resourceType: string;
}

export interface PageProblems {
  /** Accepts problems matching `pattern` for this test only: failures the test causes on purpose. */
  allow(pattern: RegExp): void;
  /** What went wrong so far, after the allowances. */
  list(): string[];
}

interface SiteOptions {
  /**
   * `accepted`: the visitor accepted the disclaimer on an earlier visit, so the bar stays away.
   * `first-visit`: nothing stored, the bar shows.
   */
  disclaimer: 'accepted' | 'first-visit';
  /**
   * `page.goto` and `page.reload` wait for the page to hydrate (`<html data-hydrated>`), as a
   * visitor's next tap comes after it. Tests of the page before its scripts run turn it off.
   */
  waitForHydration: boolean;
}

interface SiteFixtures {
  /** Console errors, uncaught exceptions and failed same-origin requests; any fails the test. */
  problems: PageProblems;
  /** Every outside request the page attempted; none leaves the machine. */
  outsideRequests: OutsideRequest[];
  mailbox: Mailbox;
  /** The server that serves the build made with test analytics IDs. */
  analyticsBaseURL: string;
}

const OWN_ORIGINS = () => [
  new URL(readRunEnv('baseUrl')).origin,
  new URL(readRunEnv('analyticsBaseUrl')).origin,
];

const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/**
 * Answers an outside request with an empty resource of the kind the page asked for, so embeds,
 * tags and icons fail quietly and fast instead of hanging offline or logging errors.
 */
function stubOutside(route: Route, request: Request): Promise<void> {
  switch (request.resourceType()) {
    case 'document':
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Outside content</title></html>',
      });
    case 'script':
      return route.fulfill({ contentType: 'text/javascript', body: '' });
    case 'stylesheet':
      return route.fulfill({ contentType: 'text/css', body: '' });
    case 'image':
      return route.fulfill({ contentType: 'image/gif', body: TRANSPARENT_GIF });
    default:
      return route.fulfill({ status: 204, body: '' });
  }
}

function watchProblems(context: BrowserContext, ownOrigins: string[]): PageProblems {
  const found: string[] = [];
  const allowed: RegExp[] = [];
  const isOwn = (url: string) => ownOrigins.some((origin) => url.startsWith(`${origin}/`));

  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    found.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  context.on('weberror', (error) => {
    found.push(`uncaught exception: ${error.error().stack ?? error.error().message}`);
  });
  context.on('requestfailed', (request) => {
    if (!isOwn(request.url())) return;
    // The browser cancels what a page was still fetching when the visitor moves on.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    found.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`,
    );
  });
  context.on('response', (response) => {
    if (!isOwn(response.url()) || response.status() < 400) return;
    found.push(
      `request failed: ${response.request().method()} ${response.url()} answered ${response.status()}`,
    );
  });

  return {
    allow(pattern) {
      allowed.push(pattern);
    },
    list() {
      return found.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
    },
  };
}

// Fixtures hand their value over with `provide`, Playwright's `use`, named apart from React's.
export const test = base.extend<SiteOptions & SiteFixtures>({
  disclaimer: ['accepted', { option: true }],
  waitForHydration: [true, { option: true }],

  page: async ({ page, waitForHydration }, provide) => {
    if (waitForHydration) {
      const hydrated = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated();
        return response;
      };
    }
    await provide(page);
  },

  // The server's port is only known once global setup has started it.
  // Playwright reads each fixture's dependencies from its destructured first parameter.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    await provide(readRunEnv('baseUrl'));
  },

  // eslint-disable-next-line no-empty-pattern
  analyticsBaseURL: async ({}, provide) => {
    await provide(readRunEnv('analyticsBaseUrl'));
  },

  context: async ({ context, disclaimer }, provide) => {
    if (disclaimer === 'accepted') {
      await context.addInitScript(
        ([key]) => {
          // Also runs in about:blank and other opaque documents, which have no storage.
          try {
            window.localStorage.setItem(key, 'true');
          } catch {
            // Nothing to remember there.
          }
        },
        [DISCLAIMER_STORAGE_KEY] as const,
      );
    }
    await provide(context);
  },

  outsideRequests: [
    async ({ context }, provide) => {
      const ownOrigins = OWN_ORIGINS();
      const seen: OutsideRequest[] = [];
      await context.route(
        (url) => !ownOrigins.includes(url.origin),
        (route, request) => {
          seen.push({ url: request.url(), resourceType: request.resourceType() });
          return stubOutside(route, request);
        },
      );
      await provide(seen);
    },
    { auto: true },
  ],

  problems: [
    async ({ context }, provide) => {
      const problems = watchProblems(context, OWN_ORIGINS());
      // Every Content-Security-Policy violation becomes a console error, and so a failure.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}`,
          );
        });
      });
      await provide(problems);
      expect(problems.list(), 'the page logged errors or had failed requests').toEqual([]);
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, provide) => {
    await provide(createMailbox(readRunEnv('mailDir')));
  },
});

export { expect };
