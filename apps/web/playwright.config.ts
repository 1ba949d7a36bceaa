import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '@iconia/testkit';

/**
 * Browser journeys against the production build served by the real API. Tests tagged `@layout`
 * differ between a phone and a desktop and run at both sizes; the rest run once, on desktop.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Kept on failure only; both folders are gitignored.
  outputDir: './test-results/e2e',
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]]
    : [['list']],
  // Two cores: one browser per core.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A deadline for a test that hangs, never a figure: generous enough for two busy cores.
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
    // DOM snapshots and network, without the screencast that slows every test down.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'phone',
      grep: /@layout/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
