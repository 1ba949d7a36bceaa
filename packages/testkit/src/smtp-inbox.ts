import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  /** Parsed with mailparser; an empty shell when the inbox was started with `parse: false`. */
  parsed: ParsedMail;
  envelopeTo: string[];
  receivedAt: number;
}

/** A real SMTP server standing in for the sales inbox; it keeps what it receives. */
export interface SmtpInbox {
  port: number;
  /** What the API's SMTP_URL points at. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpInboxOptions {
  /** A port to listen on (one a test took from `freePort()` earlier); any free one by default. */
  port?: number;
  /** The address to listen on: loopback by default; a container reaches its network's gateway. */
  host?: string;
  /** Holds each message this long before accepting it: a slow mail server. */
  delayMs?: number;
  /** Off for load runs, where only the raw message and its Message-ID matter. */
  parse?: boolean;
  /**
   * Also writes each message whole to this folder as an .eml file (written aside, then renamed,
   * so a reader never sees half a message), for tests that read the inbox from other processes.
   */
  mailDir?: string;
}

const UNPARSED: ParsedMail = { headers: new Map(), headerLines: [], html: false, attachments: [] };

export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];

  const keep = async (raw: Buffer, envelopeTo: string[]): Promise<void> => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const parsed = options.parse === false ? UNPARSED : await simpleParser(raw);
    if (options.mailDir) {
      const name = `${Date.now()}-${randomUUID()}`;
      const partial = path.join(options.mailDir, `${name}.part`);
      await writeFile(partial, raw);
      await rename(partial, path.join(options.mailDir, `${name}.eml`));
    }
    messages.push({ raw: raw.toString('utf8'), parsed, envelopeTo, receivedAt: Date.now() });
  };

  const server = new SMTPServer({
    // Plain, unauthenticated SMTP, like a local relay.
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        keep(Buffer.concat(chunks), envelopeTo).then(
          () => {
            callback();
            for (const wake of waiters.splice(0)) wake();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A sender that dies mid-session (the crash drills kill the server on purpose) resets its
  // connection; smtp-server reports that as an 'error' on the server, which would otherwise be
  // thrown. Its message was never accepted, so it is simply not in `messages`.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://${host}:${port}`,
    messages,
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          throw new Error(`expected ${count} messages, received ${messages.length}`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
