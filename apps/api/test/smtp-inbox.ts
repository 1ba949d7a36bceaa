import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  /** Parsed with mailparser; an empty shell when the inbox was started with `parse: false`. */
  parsed: ParsedMail;
  envelopeTo: string[];
  receivedAt: number;
}

/** A real SMTP server on loopback that keeps what it receives, for tests and benchmarks. */
export interface SmtpInbox {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A port nobody listens on right now, so a test can bring an SMTP server up on it later. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startSmtpInbox(
  options: { port?: number; delayMs?: number; parse?: boolean } = {},
): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const parse = (): Promise<ParsedMail> =>
          options.parse === false
            ? Promise.resolve({ headers: new Map(), html: false, attachments: [] })
            : simpleParser(raw);
        const finish = () => {
          parse()
            .then((parsed) => {
              messages.push({
                raw: raw.toString('utf8'),
                parsed,
                envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                receivedAt: Date.now(),
              });
              callback();
              for (const wake of waiters.splice(0)) wake();
            })
            .catch((error: Error) => callback(error));
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 5_000) {
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
