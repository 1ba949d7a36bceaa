import { describe, expect, it } from 'vitest';
import { BROWSER_PUSH_SERVICES, parsePushServices } from '../config/push-config.ts';
import { isPushService } from './push-services.ts';

const browsers = parsePushServices(BROWSER_PUSH_SERVICES) ?? [];

describe('the push services alerts may go to', () => {
  it('when a browser gives its own push service endpoint, then it is allowed', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGuQyavXutnMSH4Jhxk',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    ]) {
      expect(isPushService(endpoint, browsers), endpoint).toBe(true);
    }
  });

  it('when an endpoint only looks like one, is plain http or names another port, then it is not', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://push.services.mozilla.com/x',
      'https://evilnotify.windows.com/x',
      'https://127.0.0.1/x',
      'not a url',
    ]) {
      expect(isPushService(endpoint, browsers), endpoint).toBe(false);
    }
  });

  it('when PUSH_SERVICES names a local service with its port, then only that origin is allowed', () => {
    const local = parsePushServices(' http://127.0.0.1:4100/ ') ?? [];

    expect(local).toEqual(['http://127.0.0.1:4100']);
    expect(isPushService('http://127.0.0.1:4100/push/a', local)).toBe(true);
    expect(isPushService('http://127.0.0.1:4101/push/a', local)).toBe(false);
  });

  it('when PUSH_SERVICES holds something other than origins, then it is refused', () => {
    for (const value of [
      '',
      'fcm.googleapis.com',
      'https://fcm.googleapis.com/fcm',
      'ftp://x.example',
    ]) {
      expect(parsePushServices(value), value).toBeUndefined();
    }
  });
});
