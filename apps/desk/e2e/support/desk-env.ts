/** What global setup hands to the test workers, as environment variables. */
export const DESK_ENV = {
  baseUrl: 'DESK_E2E_BASE_URL',
  mailDir: 'DESK_E2E_MAIL_DIR',
  password: 'DESK_E2E_PASSWORD', // secret-scan: allow (the name of an environment variable)
} as const;

export function readDeskEnv(name: keyof typeof DESK_ENV): string {
  const value = process.env[DESK_ENV[name]];
  if (!value) {
    throw new Error(
      `${DESK_ENV[name]} is not set: run the desk's browser tests through Playwright ` +
        '(pnpm --filter @iconia/desk test:e2e), whose global setup starts the server.',
    );
  }
  return value;
}

/** The accounts global setup creates; each signs in with the run's password. */
export const ACCOUNTS = {
  manager: { email: 'meera.manager@iconia.test', name: 'Meera Manager', role: 'manager' },
  agent: { email: 'arjun.agent@iconia.test', name: 'Arjun Agent', role: 'agent' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;
