import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Config, MailAddress } from '../config.ts';
import type { LeadEmail } from './lead-email.ts';
import type { DkimSettings } from '../config/dkim.ts';

/** Hands composed lead emails to the sales inbox. */
export interface Mailer {
  /** Where mail goes, for the start-up log line; never contains a password. */
  readonly description: string;
  /** Resolves once the message is accepted; `savedTo` is set by the dev inbox. */
  send(email: LeadEmail): Promise<{ savedTo?: string }>;
  /** Rejects when the inbox cannot take mail right now. */
  verify(): Promise<void>;
  /**
   * Deletes the copies this mailer keeps of the messages with these Message-IDs (an erased
   * buyer's emails) and resolves with how many went. Mail handed to an SMTP server is out of
   * reach: nothing is kept here, nothing goes.
   */
  forget(messageIds: readonly string[]): Promise<number>;
  close(): void;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'smtpTimeoutMs' | 'devInboxDir' | 'dkim'>,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.smtpTimeoutMs, config.dkim)
    : createDevInboxMailer(config.devInboxDir, config.dkim);
}

function toMessage(email: LeadEmail) {
  const address = ({ name, address }: MailAddress) => ({ name, address });
  return {
    from: address(email.from),
    to: email.to.map(address),
    subject: email.subject,
    text: email.text,
    html: email.html,
    date: email.date,
    messageId: email.messageId,
    headers: email.headers,
  };
}

/** Parallel SMTP connections; the delivery worker sends this many leads at a time. */
export const SMTP_CONNECTIONS = 2;

export function createSmtpMailer(url: string, timeoutMs: number, dkim?: DkimSettings): Mailer {
  // Pooled: the SMTP greeting and handshake cost a round trip or more (many servers add a
  // deliberate greeting delay), so a backlog after an outage drains over kept-open connections.
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 100,
    // Mail servers drop idle clients after a few minutes anyway; leave before being dropped.
    idleTimeout: 60_000,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // Signed here, after nodemailer composes the message, so every email carries the signature.
    ...(dkim ? { dkim } : {}),
  });
  const { protocol, hostname, port } = new URL(url);
  return {
    description: `SMTP server ${protocol}//${hostname}${port ? `:${port}` : ''}${dkim ? `, DKIM-signed as ${dkim.keySelector}._domainkey.${dkim.domainName}` : ''}`,
    async send(email) {
      await transport.sendMail(toMessage(email));
      return {};
    },
    async verify() {
      await transport.verify();
    },
    forget: () => Promise.resolve(0),
    close() {
      transport.close();
    },
  };
}

/** A Message-ID as the outbox and the header write it, without its angle brackets. */
const bareMessageId = (id: string): string => id.trim().replace(/^<|>$/g, '');

/** The Message-ID header of a composed message, or undefined when it has none. */
function messageIdOf(message: string): string | undefined {
  const headerEnd = message.search(/\r?\n\r?\n/);
  const headers = (headerEnd === -1 ? message : message.slice(0, headerEnd)).replace(
    /\r?\n[ \t]+/g,
    ' ',
  );
  const found = /^message-id:[ \t]*(.+)$/im.exec(headers)?.[1];
  return found === undefined ? undefined : bareMessageId(found);
}

/**
 * The embedded default: each email becomes an `.eml` file a developer can open in any mail
 * client, composed by nodemailer exactly as it would be sent. An erasure deletes the files of
 * the erased buyer's emails, found by their Message-ID.
 */
export function createDevInboxMailer(dir: string, dkim?: DkimSettings): Mailer {
  /** Messages erased in this process, so that one being written at that moment goes too. */
  const forgotten = new Set<string>();
  const transport = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    // The .eml files show the signature a real send would carry.
    ...(dkim ? { dkim } : {}),
  });
  return {
    description: `dev inbox ${dir} (set SMTP_URL to send real email)`,
    async send(email) {
      const info = await transport.sendMail(toMessage(email));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${email.leadId}.eml`);
      // Written aside then renamed, so a reader never sees half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      if (forgotten.has(bareMessageId(email.messageId))) {
        await rm(file, { force: true });
        return {};
      }
      return { savedTo: file };
    },
    async verify() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
    async forget(messageIds) {
      const ids = new Set(messageIds.map(bareMessageId));
      for (const id of ids) forgotten.add(id);
      const names = await readdir(dir).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      let removed = 0;
      for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
        const file = path.join(dir, name);
        const id = messageIdOf(await readFile(file, 'utf8'));
        if (id === undefined || !ids.has(id)) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    close() {
      transport.close();
    },
  };
}
