import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from './config.ts';

const SITE = 'https://plots.example.in';

describe('loadConfig', () => {
  it('when nothing is set, then the embedded defaults serve the product locally', () => {
    const config = loadConfig({}, '/srv/iconia');

    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/iconia/var',
      databaseFile: '/srv/iconia/var/leads.sqlite',
      devInboxDir: '/srv/iconia/var/mail',
      smtpUrl: undefined,
      mailTo: [{ name: '', address: 'sales@localhost' }],
      mailFrom: { name: 'Elegant Iconia website', address: 'no-reply@localhost' },
      corsOrigins: [],
      trustProxy: false,
      rateLimit: { max: 10, windowMs: 600_000 },
      logLevel: 'info',
    });
    expect(config.webDist.split(path.sep).join('/')).toMatch(/\/apps\/web\/build\/client\/?$/);
  });

  it('when variables are set, then they are read and typed', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        DATA_DIR: '/data',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_TO: 'sales@example.com, manager@example.com',
        CORS_ORIGINS: 'https://iconia.example,https://www.iconia.example',
        TRUST_PROXY: '1',
        RATE_LIMIT_MAX: '0',
        WEB_DIST: 'site',
      },
      '/srv',
    );

    expect(config.port).toBe(3000);
    expect(config.databaseFile).toBe('/data/leads.sqlite');
    expect(config.smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(config.mailTo.map((to) => to.address)).toEqual([
      'sales@example.com',
      'manager@example.com',
    ]);
    expect(config.corsOrigins).toEqual(['https://iconia.example', 'https://www.iconia.example']);
    expect(config.trustProxy).toBe(1);
    expect(config.rateLimit.max).toBe(0);
    expect(config.webDist).toBe('/srv/site');
  });

  it('when a variable holds only spaces, then it counts as unset and its default applies', () => {
    const config = loadConfig({ PORT: '   ', LOG_LEVEL: '', SMTP_URL: ' ' });

    expect(config.port).toBe(8080);
    expect(config.logLevel).toBe('info');
    expect(config.smtpUrl).toBeUndefined();
  });

  it('when LEAD_RETENTION_DAYS is unset, 0 or a number of days, then leads are kept that long', () => {
    expect(loadConfig({}).leadRetentionDays).toBe(365);
    expect(loadConfig({ LEAD_RETENTION_DAYS: '0' }).leadRetentionDays).toBe(0);
    expect(loadConfig({ LEAD_RETENTION_DAYS: '730' }).leadRetentionDays).toBe(730);
    expect(() => loadConfig({ LEAD_RETENTION_DAYS: '1y' })).toThrow(
      /LEAD_RETENTION_DAYS must be a whole number from 0 to 36500/,
    );
  });

  it('when SITE_URL is unset outside production, then the desk links of emails lead to this server on its port', () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).siteUrl).toBe('http://localhost:3000');
  });

  it('when SITE_URL is set, then the desk links of emails start with it, without a trailing slash', () => {
    expect(loadConfig({ SITE_URL: 'https://plots.example.in/' }).siteUrl).toBe(
      'https://plots.example.in',
    );
    expect(loadConfig({ SITE_URL: 'http://localhost:8080' }).siteUrl).toBe('http://localhost:8080');
  });

  it('when SITE_URL is not an http(s) address, then the start is refused naming it', () => {
    for (const bad of ['www.example.com', 'ftp://example.com', 'https://example.com/?a=1']) {
      expect(() => loadConfig({ SITE_URL: bad })).toThrow(
        /SITE_URL must be the site's public http\(s\) address/,
      );
    }
  });

  it('when NODE_ENV is production and SMTP_URL is unset, then the start is refused naming SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SITE_URL: SITE })).toThrow(
      /SMTP_URL must be set when NODE_ENV=production.*ALLOW_FILE_INBOX=true/,
    );
  });

  it('when NODE_ENV is production and SITE_URL is unset, then the start is refused naming SITE_URL', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }),
    ).toThrow(
      "SITE_URL must be set when NODE_ENV=production: it is the site's public address, e.g. https://www.eleganticonia.com, and every email links to the desk under it",
    );
  });

  it('when NODE_ENV is production and neither SMTP_URL nor SITE_URL is set, then one refusal lists both', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(' ')[0])).toEqual([
      'SMTP_URL',
      'SITE_URL',
    ]);
  });

  it('when NODE_ENV is production and ALLOW_FILE_INBOX=true, then lead emails go to the file inbox on purpose', () => {
    const config = loadConfig(
      { NODE_ENV: 'production', ALLOW_FILE_INBOX: 'true', SITE_URL: SITE },
      '/srv/iconia',
    );

    expect(config.smtpUrl).toBeUndefined();
    expect(config.devInboxDir).toBe('/srv/iconia/var/mail');
  });

  it('when NODE_ENV is production and SMTP_URL and SITE_URL are set, then the mail server is used and emails link under SITE_URL', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      SITE_URL: SITE,
    });

    expect(config.smtpUrl).toBe('smtp://mail.example.com:587');
    expect(config.siteUrl).toBe(SITE);
  });

  it('when the operator CLI reads the production settings without SMTP_URL or SITE_URL, then it is not refused, since it sends no mail', () => {
    const config = loadConfig({ NODE_ENV: 'production' }, '/srv/iconia', { sendsMail: false });

    expect(config.databaseFile).toBe('/srv/iconia/var/leads.sqlite');
  });

  it('when ALLOW_FILE_INBOX is neither true nor false, then it is refused', () => {
    expect(() => loadConfig({ ALLOW_FILE_INBOX: 'yes' })).toThrow(
      'ALLOW_FILE_INBOX must be true or false (got "yes").',
    );
  });

  it('when several variables are wrong, then one error lists every one of them', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        SMTP_URL: 'http://user:secret@mail.example.com',
        MAIL_TO: 'sales',
        MAIL_FROM: 'a@example.com, b@example.com',
        CORS_ORIGINS: 'iconia.example',
        TRUST_PROXY: 'sometimes',
        RATE_LIMIT_MAX: '-1',
        RATE_LIMIT_WINDOW_MS: '10',
        REQUEST_TIMEOUT_MS: 'soon',
        SMTP_TIMEOUT_MS: '1e3',
        PENDING_ALERT_MS: '',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'PORT',
      'SMTP_URL',
      'MAIL_TO',
      'MAIL_FROM',
      'CORS_ORIGINS',
      'TRUST_PROXY',
      'RATE_LIMIT_MAX',
      'RATE_LIMIT_WINDOW_MS',
      'REQUEST_TIMEOUT_MS',
      'SMTP_TIMEOUT_MS',
      'LOG_LEVEL',
    ]);
    expect((error as Error).message).not.toContain('secret');
  });
});

