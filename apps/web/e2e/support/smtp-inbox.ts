import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpInbox {
  /** The URL the API's SMTP_URL points at. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the runner process, standing in for the sales inbox. Each accepted
 * message is written whole to `mailDir` as an .eml file (written aside, then renamed, so a reader
 * never sees half a message); the tests read them from their own processes.
 */
export async function startSmtpInbox(mailDir: string): Promise<SmtpInbox> {
  const server = new SMTPServer({
    // Plain, unauthenticated SMTP on loopback, like a local relay.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const name = `${Date.now()}-${randomUUID()}`;
        const partial = path.join(mailDir, `${name}.part`);
        writeFile(partial, Buffer.concat(chunks))
          .then(() => rename(partial, path.join(mailDir, `${name}.eml`)))
          .then(
            () => callback(),
            (error: Error) => callback(error),
          );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
