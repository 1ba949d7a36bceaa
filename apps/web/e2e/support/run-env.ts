/**
 * What global setup hands to the test workers. Setup runs in Playwright's runner process and the
 * tests in worker processes started after it, so the values travel as environment variables.
 */
export const RUN_ENV = {
  /** Origin of the production server serving the normal build. */
  baseUrl: 'E2E_BASE_URL',
  /** Origin of a second server serving the build made with test analytics IDs. */
  analyticsBaseUrl: 'E2E_ANALYTICS_BASE_URL',
  /** Folder where the in-process SMTP server writes each received message as an .eml file. */
  mailDir: 'E2E_MAIL_DIR',
} as const;

/** Analytics IDs the second build is made with; no real container or property answers to them. */
export const TEST_ANALYTICS = {
  gtmId: 'GTM-E2ETEST',
  gaId: 'G-E2ETEST00',
} as const;

export function readRunEnv(name: keyof typeof RUN_ENV): string {
  const value = process.env[RUN_ENV[name]];
  if (!value) {
    throw new Error(
      `${RUN_ENV[name]} is not set: run the browser tests through Playwright (pnpm test:e2e), ` +
        'whose global setup starts the server and the mail inbox.',
    );
  }
  return value;
}
