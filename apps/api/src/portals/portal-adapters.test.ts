import { afterEach, describe, expect, it } from 'vitest';
import {
  startAcres99Peer,
  startHousingPeer,
  startMagicBricksPeer,
  type PortalFailure,
  type PortalPeer,
} from '@iconia/testkit';
import { acres99 } from './acres99.ts';
import { housing } from './housing.ts';
import { magicbricks } from './magicbricks.ts';
import { PortalError, type PortalAdapter } from './portal-adapter.ts';

const HOUR = 3_600_000;

interface Case {
  adapter: PortalAdapter;
  start: () => Promise<PortalPeer>;
  credentials: Record<string, string>;
  wrong: Record<string, string>;
  /** What the portal's own error body reads as. */
  portalError: string;
}

const CASES: Case[] = [
  {
    adapter: acres99,
    start: () => startAcres99Peer({ userName: 'builder', password: 'secret 1' }),
    credentials: { userName: 'builder', password: 'secret 1' },
    wrong: { userName: 'builder', password: 'guess' },
    portalError: '99acres refused the request: Service temporarily unavailable (code 5).',
  },
  {
    adapter: housing,
    start: () => startHousingPeer({ profileId: '4411', key: 'key 1' }),
    credentials: { profileId: '4411', key: 'key 1' },
    wrong: { profileId: '4411', key: 'guess' },
    portalError: 'Housing.com refused the request: Something went wrong, please try again later.',
  },
  {
    adapter: magicbricks,
    start: () => startMagicBricksPeer({ key: 'key 1', pageSize: 2 }),
    credentials: { key: 'key 1' },
    wrong: { key: 'guess' },
    portalError: 'MagicBricks refused the request: Temporary error, please retry.',
  },
];

const FAILURES: Array<[PortalFailure, RegExp]> = [
  ['http-500', /answered with an error \(HTTP 500\)\.$/],
  ['garbage', /answered with something that is not (XML|JSON) \(HTTP 200\)\.$/],
  ['timeout', /did not answer in time\.$/],
];

describe.each(CASES)('the $adapter.label adapter, against its peer', (c) => {
  let peer: PortalPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  const read = (credentials: Record<string, string>, from: number, to: number, timeoutMs = 5_000) =>
    c.adapter.fetchWindow({
      url: peer!.url,
      credentials,
      from,
      to,
      now: Date.now(),
      signal: AbortSignal.timeout(timeoutMs),
    });

  it('when leads fall inside and outside the window, then only those inside are read, every page of them, as the portal sent them', async () => {
    peer = await c.start();
    const now = Date.now();
    for (let n = 0; n < 5; n += 1) {
      peer.enquiries.push({
        id: `E-${n}`,
        name: `Buyer ${n} & Co`,
        mobile: `984800000${n}`,
        email: `buyer${n}@example.in`,
        project: 'Elegant Iconia',
        receivedAt: now - (n + 1) * 60_000,
      });
    }
    peer.enquiries.push({
      id: 'OLD',
      name: 'Old',
      mobile: '9848000099',
      receivedAt: now - 2 * HOUR,
    });

    const leads = await read(c.credentials, now - HOUR, now);

    expect(leads.map((lead) => lead.name).sort()).toEqual(
      [0, 1, 2, 3, 4].map((n) => `Buyer ${n} & Co`),
    );
    expect(leads.find((lead) => lead.name === 'Buyer 0 & Co')).toMatchObject({
      mobile: '9848000000',
      email: 'buyer0@example.in',
      project: 'Elegant Iconia',
    });
    for (const lead of leads) {
      expect(Math.abs((lead.receivedAt ?? 0) - now)).toBeLessThanOrEqual(6 * 60_000);
    }
    // The same enquiry read again is the same id.
    const again = await read(c.credentials, now - HOUR, now);
    expect(again.map((lead) => lead.externalId).sort()).toEqual(
      leads.map((lead) => lead.externalId).sort(),
    );
  });

  it('when the login is wrong, then the error says the portal refused the login', async () => {
    peer = await c.start();
    const error = await read(c.wrong, Date.now() - HOUR, Date.now()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect((error as PortalError).kind).toBe('credentials');
    expect((error as PortalError).message).toMatch(new RegExp(`^${c.adapter.label} refused the`));
  });

  it("when the portal answers with an error of its own, then it is said in the portal's words", async () => {
    peer = await c.start();
    peer.fail('portal-error');
    const now = Date.now();
    const reading = read(c.credentials, now - HOUR, now);
    await expect(reading).rejects.toThrow(c.portalError);
  });

  it.each(FAILURES)(
    'when the portal fails with %s, then the error says so in words',
    async (failure, words) => {
      peer = await c.start();
      peer.fail(failure);
      const error = await read(c.credentials, Date.now() - HOUR, Date.now(), 300).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PortalError);
      expect((error as PortalError).message).toMatch(words);
    },
  );
});
