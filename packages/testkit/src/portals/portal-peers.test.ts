import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { indiaDateTime } from './portal-peer.ts';
import {
  startAcres99Peer,
  startHousingPeer,
  startMagicBricksPeer,
  type PortalPeer,
} from './index.ts';

describe("the portals' local peers", () => {
  let peer: PortalPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('when 99acres is asked for more than 24 hours, or with a wrong password, then it answers its error XML', async () => {
    peer = await startAcres99Peer({ userName: 'u', password: 'p' });
    const ask = async (password: string, hours: number) => {
      const now = Date.now();
      const xml = `<?xml version='1.0'?><query><user_name>u</user_name><pwd>${password}</pwd><start_date>${indiaDateTime(now - hours * 3_600_000)}</start_date><end_date>${indiaDateTime(now)}</end_date></query>`;
      const res = await fetch(peer!.url, { method: 'POST', body: new URLSearchParams({ xml }) });
      return res.text();
    };
    expect(await ask('p', 25)).toContain('<Message>Date range exceeds 24 hours</Message>');
    expect(await ask('x', 1)).toContain('<Message>Authentication fail</Message>');
    expect(await ask('p', 1)).toContain('ActionStatus="true"');
  });

  it('when Housing.com gets a hash of a stale time or of another key, then it refuses the request', async () => {
    const portalNow = Date.parse('2026-11-29T06:00:00Z');
    const anHourBefore = portalNow - 3_600_000;
    peer = await startHousingPeer({ profileId: '9', key: 'k', now: () => portalNow });
    const ask = async (key: string, currentTime: number) => {
      const url = new URL(peer!.url);
      const time = String(Math.floor(currentTime / 1000));
      url.searchParams.set('id', '9');
      url.searchParams.set('start_date', String(Math.floor(anHourBefore / 1000)));
      url.searchParams.set('end_date', String(Math.floor(portalNow / 1000)));
      url.searchParams.set('current_time', time);
      url.searchParams.set('hash', createHmac('sha256', key).update(time).digest('hex'));
      const res = await fetch(url);
      const body: unknown = await res.json();
      return { status: res.status, body };
    };
    expect(await ask('k', anHourBefore)).toMatchObject({
      status: 401,
      body: { api_errors: { details: 'Request expired' } },
    });
    expect(await ask('other', portalNow)).toMatchObject({
      status: 401,
      body: { api_errors: { details: 'Hash mismatch' } },
    });
    expect(await ask('k', portalNow)).toEqual({ status: 200, body: { data: [] } });
  });

  it('when MagicBricks is asked for a page past the last, then it answers a failure', async () => {
    peer = await startMagicBricksPeer({ key: 'k', pageSize: 1 });
    const now = Date.now();
    peer.enquiries.push({ id: '1', name: 'A', mobile: '9848000001', receivedAt: now - 1_000 });
    const url = new URL(peer.url);
    url.searchParams.set('key', 'k');
    url.searchParams.set('startDate', indiaDateTime(now - 60_000));
    url.searchParams.set('endDate', indiaDateTime(now));
    url.searchParams.set('page', '2');
    expect(await (await fetch(url)).json()).toEqual({ status: 'failure', message: 'Invalid page' });
    url.searchParams.set('page', '1');
    expect(await (await fetch(url)).json()).toMatchObject({ status: 'success', totalPages: 1 });
  });
});
