import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** One message as the sales inbox received it. */
export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  headers: ReadonlyMap<string, unknown>;
  to: string;
}

export interface Mailbox {
  /** Waits for the message whose text mentions `needle` (a visitor's unique name). */
  waitForMessage(needle: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Every message received so far that mentions `needle`. */
  messagesMentioning(needle: string): Promise<ReceivedMail[]>;
}

const POLL_MS = 100;

/** Reads the messages the in-process SMTP server wrote; shared by every test, so it filters. */
export function createMailbox(mailDir: string): Mailbox {
  const parsed = new Map<string, ReceivedMail>();

  async function readAll(): Promise<ReceivedMail[]> {
    const files = (await readdir(mailDir)).filter((file) => file.endsWith('.eml')).sort();
    for (const file of files) {
      if (parsed.has(file)) continue;
      const mail = await simpleParser(await readFile(path.join(mailDir, file)));
      parsed.set(file, {
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        headers: mail.headers,
        to: Array.isArray(mail.to)
          ? mail.to.map((to) => to.text).join(', ')
          : (mail.to?.text ?? ''),
      });
    }
    return [...parsed.values()];
  }

  async function messagesMentioning(needle: string): Promise<ReceivedMail[]> {
    return (await readAll()).filter((mail) => mail.text.includes(needle));
  }

  return {
    messagesMentioning,
    async waitForMessage(needle, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [found] = await messagesMentioning(needle);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No email mentioning "${needle}" reached the SMTP server in ${timeoutMs} ms.`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}
