import { createHash, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { ConfigError, loadConfig } from '../config.ts';

/** DKIM tags of a DKIM-Signature header value: `v=1; a=rsa-sha256; d=…`. */
function tags(value: string): Record<string, string> {
  return Object.fromEntries(
    value
      .replace(/\s+/g, '')
      .split(';')
      .filter((part) => part !== '')
      .map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at), part.slice(at + 1)];
      }),
  );
}

/**
 * Verifies a relaxed/relaxed rsa-sha256 signature as a receiving server does (RFC 6376 §3.4,
 * §3.7), written from the RFC rather than from the signer's code.
 */
function verifyDkim(
  raw: string,
  publicKey: KeyObject,
): { tags: Record<string, string>; valid: boolean } {
  const split = raw.indexOf('\r\n\r\n');
  const headerBlock = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const fields = headerBlock.split(/\r\n(?![ \t])/).map((field) => {
    const colon = field.indexOf(':');
    return { name: field.slice(0, colon), raw: field, value: field.slice(colon + 1) };
  });
  const relaxed = (name: string, value: string) =>
    `${name.toLowerCase().trim()}:${value
      .replace(/\r\n/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim()}`;

  const signature = fields.find((field) => field.name.toLowerCase() === 'dkim-signature');
  if (!signature) throw new Error('no DKIM-Signature header');
  const t = tags(signature.value);

  const bodyLines = body
    .split('\r\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (bodyLines.length > 0 && bodyLines.at(-1) === '') bodyLines.pop();
  const canonicalBody = bodyLines.length > 0 ? `${bodyLines.join('\r\n')}\r\n` : '';
  const bodyHash = createHash('sha256').update(canonicalBody).digest('base64');

  // Each name in h= takes the last not yet used field of that name, from the bottom up.
  const used = new Set<number>();
  const signed = (t.h ?? '').split(':').map((name) => {
    for (let index = fields.length - 1; index >= 0; index -= 1) {
      const field = fields[index]!;
      if (!used.has(index) && field.name.toLowerCase() === name.toLowerCase()) {
        used.add(index);
        return `${relaxed(field.name, field.value)}\r\n`;
      }
    }
    return '';
  });
  const unsignedSignature = relaxed(
    signature.name,
    signature.value.replace(/(;\s*b=)[^;]*$/, '$1'),
  );
  const data = signed.join('') + unsignedSignature;
  const valid =
    bodyHash === t.bh &&
    verify('sha256', Buffer.from(data, 'latin1'), publicKey, Buffer.from(t.b ?? '', 'base64'));
  return { tags: t, valid };
}

describe('DKIM signing', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox | undefined;
  let app: TestServer | undefined;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    await app?.close();
    await inbox?.close();
    app = undefined;
    inbox = undefined;
    temp.remove();
  });

  it('when DKIM is set, then the lead email reaches the SMTP server signed for the domain, and the signature verifies', async () => {
    inbox = await startSmtpInbox();
    app = await startTestServer({
      dataDir: temp.dir,
      env: {
        SMTP_URL: inbox.url,
        DKIM_DOMAIN: 'iconia.test',
        DKIM_SELECTOR: 'leads2026',
        DKIM_PRIVATE_KEY: pem,
      },
    });

    await request(app.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Ravi Kumar', mobile: '9876543210', plotRange: '200 - 300 Sq. Yds' });
    const [mail] = await inbox.waitFor(1);

    expect(mail!.raw).toMatch(/^DKIM-Signature: /m);
    const result = verifyDkim(mail!.raw, publicKey);
    expect(result.tags).toMatchObject({
      v: '1',
      a: 'rsa-sha256',
      c: 'relaxed/relaxed',
      d: 'iconia.test',
      s: 'leads2026',
    });
    expect(result.tags.h?.toLowerCase().split(':')).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id']),
    );
    expect(result.valid).toBe(true);
    expect(mail!.parsed.subject).toBe('New brochure request from Ravi Kumar');
  });

  it('when DKIM is not set, then mail goes out unsigned', async () => {
    inbox = await startSmtpInbox();
    app = await startTestServer({ dataDir: temp.dir, env: { SMTP_URL: inbox.url } });

    await request(app.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
    const [mail] = await inbox.waitFor(1);

    expect(mail!.raw).not.toMatch(/^DKIM-Signature:/im);
  });

  it('when a signed message is altered on the way, then the check fails (the verifier is honest)', async () => {
    inbox = await startSmtpInbox();
    app = await startTestServer({
      dataDir: temp.dir,
      env: {
        SMTP_URL: inbox.url,
        DKIM_DOMAIN: 'iconia.test',
        DKIM_SELECTOR: 's1',
        DKIM_PRIVATE_KEY: pem,
      },
    });
    await request(app.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
    const [mail] = await inbox.waitFor(1);

    const forged = mail!.raw.replace('Subject: New brochure request from Ravi', 'Subject: Pay now');
    expect(forged).not.toBe(mail!.raw);
    expect(verifyDkim(forged, publicKey).valid).toBe(false);
  });
});

