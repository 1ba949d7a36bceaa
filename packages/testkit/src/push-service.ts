import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback, as a browser's would be (RFC 8030), for tests: each device it
 * hands out has its own endpoint and a key pair and auth secret made here, as a browser makes
 * them. Every message posted to a device is decrypted (RFC 8291, aes128gcm) with the device's
 * private key and its VAPID Authorization header checked (RFC 8292: an ES256 JWT signed by the
 * key it names, for this service's origin), independently of the sender's library.
 */

export interface PushDevice {
  id: string;
  /** What `PushSubscription.toJSON()` gives a page: POST it to the server as is. */
  subscription: {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
  /** The messages this device was sent, oldest first. */
  received: ReceivedPush[];
}

export interface ReceivedPush {
  deviceId: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, or undefined when it could not be decrypted (see `error`). */
  payload?: string;
  /** The VAPID claims, once the JWT's signature verified against `publicKey`. */
  vapid?: { aud: string; exp: number; sub: string; publicKey: string };
  /** What was wrong with the message: its encryption or its VAPID header. */
  error?: string;
  /** The status the service answered with. */
  status: number;
}

export interface PushService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** A new device (a browser profile that subscribed). */
  device(): PushDevice;
  /** Every message posted to any device, oldest first. */
  received: ReceivedPush[];
  /** From now on, posts to `device` are answered with `status` (404 or 410: unsubscribed). */
  answer(device: PushDevice, status: number): void;
  /** Resolves once `count` messages have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface DeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  device: PushDevice;
  status: number;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, as a push payload is. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  if (body.length < 21) throw new Error('the body is shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not a P-256 key`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const receiverPublic = receiver.getPublicKey();
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with a 2 delimiter, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature must verify with k. */
export function verifyVapid(
  authorization: string | undefined,
  audience: string,
): NonNullable<ReceivedPush['vapid']> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID Authorization header (got "${authorization ?? ''}")`);
  const [, token = '', key = ''] = match;
  const [header = '', claims = '', signature = ''] = token.split('.');
  const publicKey = Buffer.from(key, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Error('k is not a P-256 key');
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(publicKey.subarray(1, 33)),
      y: b64url(publicKey.subarray(33)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT is not signed by k');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`the VAPID JWT is ${String(head.alg)}, not ES256`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud?: unknown;
    exp?: unknown;
    sub?: unknown;
  };
  if (body.aud !== audience) throw new Error(`the VAPID audience is ${String(body.aud)}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof body.exp !== 'number' || body.exp <= now || body.exp > now + 24 * 3600) {
    throw new Error('the VAPID JWT expires in the past or more than 24 hours ahead');
  }
  if (typeof body.sub !== 'string') throw new Error('the VAPID JWT has no subject');
  return { aud: body.aud, exp: body.exp, sub: body.sub, publicKey: key };
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, DeviceKeys>();
  const received: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  let origin = '';

  const reply = (response: ServerResponse, status: number) => {
    response.writeHead(status, status === 201 ? { Location: `/message/${randomUUID()}` } : {});
    response.end();
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const keys = id === undefined ? undefined : devices.get(id);
      if (request.method !== 'POST' || !keys || id === undefined) {
        reply(response, 404);
        return;
      }
      const push: ReceivedPush = { deviceId: id, headers: request.headers, status: keys.status };
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`Content-Encoding is ${String(request.headers['content-encoding'])}`);
        }
        push.vapid = verifyVapid(request.headers.authorization, origin);
        push.payload = decryptAes128gcm(Buffer.concat(chunks), keys.ecdh, keys.auth);
      } catch (error) {
        push.error = error instanceof Error ? error.message : String(error);
        push.status = 400;
      }
      keys.device.received.push(push);
      received.push(push);
      for (const wake of waiters.splice(0)) wake();
      reply(response, push.status);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    device() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device: PushDevice = {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
        received: [],
      };
      devices.set(id, { ecdh, auth, device, status: 201 });
      return device;
    },
    answer(device, status) {
      const keys = devices.get(device.id);
      if (keys) keys.status = status;
    },
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
