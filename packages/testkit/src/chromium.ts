import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The flags every run starts Chromium with: headless in a container, offline, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

/** Names Debian and Ubuntu give the Chromium binary, looked up on PATH after CHROME_PATH. */
const PATH_NAMES = ['chromium', 'chromium-browser'];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The system Chromium the suite drives. Playwright never downloads a browser here, so a missing
 * one stops the run at once with the way to get it, rather than failing every test alike.
 */
export function resolveChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROME_PATH?.trim();
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(
      `CHROME_PATH is set to "${configured}", but no executable Chromium is there.\n` +
        'Point CHROME_PATH at a Chromium or Chrome binary, or install Debian’s Chromium with:\n' +
        '  sudo apt-get install chromium',
    );
  }
  if (isExecutable(DEFAULT_CHROME_PATH)) return DEFAULT_CHROME_PATH;
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of PATH_NAMES) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  throw new Error(
    `No Chromium found at ${DEFAULT_CHROME_PATH} or on PATH; the browser tests need one.\n` +
      'Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROME_PATH to the\n' +
      'path of an installed Chromium or Chrome binary. The suite never downloads a browser.',
  );
}
