import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '@iconia/testkit';

/**
 * Browser journeys and accessibility checks of the sales desk against the production server
 * (apps/api/dist/server.js serving apps/desk/dist), with the system Chromium the site's suite uses.
 * Accessibility runs at a phone's 360 px and a desktop's 1280 px.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results/e2e',
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]]
    : [['list']],
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // The guide's pictures are taken on request (pnpm --filter @iconia/desk screenshots).
  grepInvert: process.env.DESK_SCREENSHOTS ? undefined : /@screenshots/,
  retries: 0,
  // Generous waits for events, never fixed sleeps: CI machines may have every core busy.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: resolveChromium(), args: CHROMIUM_ARGS },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    acceptDownloads: true,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@layout/,
      use: {
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
