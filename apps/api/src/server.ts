import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDailyDigest } from './digest/daily-digest.ts';
import { DUPLICATE_WINDOW_MS } from './leads/capture-lead.ts';
import { createLogger, createLogOutput, type Logger } from './logger.ts';
import { startDeliveryThread } from './mail/delivery-thread.ts';
import { createMailer } from './mail/transport.ts';
import { createLeadRetention } from './privacy/lead-retention.ts';
import { openLeadStore, type LeadStore } from './store/lead-store.ts';
import { startLeadWriter } from './store/lead-writer.ts';

/** How long in-flight requests get to finish once shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nThe server did not start.\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** A disk that is full, read-only or missing is an operator's problem: say which file and why. */
function openStore(file: string): LeadStore {
  try {
    return openLeadStore(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The lead database ${file} could not be opened for reading and writing (${reason}). Check that DATA_DIR is on a writable disk with free space.`,
      { cause: error },
    );
  }
}

/**
 * Without its writer or delivery thread the server cannot keep its promises; stopping lets the
 * supervisor start a whole one. Every lead answered "success" is already on disk.
 */
function exitOnThreadFailure(logger: Logger, thread: string): (error: Error) => void {
  return (error) => {
    logger.fatal({ err: error, thread }, 'a server thread stopped; exiting');
    process.exit(1);
  };
}

async function main(): Promise<void> {
  const config = readConfig();
  const logOutput = createLogOutput();
  const logger = createLogger(config.logLevel, logOutput);
  const clock = systemClock;

  // Opened here first: it migrates the schema, and a disk it cannot use stops the start with a
  // clear reason, before the threads open their own connections.
  const store = openStore(config.databaseFile);
  const writer = await startLeadWriter({
    databaseFile: config.databaseFile,
    duplicateWindowMs: DUPLICATE_WINDOW_MS,
    onFailure: exitOnThreadFailure(logger, 'lead writer'),
  });
  const mailer = createMailer(config);
  const delivery = await startDeliveryThread({
    config,
    logOutput,
    onFailure: exitOnThreadFailure(logger, 'delivery'),
  });
  const retention = createLeadRetention({
    store,
    clock,
    logger,
    retentionDays: config.leadRetentionDays,
  });
  // Opt-in: without DIGEST_HOUR no digest is sent.
  const digest =
    config.digestHour === undefined
      ? undefined
      : createDailyDigest({
          store,
          mailer,
          clock,
          logger,
          addresses: { from: config.mailFrom, to: config.mailTo },
          hour: config.digestHour,
          messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
        });
  const app = createApp({
    config,
    store,
    insertLead: writer.insertLead,
    mailer,
    clock,
    logger,
    delivery,
  });

  // Node checks the header and request timeouts only this often (30 s by default), so a client
  // dripping headers or a body would otherwise hold its connection well past the limits below.
  const server = createServer({ connectionsCheckingInterval: 1_000 }, app);
  server.listen(config.port, config.host);
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = Math.min(config.requestTimeoutMs, 10_000);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  logger.info(
    {
      url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
      port,
      database: config.databaseFile,
      mail: mailer.description,
      site: config.webDist,
      digest: config.digestHour === undefined ? 'off' : `daily from ${config.digestHour}:00 IST`,
    },
    'listening',
  );
  delivery.start();
  retention.start();
  digest?.start();

  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    grace.unref();
    await closed;
    clearTimeout(grace);
    await writer.close();
    retention.stop();
    await delivery.stop();
    await digest?.stop();
    mailer.close();
    store.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The server could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
