import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SourceHealthAnswer } from '@iconia/shared';
import {
  startAcres99Peer,
  startHousingPeer,
  startMagicBricksPeer,
  type PortalEnquiry,
  type PortalPeer,
} from '@iconia/testkit';
import {
  queuedSourceAlerts,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import { openLeadStore } from '../store/lead-store.ts';
import { createCapturingLogger } from '../../test/in-process.ts';
import { createPortalCredentialSeal } from './portal-credentials.ts';
import { createPortalPoller, POLL_OVERLAP_MS } from './portal-poller.ts';
import { createPortalSources } from './portal-sources.ts';
import { createPortalStore } from './portal-store.ts';

const MINUTE = 60_000;
const EVERY = 5 * MINUTE;

interface StoredPortalLead {
  origin: string;
  external_id: string;
  name: string;
  mobile: string;
  email: string | null;
  message: string | null;
  answers: string | null;
  owner: string | null;
}

describe('portal sources, polled', () => {
  let t: DeskTestServer;
  let peer: PortalPeer | undefined;
  let enquiryNumber = 0;

  const sources = () =>
    createPortalSources(t.store.db, createPortalCredentialSeal(t.config.dataDir), () => false);
  /** A source of `portal` named `name`, pointed at the peer, added now. */
  const addSource = (portal: string, name: string, credentials: Record<string, string>) =>
    sources().add({ portal, name, credentials, url: peer!.url }, t.clock.now());
  const leads = () =>
    t.store.db
      .prepare<[], StoredPortalLead>(
        `SELECT l.origin, l.external_id, l.name, l.mobile, l.email, l.message, l.answers,
           u.name AS owner
         FROM leads l JOIN buyers b ON b.id = l.buyer_id LEFT JOIN desk_users u ON u.id = b.owner_id
         WHERE l.origin LIKE 'portal:%' ORDER BY l.id`,
      )
      .all();
  /** An enquiry the buyer sends on the portal now. */
  const enquire = (fields: Partial<PortalEnquiry> = {}): PortalEnquiry => {
    enquiryNumber += 1;
    const enquiry = {
      id: `Q${1000 + enquiryNumber}`,
      name: `Buyer ${enquiryNumber}`,
      mobile: String(9_848_100_000 + enquiryNumber),
      project: 'Elegant Iconia',
      message: 'Please call about a 200 sq. yd plot',
      receivedAt: t.clock.now(),
      ...fields,
    };
    peer!.enquiries.push(enquiry);
    return enquiry;
  };
  /** The poll interval passes and the server polls what is due. */
  const nextPoll = async () => {
    t.clock.advance(EVERY);
    return t.portals.pollDue();
  };
  const healthRow = async (manager: TestAgent, origin: string) => {
    const res = await manager.get('/desk/api/source-health');
    expect(res.status, res.text).toBe(200);
    return (res.body as SourceHealthAnswer).sources.find((row) => row.origin === origin);
  };

  beforeEach(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    const arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    t.routing.setDuty(arjun.id, true, t.clock.now());
  });
  afterEach(async () => {
    await t.remove();
    await peer?.close();
    peer = undefined;
  });

  it('when a buyer enquires on 99acres, then the next poll stores the lead as +91, with its project and message, routed to the agent on duty', async () => {
    peer = await startAcres99Peer({ userName: 'iconia-builder', password: 'pw 99 acres' });
    addSource('99acres', '99acres', { userName: 'iconia-builder', password: 'pw 99 acres' });
    t.clock.advance(MINUTE);
    enquire({ id: 'Q77', name: 'Lakshmi Rao', mobile: '9848012345', email: 'lakshmi@example.in' });

    expect(await nextPoll()).toEqual([{ source: '99acres', outcome: 'read', leads: 1 }]);

    expect(leads()).toEqual([
      {
        origin: 'portal:99acres',
        external_id: 'Q77',
        name: 'Lakshmi Rao',
        mobile: '+919848012345',
        email: 'lakshmi@example.in',
        message: 'Please call about a 200 sq. yd plot',
        answers: expect.stringContaining('"Project":"Elegant Iconia"') as unknown,
        owner: 'Arjun',
      },
    ]);
    // The window asked for began before the source was added, by the overlap.
    expect(peer.requests[0]).toMatchObject({ answered: { enquiries: 1 } });
    expect(peer.requests[0]?.from).toBe(t.clock.now() - EVERY - MINUTE - POLL_OVERLAP_MS);
  });

  it('when the same Housing.com lead is in two overlapping windows, then it is stored once, and a poll before the interval asks nothing', async () => {
    peer = await startHousingPeer({
      profileId: '4411',
      key: 'housing-key-1',
      now: () => t.clock.now(),
    });
    addSource('housing', 'housing', { profileId: '4411', key: 'housing-key-1' });
    await nextPoll();
    t.clock.advance(MINUTE);
    enquire();
    expect(await nextPoll()).toEqual([{ source: 'housing', outcome: 'read', leads: 1 }]);
    expect(await t.portals.pollDue()).toEqual([]);
    // The next window starts 10 minutes back: the lead is in it again.
    expect(await nextPoll()).toEqual([{ source: 'housing', outcome: 'read', leads: 1 }]);

    expect(leads()).toHaveLength(1);
    expect(peer.requests.map((request) => request.answered)).toEqual([
      { enquiries: 0 },
      { enquiries: 1 },
      { enquiries: 1 },
    ]);
  });

  it('when MagicBricks fails for an hour, then every lead of that hour arrives on recovery, the managers get one failing email and one recovery email, and the Sources screen says why', async () => {
    peer = await startMagicBricksPeer({ key: 'mb-key', pageSize: 3 });
    addSource('magicbricks', 'magicbricks', { key: 'mb-key' });
    await nextPoll();
    peer.fail('portal-error');
    for (let poll = 0; poll < 12; poll += 1) {
      enquire();
      const [outcome] = await nextPoll();
      expect(outcome).toMatchObject({ outcome: 'failed' });
      t.sourceHealth.check();
    }
    const failing = queuedSourceAlerts(t);
    expect(failing).toHaveLength(1);
    expect(failing[0]).toMatchObject({ recovered: false });
    expect(failing[0]?.reason).toMatch(
      /^No successful poll of the portal for \d+ minutes \(the last error: MagicBricks refused the request: Temporary error, please retry\.\)/,
    );
    const manager = await t.signIn('meena@iconia.test');
    expect((await healthRow(manager, 'portal:magicbricks'))?.polls).toMatchObject({
      lastError: 'MagicBricks refused the request: Temporary error, please retry.',
    });

    peer.recover();
    expect(await nextPoll()).toEqual([{ source: 'magicbricks', outcome: 'read', leads: 12 }]);
    t.sourceHealth.check();

    expect(leads()).toHaveLength(12);
    expect(new Set(leads().map((lead) => lead.external_id)).size).toBe(12);
    expect(queuedSourceAlerts(t).map((alert) => alert.recovered)).toEqual([false, true]);
    expect((await healthRow(manager, 'portal:magicbricks'))?.polls).toMatchObject({
      failingSince: null,
      lastError: null,
    });
  });

  it('when the login is wrong, then the Sources screen says so in words, without the login, and nothing moves until it is entered again', async () => {
    peer = await startAcres99Peer({ userName: 'iconia-builder', password: 'the right one' });
    addSource('99acres', '99acres', { userName: 'iconia-builder', password: 'an old password' });
    enquire();
    const [outcome] = await nextPoll();
    expect(outcome).toEqual({
      source: '99acres',
      outcome: 'failed',
      error:
        "99acres refused the login: Authentication fail. Enter the source's credentials again.",
    });
    const manager = await t.signIn('meena@iconia.test');
    const row = await healthRow(manager, 'portal:99acres');
    expect(row?.polls?.lastError).toBe(
      "99acres refused the login: Authentication fail. Enter the source's credentials again.",
    );
    expect(JSON.stringify(row)).not.toContain('an old password');

    sources().setCredentials('99acres', { userName: 'iconia-builder', password: 'the right one' });
    expect(await nextPoll()).toEqual([{ source: '99acres', outcome: 'read', leads: 1 }]);
  });

  it('when storing a lead fails mid-window, then the mark stays and the next poll stores the rest, none twice', async () => {
    peer = await startMagicBricksPeer({ key: 'mb-key' });
    addSource('magicbricks', 'mb', { key: 'mb-key' });
    const seal = createPortalCredentialSeal(t.config.dataDir);
    let stored = 0;
    // A poller whose disk fills after the first lead of the window.
    const failing = createPortalPoller({
      store: createPortalStore(t.store.db),
      seal,
      ingest: (enquiry) => {
        if (stored === 1) return Promise.reject(new Error('SQLITE_FULL: database or disk is full'));
        stored += 1;
        return Promise.resolve(
          t.storeLead({
            origin: enquiry.origin,
            externalId: enquiry.externalId,
            name: enquiry.name,
            mobile: enquiry.mobile,
          }),
        );
      },
      clock: t.clock,
      logger: createCapturingLogger().logger,
      everyMs: EVERY,
    });
    const ids = [enquire().id, enquire().id];
    t.clock.advance(EVERY);
    expect(await failing.pollDue()).toEqual([
      {
        source: 'mb',
        outcome: 'failed',
        error: "The portal's leads could not be stored: SQLITE_FULL: database or disk is full",
      },
    ]);
    expect(leads()).toHaveLength(1);

    expect(await nextPoll()).toEqual([{ source: 'mb', outcome: 'read', leads: 2 }]);
    expect(leads().map((lead) => lead.external_id)).toEqual(ids);
  });

  it('when two servers share the database, then only one polls a source at a time', async () => {
    peer = await startHousingPeer({ profileId: '4411', key: 'k', now: () => t.clock.now() });
    addSource('housing', 'housing', { profileId: '4411', key: 'k' });
    // A second server's connection to the same file, with its own poller.
    const other = openLeadStore(t.config.databaseFile);
    const otherPoller = createPortalPoller({
      store: createPortalStore(other.db),
      seal: createPortalCredentialSeal(t.config.dataDir),
      ingest: () => Promise.resolve(),
      clock: t.clock,
      logger: createCapturingLogger().logger,
      everyMs: EVERY,
    });
    try {
      peer.fail('timeout');
      t.clock.advance(EVERY);
      const first = t.portals.pollDue();
      await peer.waitForRequests(1);
      // The other server does not ask: the poll under way holds the source, and its lease cannot
      // be taken until it ends or lapses.
      expect(await otherPoller.pollDue()).toEqual([]);
      const otherStore = createPortalStore(other.db);
      const now = t.clock.now();
      expect(otherStore.lease('housing', 'the other server', now, now + MINUTE)).toBe(false);
      peer.recover();
      expect(await first).toMatchObject([{ source: 'housing', outcome: 'failed' }]);
      expect(peer.requests).toHaveLength(1);
    } finally {
      await otherPoller.stop();
      other.close();
    }
  });

  it('when the server was down for a day and a half, then the window is read in the steps 99acres allows, and every lead of it arrives', async () => {
    peer = await startAcres99Peer({ userName: 'u', password: 'p' });
    addSource('99acres', '99acres', { userName: 'u', password: 'p' });
    const early = enquire();
    t.clock.advance(36 * 60 * MINUTE);
    const late = enquire();

    expect(await t.portals.pollDue()).toEqual([{ source: '99acres', outcome: 'read', leads: 2 }]);

    expect(leads().map((lead) => lead.external_id)).toEqual([early.id, late.id]);
    expect(peer.requests.map((request) => request.answered)).toEqual([
      { enquiries: 1 },
      { enquiries: 1 },
    ]);
  });
});
