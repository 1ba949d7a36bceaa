import path from 'node:path';
import { createTestClock, type TestClock } from '@iconia/testkit';
import { loadConfig } from '../src/config.ts';
import { createLogger, type Logger } from '../src/logger.ts';
import { startServer, type RunningServer } from '../src/start-server.ts';

/** Log lines as the server writes them (JSON), for tests that check what the logs reveal. */
export function createCapturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger('info', {
    write: (line: string) => {
      lines.push(line);
    },
  });
  return { logger, lines };
}

export interface TestServer extends RunningServer {
  clock: TestClock;
  logLines: string[];
}

export interface TestServerOptions {
  dataDir: string;
  env?: Record<string, string>;
  clock?: TestClock;
  /** The built sales desk to serve under /desk; by default none (a folder that does not exist). */
  deskDist?: string;
}

/**
 * The server `pnpm start` runs, in this process on a free loopback port: a SQLite file in
 * `dataDir`, the configured mailer (a real SMTP server when the test passes SMTP_URL, else the
 * dev inbox), the delivery workers. Only the clock and the log output are the test's. The rate
 * limit is off unless a test turns it on; there is no site unless a test points WEB_DIST at one,
 * and no desk app unless it passes `deskDist`.
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const loaded = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: options.dataDir,
    RATE_LIMIT_MAX: '0',
    WEB_DIST: path.join(options.dataDir, 'no-site'),
    MAIL_TO: 'sales@iconia.test, manager@iconia.test',
    MAIL_FROM: '"Elegant Iconia website" <leads@iconia.test>',
    SMTP_TIMEOUT_MS: '2000',
    ...options.env,
  });
  const config = { ...loaded, deskDist: options.deskDist ?? path.join(options.dataDir, 'no-desk') };
  const clock = options.clock ?? createTestClock();
  const { logger, lines } = createCapturingLogger();
  const running = await startServer(config, { clock, logger });
  return Object.assign(running, { clock, logLines: lines });
}
