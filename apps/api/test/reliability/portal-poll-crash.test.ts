/**
 * A portal's window counts as read only once every lead of it is stored. A server killed with
 * SIGKILL while the portal has not answered loses nothing and doubles nothing: restarted, it reads
 * the same window again and stores each lead once.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAcres99Peer, type PortalPeer } from '@iconia/testkit';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { startDeskTestServer, type DeskTestServer } from '../../src/desk/desk-test-support.ts';
import { createPortalCredentialSeal, createPortalSources } from '../../src/portals/index.ts';

const LOGIN = { userName: 'iconia-builder', password: 'crash test password' };

describe('a crash while a portal is being polled', () => {
  let setup: DeskTestServer;
  let peer: PortalPeer;
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    setup = await startDeskTestServer();
    peer = await startAcres99Peer(LOGIN);
  });
  afterEach(async () => {
    await server?.kill();
    await peer.close();
    await setup.remove();
  });

  it('when the server is killed with SIGKILL while 99acres does not answer and is restarted, then every lead of the window is stored exactly once', async () => {
    const { dataDir } = setup.config;
    // The server below runs on the real clock: the source is added now, its leads a minute old.
    createPortalSources(setup.store.db, createPortalCredentialSeal(dataDir), () => false).add(
      { portal: '99acres', name: '99acres', credentials: LOGIN, url: peer.url },
      Date.now() - 5 * 60_000,
    );
    for (const [index, name] of ['Asha Rao', 'Bhanu Prakash', 'Chitra Devi'].entries()) {
      peer.enquiries.push({
        id: `Q-${index}`,
        name,
        mobile: `98480000${10 + index}`,
        receivedAt: Date.now() - 60_000,
      });
    }
    // The process below is the file's only server, as in production: it takes back at start
    // the poll a server that died was holding.
    await setup.close();
    const env = {
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '0',
      WEB_DIST: path.join(dataDir, 'no-site'),
      LOG_LEVEL: 'warn',
      PORTAL_POLL_MINUTES: '1',
    };
    peer.fail('timeout');
    server = await startServerProcess({ env, entry: SOURCE_SERVER });
    await peer.waitForRequests(1, 30_000);

    await server.kill();
    peer.recover();
    server = await startServerProcess({ env, entry: SOURCE_SERVER });

    const db = new Database(path.join(dataDir, 'leads.sqlite'), { readonly: true });
    try {
      const stored = () =>
        db
          .prepare<[], { external_id: string; mobile: string }>(
            `SELECT external_id, mobile FROM leads WHERE origin = 'portal:99acres' ORDER BY id`,
          )
          .all();
      await expect.poll(() => stored().length, { timeout: 30_000 }).toBe(3);
      expect(stored()).toEqual([
        { external_id: 'Q-0', mobile: '+919848000010' },
        { external_id: 'Q-1', mobile: '+919848000011' },
        { external_id: 'Q-2', mobile: '+919848000012' },
      ]);
      expect(
        db.prepare(`SELECT last_error FROM portal_sources WHERE name = '99acres'`).pluck().get(),
      ).toBeNull();
    } finally {
      db.close();
    }
  }, 120_000);
});