describe('DKIM settings', () => {
  let pem: string;
  let temp: ReturnType<typeof createTempDir>;
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env, temp.dir);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  beforeAll(() => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  });
  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(() => temp.remove());

  it('when none of the three is set, then mail is not signed and the config loads', () => {
    expect(loadConfig({}, temp.dir).dkim).toBeUndefined();
  });

  it('when only some are set, then the config error names the missing ones', () => {
    expect(problemsOf({ DKIM_DOMAIN: 'example.com' })).toEqual([
      'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set all three to sign mail, or none (missing: DKIM_SELECTOR, DKIM_PRIVATE_KEY).',
    ]);
    expect(problemsOf({ DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: pem })[0]).toMatch(
      /\(missing: DKIM_DOMAIN\)\.$/,
    );
  });

  it('when the key is a file path, then it is read from the file, relative to the working folder', () => {
    writeFileSync(path.join(temp.dir, 'dkim.pem'), pem, { mode: 0o600 });
    const config = loadConfig(
      { DKIM_DOMAIN: 'Example.com', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: 'dkim.pem' },
      temp.dir,
    );
    expect(config.dkim).toEqual({
      domainName: 'example.com',
      keySelector: 'mail',
      privateKey: pem,
    });
  });

  it('when the PEM is written on one line with \\n, as a .env file allows, then it is read', () => {
    const oneLine = pem.trim().replace(/\n/g, '\\n');
    const config = loadConfig(
      { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: oneLine },
      temp.dir,
    );
    expect(config.dkim?.privateKey).toBe(pem);
  });

  it('when the key cannot be used, then the error says why and never shows the key', () => {
    const base = { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'mail' };
    const ed25519 = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const small = generateKeyPairSync('rsa', { modulusLength: 512 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const broken = pem.replace(/[A-Za-z]{20}/, 'x');

    expect(problemsOf({ ...base, DKIM_PRIVATE_KEY: 'missing.pem' })).toEqual([
      `DKIM_PRIVATE_KEY must be a PEM private key or the path of a file holding one (cannot read ${path.join(temp.dir, 'missing.pem')}: ENOENT).`,
    ]);
    expect(problemsOf({ ...base, DKIM_PRIVATE_KEY: ed25519 })[0]).toMatch(
      /must be an RSA key; nodemailer signs with rsa-sha256 only \(got ed25519\)/,
    );
    expect(problemsOf({ ...base, DKIM_PRIVATE_KEY: small })[0]).toMatch(/512-bit RSA key/);
    const problems = problemsOf({ ...base, DKIM_PRIVATE_KEY: broken });
    expect(problems).toEqual(['DKIM_PRIVATE_KEY is not a readable PEM private key.']);
    expect(problems.join('\n')).not.toContain('PRIVATE KEY-----');
  });

  it('when the domain or selector is not a DNS name, then both are reported at once', () => {
    expect(
      problemsOf({ DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: 'mail;x', DKIM_PRIVATE_KEY: pem }),
    ).toEqual([
      'DKIM_DOMAIN must be a domain name such as example.com (got "not a domain").',
      'DKIM_SELECTOR must be a DNS label such as mail or s2026 (got "mail;x").',
    ]);
  });
});
