import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { configProblems } from './config-test-support.ts';
import { endpointLabel, readWebhookSettings } from './webhook-config.ts';

const key = randomBytes(32);
const SECRET = `whsec_${key.toString('base64')}`;

describe('webhook settings', () => {
  it('when neither WEBHOOK_URL nor WEBHOOK_SECRET is set, then no webhooks are posted', () => {
    expect(loadConfig({}).webhooks).toBeUndefined();
    expect(loadConfig({ WEBHOOK_URL: ' ', WEBHOOK_SECRET: '' }).webhooks).toBeUndefined();
  });

  it('when one URL and a secret are set, then leads go to that URL signed with the key', () => {
    const config = loadConfig({
      WEBHOOK_URL: 'https://crm.example.com/hooks/leads?token=abc',
      WEBHOOK_SECRET: SECRET,
    });

    expect(config.webhooks?.endpoints).toEqual(['https://crm.example.com/hooks/leads?token=abc']);
    expect(config.webhooks?.signingKey.equals(key)).toBe(true);
  });

  it('when several URLs are separated by commas, then each is an endpoint, in order', () => {
    const settings = readWebhookSettings({
      urls: ' https://crm.example.com/a , http://10.0.0.5:8081/leads',
      secret: SECRET,
    }).settings;

    expect(settings?.endpoints).toEqual([
      'https://crm.example.com/a',
      'http://10.0.0.5:8081/leads',
    ]);
  });

  it('when only one of the two is set, then the server refuses to start and names the missing one', () => {
    expect(configProblems({ WEBHOOK_URL: 'https://crm.example.com/a' })).toEqual([
      expect.stringMatching(/WEBHOOK_URL and WEBHOOK_SECRET go together.*missing: WEBHOOK_SECRET/),
    ]);
    expect(configProblems({ WEBHOOK_SECRET: SECRET })).toEqual([
      expect.stringMatching(/missing: WEBHOOK_URL/),
    ]);
  });

  it.each([
    ['ftp://crm.example.com/leads', /entry 1 uses ftp, not http or https/],
    ['javascript:alert(1)', /entry 1 uses javascript, not http or https/],
    ['crm.example.com/leads', /entry 1 is not a URL/],
    ['https://crm.example.com/a,,https://crm.example.com/b', /entry 2 is empty/],
    [
      'https://user:pass@crm.example.com/a',
      /entry 1 \(https:\/\/crm.example.com\) holds a user name or password/,
    ],
    ['https://crm.example.com/a#top', /entry 1 \(https:\/\/crm.example.com\) has a #fragment/],
    [
      'https://crm.example.com/a,https://CRM.example.com/a',
      /lists entry 2 \(https:\/\/crm.example.com\) twice/,
    ],
  ])('when WEBHOOK_URL is %s, then the start is refused saying why', (urls, why) => {
    const problems = configProblems({ WEBHOOK_URL: urls, WEBHOOK_SECRET: SECRET });

    expect(problems).toEqual([expect.stringMatching(why)]);
    expect(problems[0]).toMatch(/^WEBHOOK_URL /);
  });

  it('when a URL carries a token, then a problem with it never shows the path or query', () => {
    const problems = configProblems({
      WEBHOOK_URL: 'https://user:secret-token@crm.example.com/hooks/secret-path?key=secret-query',
      WEBHOOK_SECRET: SECRET,
    });

    expect(problems.join()).not.toMatch(/secret-(token|path|query)/);
  });

  it.each([
    [key.toString('base64'), /does not start with whsec_/],
    ['whsec_not base64!', /is not valid base64/],
    ['whsec_abc', /is not valid base64/],
    [`whsec_${randomBytes(16).toString('base64')}`, /holds a 16 byte key/],
    [`whsec_${randomBytes(65).toString('base64')}`, /holds a 65 byte key/],
  ])(
    'when WEBHOOK_SECRET is %s, then the start is refused saying why, without the secret',
    (secret, why) => {
      const problems = configProblems({
        WEBHOOK_URL: 'https://crm.example.com/a',
        WEBHOOK_SECRET: secret,
      });

      expect(problems).toEqual([expect.stringMatching(why)]);
      expect(problems[0]).toMatch(
        /^WEBHOOK_SECRET .*whsec_ followed by the base64 of a 24 to 64 byte key/,
      );
      expect(problems[0]).not.toContain(secret);
    },
  );

  it('when both the URL and the secret are wrong, then both are reported at once', () => {
    const problems = configProblems({ WEBHOOK_URL: 'ftp://crm.example.com', WEBHOOK_SECRET: 'x' });

    expect(problems).toHaveLength(2);
  });

  it('when an endpoint is shown in a log, then only its origin appears', () => {
    expect(endpointLabel('https://script.google.com/macros/s/AKfy123/exec?key=k')).toBe(
      'https://script.google.com',
    );
  });
});
