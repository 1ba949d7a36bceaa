/**
 * What a visitor types ends up in an email to the sales team. Whatever they type, in any field
 * and any encoding, it never adds a header or a recipient, never becomes markup in the HTML part,
 * and a value too long for its field is refused rather than cut short.
 */
import { CAMPAIGN_FIELDS, LOCATION_MAX_LENGTH, MESSAGES, NAME_MAX_LENGTH } from '@iconia/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, type ReceivedMail, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

type Encoding = 'urlencoded' | 'multipart' | 'json';
const ENCODINGS: Encoding[] = ['urlencoded', 'multipart', 'json'];
const CONFIGURED_RECIPIENTS = ['sales@iconia.test', 'manager@iconia.test'];
/** Every header the lead email is meant to carry, lower-cased; anything else was injected. */
const EXPECTED_HEADERS = new Set([
  'from',
  'to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'x-lead-id',
  'x-lead-kind',
]);
const TEXT_FIELDS = ['name', 'location', 'page', ...CAMPAIGN_FIELDS] as const;
const INJECTIONS = [
  'x\r\nBcc: attacker@evil.example',
  'x\nX-Injected: yes\n\nforged body',
  'x\rTo: attacker@evil.example',
  'x\u0085Cc: attacker@evil.example',
  'x\u2028Bcc: attacker@evil.example',
  'x%0d%0aBcc: attacker@evil.example',
];

let mobileCounter = 0;
function nextMobile(): string {
  mobileCounter += 1;
  return `97${String(mobileCounter).padStart(8, '0')}`;
}

function post(t: TestServer, path: string, fields: Record<string, string>, encoding: Encoding) {
  const req = request(t.url).post(path);
  if (encoding === 'urlencoded') return req.type('form').send(fields);
  if (encoding === 'json') return req.send(fields);
  for (const [name, value] of Object.entries(fields)) void req.field(name, value);
  return req;
}

/** Header names in the raw message, before the first blank line, folded lines skipped. */
function headerNames(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return head
    .split(/\r?\n/)
    .filter((line) => !/^[ \t]/.test(line))
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}

function expectNoInjection(mail: ReceivedMail): void {
  expect(mail.envelopeTo).toEqual(CONFIGURED_RECIPIENTS);
  for (const name of headerNames(mail.raw)) expect(EXPECTED_HEADERS, name).toContain(name);
  expect(mail.parsed.headers.has('bcc')).toBe(false);
  expect(mail.parsed.headers.has('cc')).toBe(false);
  expect(mail.parsed.headers.has('x-injected')).toBe(false);
}

describe('email safety', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let t: TestServer;

  beforeAll(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    t = await startTestServer({ dataDir: temp.dir, env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
    temp.remove();
  });

  /** Sends the lead and, when it was accepted, waits for its email. */
  async function send(path: string, fields: Record<string, string>, encoding: Encoding) {
    const before = inbox.messages.length;
    const response = await post(t, path, fields, encoding);
    if (response.text !== 'success') return { response, mail: undefined };
    const mails = await inbox.waitFor(before + 1);
    await t.delivery.drain();
    return { response, mail: mails[before] };
  }

  describe.each(ENCODINGS)('sent as %s', (encoding) => {
    it.each(TEXT_FIELDS)(
      'when %s carries a line break and a header, then no header or recipient is added',
      async (field) => {
        const path = field === 'location' ? '/contact-form' : '/send-email';
        for (const injection of INJECTIONS) {
          const fields: Record<string, string> = { name: 'Ravi', mobile: nextMobile() };
          fields[field] = injection;
          const { response, mail } = await send(path, fields, encoding);

          if (field === 'name' && injection.includes('%0d')) {
            // Percent signs are just characters in a name: accepted, one line, no header.
            expect(response.text).toBe('success');
          }
          if (mail) {
            expectNoInjection(mail);
            expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
          } else {
            // Refused fields are named to the visitor; nothing is stored or sent.
            expect(response.status).toBe(400);
            expect([MESSAGES.nameInvalid, MESSAGES.locationInvalid]).toContain(response.text);
          }
        }
        expect(inbox.messages.length).toBe(t.store.listLeads().length);
      },
    );
  });

  it.each([
    ['/send-email', ['name', 'page', ...CAMPAIGN_FIELDS]],
    ['/contact-form', ['name', 'location', 'page', ...CAMPAIGN_FIELDS]],
  ] as const)(
    'when every field of %s holds HTML and script, then the HTML part shows it as text',
    async (path, fields) => {
      const values: Record<string, string> = { mobile: nextMobile() };
      for (const field of fields) {
        values[field] = `<script>alert("${field}")</script><img src=x onerror=alert(1)>&'`;
      }

      const { mail } = await send(path, values, 'multipart');

      const html = mail?.parsed.html || '';
      expect(html).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>/);
      for (const field of fields) {
        expect(html).toContain(
          `&lt;script&gt;alert(&quot;${field}&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;`,
        );
      }
      // The plain-text part is text already: it carries the words unchanged.
      expect(mail?.parsed.text).toContain(`<script>alert("page")</script>`);
    },
  );

  it.each(ENCODINGS)(
    'when a %s name or location is one character too long, then it is refused with its message, not shortened',
    async (encoding) => {
      const before = t.store.listLeads().length;
      const longName = await post(
        t,
        '/send-email',
        { name: 'a'.repeat(NAME_MAX_LENGTH + 1), mobile: nextMobile() },
        encoding,
      );
      const longLocation = await post(
        t,
        '/contact-form',
        { name: 'Asha', mobile: nextMobile(), location: 'b'.repeat(LOCATION_MAX_LENGTH + 1) },
        encoding,
      );

      expect([longName.status, longName.text]).toEqual([400, MESSAGES.nameTooLong]);
      expect([longLocation.status, longLocation.text]).toEqual([400, MESSAGES.locationTooLong]);
      expect(t.store.listLeads()).toHaveLength(before);
    },
  );

  it('when a name is exactly at the limit in characters outside the Basic Plane, then it is kept whole', async () => {
    const name = '😀'.repeat(NAME_MAX_LENGTH);
    const { response, mail } = await send(
      '/send-email',
      { name, mobile: nextMobile() },
      'urlencoded',
    );

    expect(response.text).toBe('success');
    expect(mail?.parsed.subject).toBe(`New brochure request from ${name}`);
    expect(t.store.listLeads().at(-1)?.name).toBe(name);
  });

  it('when a campaign value is longer than its limit, then the lead is kept and that value dropped whole, never cut', async () => {
    const mobile = nextMobile();
    const { response } = await send(
      '/send-email',
      { name: 'Ravi', mobile, utm_campaign: 'c'.repeat(501), utm_source: 'google' },
      'json',
    );

    expect(response.text).toBe('success');
    const stored = t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`);
    expect(stored?.attribution).toEqual({ utm_source: 'google' });
  });
});
