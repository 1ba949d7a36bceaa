import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { configProblems } from './config-test-support.ts';

const ALL = {
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_ACCESS_TOKEN: 'EAAGsystemUserToken',
  WHATSAPP_APP_SECRET: 'app-secret',
  WHATSAPP_VERIFY_TOKEN: 'verify-me',
  WHATSAPP_WELCOME_TEMPLATE: 'brochure_welcome:en_US',
};

describe('the WhatsApp settings', () => {
  it('when none is set, then WhatsApp is off and the server starts as before', () => {
    expect(loadConfig({}).whatsapp).toBeUndefined();
  });

  it('when all five are set, then the welcome template is read and Graph is the pinned version', () => {
    expect(loadConfig(ALL).whatsapp).toEqual({
      phoneNumberId: '106540352242922',
      accessToken: 'EAAGsystemUserToken',
      appSecret: 'app-secret',
      verifyToken: 'verify-me',
      welcomeTemplate: { name: 'brochure_welcome', language: 'en_US' },
      graphUrl: 'https://graph.facebook.com/v27.0',
    });
  });

  it('when only some are set, then the start is refused naming the missing ones', () => {
    const some: Record<string, string> = { ...ALL };
    delete some.WHATSAPP_VERIFY_TOKEN;

    expect(configProblems(some)).toEqual([
      expect.stringContaining('(missing: WHATSAPP_VERIFY_TOKEN)'),
    ]);
  });

  it('when the template is not name:language or the URL has no version, then each is named', () => {
    expect(
      configProblems({
        ...ALL,
        WHATSAPP_WELCOME_TEMPLATE: 'Brochure Welcome',
        WHATSAPP_GRAPH_URL: 'https://graph.facebook.com',
      }),
    ).toEqual([
      expect.stringMatching(/^WHATSAPP_GRAPH_URL must be/),
      expect.stringMatching(/^WHATSAPP_WELCOME_TEMPLATE must be .*\(got "Brochure Welcome"\)/),
    ]);
  });
});
