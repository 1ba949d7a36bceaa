/**
 * Logs are kept longer and read by more people than the lead database, so a visitor's mobile
 * number never appears in them whole: not when a lead is stored and emailed, not when the email
 * fails and is retried, not when a request is refused or cannot be read.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, freePort, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

/** Ten digits in a row not part of a longer run of letters or digits (ids, hashes, times). */
const TEN_DIGITS = /(?<![\dA-Za-z])\d{10}(?![\dA-Za-z])/g;

function tenDigitRuns(lines: readonly string[]): string[] {
  return lines.flatMap((line) => line.match(TEN_DIGITS) ?? []);
}

describe('mobile numbers in the logs', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox | undefined;
  let t: TestServer;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    await t.close();
    await inbox?.close();
    inbox = undefined;
    temp.remove();
  });

  it('when a JSON body cannot be parsed, then the log gives the reason without any of the body text', async () => {
    t = await startTestServer({ dataDir: temp.dir });

    const response = await request(t.url)
      .post('/send-email')
      .set('Content-Type', 'application/json')
      .send('{"name":"Ravikumar Subramanyam" "mobile":"98');

    expect(response.status).toBe(400);
    const refused = t.logLines.find((line) => line.includes('request refused'));
    expect(JSON.parse(refused ?? '{}')).toMatchObject({ reason: 'entity.parse.failed' });
    // Not `"98`: a request id is a random UUID, and one in 256 begins with 98.
    expect(t.logLines.join('\n')).not.toMatch(/Ravi|Subram|"mobile"/);
  });

  it('when leads are stored, refused, garbled, mailed, failed and retried, then no log line holds a ten-digit number', async () => {
    const port = await freePort();
    t = await startTestServer({ dataDir: temp.dir, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const mobile = '9876543210';

    // Stored (every encoding), a duplicate, spam, and refusals that echo nothing back.
    await request(t.url).post('/send-email').type('form').send({ name: 'Ravi', mobile });
    await request(t.url).post('/send-email').type('form').send({ name: 'Ravi', mobile });
    await request(t.url)
      .post('/contact-form')
      .field('name', 'Asha')
      .field('mobile', '+91 91234 56780');
    await request(t.url).post('/contact-form').send({ name: 'Bot', mobile, website: 'x' });
    await request(t.url).post('/send-email').send({ name: '', mobile });
    await request(t.url).post('/send-email').send({ name: 'Ravi', mobile, plotRange: 'huge' });
    // Bodies the parsers cannot read, with the number inside what they would quote.
    await request(t.url)
      .post('/send-email')
      .set('Content-Type', 'application/json')
      .send(`{"name":"Ravi","mobile":"${mobile}",`);
    await request(t.url)
      .post('/send-email')
      .set('Content-Type', 'application/json')
      .send(`{"mobile": ${mobile}x}`);
    await request(t.url)
      .post('/send-email')
      .set('Content-Type', 'multipart/form-data; boundary=b')
      .send(`--b\r\nContent-Disposition: form-data; name="mobile"\r\n\r\n${mobile}\r\n`);
    await request(t.url).post(`/send-email?mobile=${mobile}`).send({ name: 'Ravi', mobile });
    await request(t.url).get(`/no-such-page/${mobile}`);

    // Delivery fails while the SMTP server is down, then succeeds once it is up.
    await t.delivery.drain();
    inbox = await startSmtpInbox({ port });
    t.clock.advance(60_000);
    await t.delivery.drain();
    await inbox.waitFor(2);

    const lines = t.logLines;
    expect(lines.some((line) => line.includes('lead email failed; will retry'))).toBe(true);
    expect(lines.some((line) => line.includes('lead emailed'))).toBe(true);
    expect(lines.some((line) => line.includes('request refused'))).toBe(true);
    expect(lines.join('\n')).toContain('+9198xxxxxx10');
    expect(tenDigitRuns(lines)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/98765[\s-]?43210|91234[\s-]?56780/);
  });
});
