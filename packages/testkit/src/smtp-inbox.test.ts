import { readdir, readFile } from 'node:fs/promises';
import { createTransport } from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpInbox } from './smtp-inbox.ts';
import { createTempDir, type TempDir } from './temp-dir.ts';

describe('the SMTP inbox', () => {
  let temp: TempDir;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(() => temp.remove());

  it('when a message is sent, then it is kept parsed, with its envelope, and written whole to the mail folder', async () => {
    const inbox = await startSmtpInbox({ mailDir: temp.dir });
    const transport = createTransport(inbox.url);

    await transport.sendMail({
      from: 'leads@iconia.test',
      to: 'sales@iconia.test',
      subject: 'New lead',
      text: 'Ravi',
    });
    const [mail] = await inbox.waitFor(1);
    transport.close();
    await inbox.close();

    expect(mail?.parsed.subject).toBe('New lead');
    expect(mail?.envelopeTo).toEqual(['sales@iconia.test']);
    const files = await readdir(temp.dir);
    expect(files).toEqual([expect.stringMatching(/\.eml$/)]);
    expect(await readFile(`${temp.dir}/${files[0] ?? ''}`, 'utf8')).toBe(mail?.raw);
  });
});