describe('the Meta lead ads settings', () => {
  const META = {
    META_APP_SECRET: 'app-secret-value',
    META_VERIFY_TOKEN: 'verify-token-value',
    META_PAGE_ACCESS_TOKEN: 'page-token-value',
  };

  it('when none is set, then the channel is off', () => {
    expect(loadConfig({}, '/srv/iconia').meta).toBeUndefined();
  });

  it('when the three secrets are set, then the channel reads Graph at the pinned version', () => {
    expect(loadConfig(META, '/srv/iconia').meta).toEqual({
      appSecret: 'app-secret-value',
      verifyToken: 'verify-token-value',
      pageAccessToken: 'page-token-value',
      graphUrl: 'https://graph.facebook.com/v27.0',
    });
  });

  it('when one secret is missing, then the start is refused naming it and echoing no secret', () => {
    const partial = {
      META_APP_SECRET: META.META_APP_SECRET,
      META_VERIFY_TOKEN: META.META_VERIFY_TOKEN,
    };

    expect(() => loadConfig(partial, '/srv/iconia')).toThrow(/missing: META_PAGE_ACCESS_TOKEN/);
    expect(() => loadConfig(partial, '/srv/iconia')).not.toThrow(/app-secret-value/);
  });

  it('when META_GRAPH_URL names no API version, then it is refused', () => {
    expect(() =>
      loadConfig({ ...META, META_GRAPH_URL: 'https://graph.facebook.com' }, '/srv/iconia'),
    ).toThrow(/META_GRAPH_URL must be an http\(s\) URL ending with the Graph API version/);
  });
});

describe('the Meta Conversions API settings', () => {
  it('when neither is set, then no stage is queued for Meta', () => {
    expect(loadConfig({}, '/srv/iconia').metaConversions).toBeUndefined();
  });

  it('when the dataset and its token are set, then stages go to that dataset at the pinned version', () => {
    expect(
      loadConfig(
        { META_DATASET_ID: '1234567890123456', META_CONVERSIONS_TOKEN: 'capi-token-value' },
        '/srv/iconia',
      ).metaConversions,
    ).toEqual({
      datasetId: '1234567890123456',
      token: 'capi-token-value',
      graphUrl: 'https://graph.facebook.com/v27.0',
    });
  });

  it('when only the token is set, then the start is refused naming the dataset and echoing no token', () => {
    const partial = { META_CONVERSIONS_TOKEN: 'capi-token-value' };

    expect(() => loadConfig(partial, '/srv/iconia')).toThrow(/missing: META_DATASET_ID/);
    expect(() => loadConfig(partial, '/srv/iconia')).not.toThrow(/capi-token-value/);
  });

  it('when the dataset id is not a number, then it is refused in words', () => {
    expect(() =>
      loadConfig({ META_DATASET_ID: 'pixel-1', META_CONVERSIONS_TOKEN: 'token' }, '/srv/iconia'),
    ).toThrow(/META_DATASET_ID must be the dataset's number/);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.1, 192.168.0.0/16, ::1', ['10.0.0.1', '192.168.0.0/16', '::1']],
  ])('when TRUST_PROXY is %j, then Express gets %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/40', 'proxy.internal'])(
    'when TRUST_PROXY is %j, then it is refused',
    (value) => {
      expect(parseTrustProxy(value)).toBeUndefined();
    },
  );
});
