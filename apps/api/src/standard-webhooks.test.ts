import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { START_TIME } from '@iconia/testkit';
import { newWebhookSecret, signingKeyOf, signWebhook, verifyWebhook } from './standard-webhooks.ts';

const body = JSON.stringify({ name: 'Ravi Kumar', mobile: '+919876543210' });

/** Headers as the independent implementation writes them for `secret` at `at`. */
function signed(secret: string, at: number, id = 'msg_1', payload = body) {
  const signature = new Webhook(secret).sign(id, new Date(at), payload);
  return { id, timestamp: String(Math.floor(at / 1000)), signature, body: payload };
}

describe('Standard Webhooks verification', () => {
  const secret = newWebhookSecret();
  const keys = [signingKeyOf(secret)];

  it('when a request is signed by the standardwebhooks package, then it verifies', () => {
    expect(verifyWebhook(signed(secret, START_TIME), keys, START_TIME)).toEqual({ ok: true });
  });

  it('when we sign with a secret, then the standardwebhooks package writes the same signature', () => {
    const request = signed(secret, START_TIME);
    expect(signWebhook(keys[0]!, request.id, Number(request.timestamp), body)).toBe(
      request.signature,
    );
  });

  it('when the timestamp is more than 5 minutes off either way, then it is refused as stale', () => {
    for (const offset of [-5 * 60_000 - 1_000, 5 * 60_000 + 1_000]) {
      expect(verifyWebhook(signed(secret, START_TIME + offset), keys, START_TIME)).toEqual({
        ok: false,
        reason: 'stale timestamp',
      });
    }
    expect(verifyWebhook(signed(secret, START_TIME - 4 * 60_000), keys, START_TIME).ok).toBe(true);
  });

  it('when the body, the id or the key differ from what was signed, then it is refused', () => {
    const request = signed(secret, START_TIME);
    const refused = { ok: false, reason: 'bad signature' };
    expect(verifyWebhook({ ...request, body: `${body} ` }, keys, START_TIME)).toEqual(refused);
    expect(verifyWebhook({ ...request, id: 'msg_2' }, keys, START_TIME)).toEqual(refused);
    expect(verifyWebhook(request, [signingKeyOf(newWebhookSecret())], START_TIME)).toEqual(refused);
    expect(verifyWebhook({ ...request, signature: 'v1,' }, keys, START_TIME)).toEqual(refused);
  });

  it('when several signatures are given, then one made with any accepted key is enough', () => {
    const other = newWebhookSecret();
    const request = signed(other, START_TIME);
    const both = `${signed(secret, START_TIME).signature.replace('v1,', 'v1a,')} ${request.signature}`;
    expect(
      verifyWebhook({ ...request, signature: both }, [keys[0]!, signingKeyOf(other)], START_TIME),
    ).toEqual({ ok: true });
  });

  it('when a header is missing, then it is refused before any key is tried', () => {
    const request = signed(secret, START_TIME);
    for (const missing of ['id', 'timestamp', 'signature'] as const) {
      expect(verifyWebhook({ ...request, [missing]: undefined }, keys, START_TIME)).toEqual({
        ok: false,
        reason: 'missing headers',
      });
    }
  });
});
