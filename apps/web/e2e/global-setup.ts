import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveChromium, startSmtpInbox } from '@iconia/testkit';
import { startSiteServer, type ServerProcess } from '@iconia/api/test-server';
import { RUN_ENV, TEST_ANALYTICS } from './support/run-env.ts';
import {
  WEB_DIST,
  ensureAnalyticsBuild,
  ensureProductionBuild,
  snapshotSite,
} from './support/site-build.ts';

/** Server logs are copied here after the run, beside Playwright's traces and screenshots. */
const LOG_COPY_DIR = fileURLToPath(new URL('../test-results/e2e-server-logs/', import.meta.url));
/** The run's lead database, kept for `DATA_DIR=apps/web/test-results/e2e-leads pnpm leads …`. */
const LEADS_COPY_DIR = fileURLToPath(new URL('../test-results/e2e-leads/', import.meta.url));

/**
 * Builds what is missing or stale, then starts the real product for the run: an SMTP server
 * standing in for the sales inbox and the production server twice (the normal build, and the
 * build with test analytics IDs), each with its own throwaway data folder. The returned function
 * is Playwright's global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  resolveChromium();
  await ensureProductionBuild();
  const analyticsDist = await ensureAnalyticsBuild(TEST_ANALYTICS);

  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'iconia-e2e-'));
  // The servers serve copies, so a rebuild in the working tree during the run changes nothing.
  const sites = {
    site: path.join(tempDir, 'site'),
    'analytics-site': path.join(tempDir, 'analytics-site'),
  } as const;
  await snapshotSite(WEB_DIST, sites.site);
  await snapshotSite(analyticsDist, sites['analytics-site']);
  const mailDir = path.join(tempDir, 'mail');
  await mkdir(mailDir);
  const inbox = await startSmtpInbox({ mailDir, parse: false });

  const servers: ServerProcess[] = [];
  try {
    for (const [name, webDist] of Object.entries(sites)) {
      const dataDir = path.join(tempDir, `${name}-data`);
      await mkdir(dataDir);
      servers.push(
        await startSiteServer({
          webDist,
          dataDir,
          smtpUrl: inbox.url,
          logFile: path.join(tempDir, `${name}.log`),
        }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    await inbox.close();
    throw error;
  }
  const [site, analyticsSite] = servers;

  process.env[RUN_ENV.baseUrl] = site?.url;
  process.env[RUN_ENV.analyticsBaseUrl] = analyticsSite?.url;
  process.env[RUN_ENV.mailDir] = mailDir;

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await inbox.close();
    await rm(LOG_COPY_DIR, { recursive: true, force: true });
    await mkdir(LOG_COPY_DIR, { recursive: true });
    for (const name of ['site.log', 'analytics-site.log']) {
      await cp(path.join(tempDir, name), path.join(LOG_COPY_DIR, name)).catch(() => undefined);
    }
    // The servers have stopped, so the database file is complete and closed.
    await rm(LEADS_COPY_DIR, { recursive: true, force: true });
    await mkdir(LEADS_COPY_DIR, { recursive: true });
    await cp(
      path.join(tempDir, 'site-data', 'leads.sqlite'),
      path.join(LEADS_COPY_DIR, 'leads.sqlite'),
    ).catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  };
}
