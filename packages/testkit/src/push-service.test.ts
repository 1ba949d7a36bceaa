import { createECDH, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm, verifyVapid } from './push-service.ts';

// RFC 8291, Appendix A: the example's user agent keys, auth secret and the message as sent.
const RFC_8291 = {
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic:
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  plaintext: 'When I grow up, I want to be a watermelon',
};

function receiver() {
  const ua = createECDH('prime256v1');
  ua.setPrivateKey(Buffer.from(RFC_8291.uaPrivate, 'base64url'));
  return ua;
}

function vapidHeader(claims: Record<string, unknown>) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const k = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]).toString('base64url');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(data), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `vapid t=${data}.${signature.toString('base64url')}, k=${k}`;
}

describe('the test push service', () => {
  it("when it reads RFC 8291's example message, then it decrypts the RFC's plaintext", () => {
    const ua = receiver();
    expect(ua.getPublicKey().toString('base64url')).toBe(RFC_8291.uaPublic);

    const plaintext = decryptAes128gcm(
      Buffer.from(RFC_8291.body, 'base64url'),
      ua,
      Buffer.from(RFC_8291.auth, 'base64url'),
    );

    expect(plaintext).toBe(RFC_8291.plaintext);
  });

  it('when the message was encrypted for another auth secret, then decrypting it fails', () => {
    expect(() =>
      decryptAes128gcm(Buffer.from(RFC_8291.body, 'base64url'), receiver(), Buffer.alloc(16)),
    ).toThrow();
  });

  it('when a VAPID header is signed by the key it names, then its claims are read', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const header = vapidHeader({ aud: 'http://127.0.0.1:1', exp, sub: 'mailto:ops@iconia.test' });

    expect(verifyVapid(header, 'http://127.0.0.1:1')).toMatchObject({
      aud: 'http://127.0.0.1:1',
      exp,
      sub: 'mailto:ops@iconia.test',
    });
  });

  it('when a VAPID header names another audience or another key, then it is refused', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const header = vapidHeader({ aud: 'http://127.0.0.1:1', exp, sub: 'mailto:ops@iconia.test' });
    const otherKey = vapidHeader({ aud: 'http://127.0.0.1:1', exp, sub: 'x' }).split(', k=')[1];

    expect(() => verifyVapid(header, 'http://127.0.0.1:2')).toThrow(/audience/);
    expect(() =>
      verifyVapid(`${header.split(', k=')[0]}, k=${otherKey}`, 'http://127.0.0.1:1'),
    ).toThrow(/not signed/);
  });
});
