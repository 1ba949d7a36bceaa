import { BROCHURE_CONSENT_TEXT, CONSENT_NOTICES } from '@iconia/shared';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

describe('the consent notice of each lead', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let t: TestServer;

  beforeEach(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    t = await startTestServer({ dataDir: temp.dir, env: { SMTP_URL: inbox.url } });
  });
  afterEach(async () => {
    await t.close();
    await inbox.close();
    temp.remove();
  });

  it('when a brochure form sends a lead, then the lead records the tick-box notice and the email quotes it', async () => {
    await request(t.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Ravi', mobile: '9876543210', source: 'brochure-modal', agree: 'on' });
    const [mail] = await inbox.waitFor(1);

    expect(t.store.listLeads()[0]?.consentNotice).toBe('brochure-consent-v1');
    expect(mail!.parsed.text).toContain(
      `Consent: ${BROCHURE_CONSENT_TEXT} (notice brochure-consent-v1)`,
    );
    expect(mail!.parsed.html).toContain('notice brochure-consent-v1');
    // The box itself is never stored or sent on: only the notice its form showed.
    expect(JSON.stringify(t.store.listLeads()[0])).not.toContain('"agree"');
  });

  it('when the contact form sends an enquiry, then the lead records that no box was shown', async () => {
    await request(t.url)
      .post('/contact-form')
      .field('name', 'Asha')
      .field('mobile', '9123456780')
      .field('source', 'contact-form');
    const [mail] = await inbox.waitFor(1);

    expect(t.store.listLeads()[0]?.consentNotice).toBe('enquiry-v1');
    expect(mail!.parsed.text).toContain(`Consent: ${CONSENT_NOTICES['enquiry-v1']}`);
  });

  it('when a lead names no known form, then no notice is claimed and the email says so', async () => {
    await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
    const [mail] = await inbox.waitFor(1);

    expect(t.store.listLeads()[0]?.consentNotice).toBeUndefined();
    expect(mail!.parsed.text).toContain('Consent: Not recorded');
  });

  it('when an enquiry claims to come from a brochure form, then it records no notice, never the brochure consent', async () => {
    const response = await request(t.url)
      .post('/contact-form')
      .type('form')
      .send({ name: 'X', mobile: '7400000001', source: 'brochure-modal' });
    const [mail] = await inbox.waitFor(1);

    expect(response.text).toBe('success');
    expect(t.store.listLeads()[0]?.consentNotice).toBeUndefined();
    expect(mail!.parsed.text).not.toContain(BROCHURE_CONSENT_TEXT);
  });

  it('when a brochure lead claims to come from the contact form, then it records no notice', async () => {
    await request(t.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Ravi', mobile: '9876543210', source: 'contact-form' });

    expect(t.store.listLeads()[0]?.consentNotice).toBeUndefined();
  });
});
