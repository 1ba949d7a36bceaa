import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config/operations-config.ts';

export type { Logger };

/**
 * JSON logs on stdout. Mobile numbers never reach a log call unmasked (the lead modules mask
 * them); the redaction below is the second line of defence for anything that echoes a request.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'iconia-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * The server's log output: stdout, written asynchronously and flushed at exit, as pino does by
 * default.
 */
export function createLogOutput(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
