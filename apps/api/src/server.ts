import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { SiteManifestError } from './http/site-manifest.ts';
import { ErasureLedgerError } from './privacy/index.ts';
import { createLogger, createLogOutput } from './logger.ts';
import { startServer } from './start-server.ts';

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

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel, createLogOutput());
  const running = await startServer(config, { clock: systemClock, logger });

  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    await running.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  // A site built without its manifest, or a restored backup whose erasure key is not the data
  // folder's, is the operator's to fix: the message says how, no stack.
  const text =
    error instanceof SiteManifestError || error instanceof ErasureLedgerError
      ? error.message
      : error instanceof Error
        ? error.stack
        : String(error);
  process.stderr.write(`The server could not start: ${text}\n`);
  process.exit(1);
});
