import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import type { LeadEmail } from './lead-email.ts';
import { createDevInboxMailer, type Mailer } from './transport.ts';

function email(leadId: string, name: string): LeadEmail {
  return {
    leadId,
    messageId: `<lead-${leadId}@iconia.test>`,
    from: { name: 'Elegant Iconia website', address: 'leads@iconia.test' },
    to: [{ name: '', address: 'sales@iconia.test' }],
    subject: `New lead: ${name}`,
    text: `${name}, +91 98765 43210`,
    html: `<p>${name}, <a href="tel:+919876543210">+91 98765 43210</a></p>`,
    date: new Date('2026-11-21T10:15:00Z'),
    headers: {},
  };
}

describe('the dev inbox', () => {
  let temp: TempDir;
  let dir: string;
  let mailer: Mailer;

  /** The names written in the inbox's files, one per file, sorted. */
  const namesInInbox = () =>
    readdirSync(dir)
      .map((file) => /New lead: (.+)/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1])
      .sort();

  beforeEach(() => {
    temp = createTempDir('iconia-dev-inbox-');
    dir = path.join(temp.dir, 'mail');
    mailer = createDevInboxMailer(dir);
  });
  afterEach(() => {
    mailer.close();
    temp.remove();
  });

  it('when an erasure forgets some emails, then the files of those emails go, found by Message-ID, and the others stay', async () => {
    await mailer.send(email('a1', 'Zed Quill'));
    await mailer.send(email('b2', 'Asha Rao'));
    await mailer.send({ ...email('c3', 'Zed Quill'), messageId: '<routing-agent-alert-7@x.test>' });

    const removed = await mailer.forget(['<lead-a1@iconia.test>', 'routing-agent-alert-7@x.test']);

    expect(removed).toBe(2);
    expect(namesInInbox()).toEqual(['Asha Rao']);
  });

  it('when an email is forgotten while it is being written, then its file goes once written', async () => {
    const sending = mailer.send(email('a1', 'Zed Quill'));

    await mailer.forget(['<lead-a1@iconia.test>']);
    const sent = await sending;

    expect(sent).toEqual({});
    expect(namesInInbox()).toEqual([]);
  });

  it('when nothing was ever written, then forgetting finds nothing and fails nothing', async () => {
    expect(await mailer.forget(['<lead-a1@iconia.test>'])).toBe(0);
  });
});
