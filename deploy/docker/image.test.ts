/**
 * `pnpm test:docker`: the real Dockerfile built by a real engine with BuildKit, and the image run
 * as an operator runs it. Only what Docker Hub would supply is replaced: the base image (a
 * stand-in built from Debian packages and this machine's Node, see stand-in-base.ts, with
 * NODE_VERSION set to this machine's major) and the Dockerfile's `# syntax=` frontend (the
 * engine's built-in one reads the rest). Mailpit is the test kit's SMTP inbox on this machine,
 * listening on the gateway of the test's own Docker network so the container reaches it. Needs a
 * running dockerd, and root the first time, when the stand-in base is built.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '@iconia/testkit';
import { LEAD_ENDPOINTS, PLOT_RANGES } from '../../packages/shared/src/index.ts';
import { loadCompose } from '../compose.ts';
import { parseDockerfile } from '../dockerfile.ts';
import { startProcess, waitUntilAnswering } from '../processes.ts';
import { COMPOSE_FILE, REPO_ROOT, imageEnv, readRepoFile } from '../repo.ts';
import { findDocker, type Docker } from './docker-cli.ts';
import { ensureBaseImage } from './stand-in-base.ts';

const IMAGE = 'elegant-iconia:docker-test';
/** The base must hold this machine's Node: the stand-in is built from it. */
const BUILD_ARGS = { NODE_VERSION: process.versions.node.split('.')[0] ?? '' };
const { PORT = '8080', DATA_DIR = '/data' } = imageEnv();
/** What Compose gives the app with no `.env`; the test kit's inbox stands in for Mailpit. */
const APP_ENV = loadCompose([COMPOSE_FILE], {}).services.app?.environment ?? {};
const NAME = `Docker Check ${randomUUID().slice(0, 8)}`;
/** This machine's environment: PATH, DOCKER_HOST and the like, npm's and apt's own settings. */
const HOST_ENV = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
);

let docker: Docker;
let inbox: SmtpInbox;
const run = (args: string[]) => docker.run(args);
const inspect = async (container: string, format: string) =>
  (await run(['inspect', '--format', format, container])).trim();

/**
 * A network of the test's own, as Compose gives the stack one; its gateway is this machine's
 * address on it, which the containers reach.
 */
async function createNetwork(name: string): Promise<string> {
  await run(['network', 'create', name]);
  const gateway = await run([
    'network',
    'inspect',
    '--format',
    '{{range .IPAM.Config}}{{.Gateway}} {{end}}',
    name,
  ]);
  const ipv4 = gateway.split(' ').find((address) => /^\d+\.\d+\.\d+\.\d+$/.test(address));
  if (!ipv4) throw new Error(`network ${name} has no IPv4 gateway: ${gateway}`);
  return ipv4;
}

/** The real Dockerfile, less its `# syntax=` line, built with the stand-in as its base. */
async function buildImage(): Promise<void> {
  const text = readRepoFile('Dockerfile');
  const bases = new Set(parseDockerfile(text, BUILD_ARGS).stages.map((stage) => stage.base));
  for (const base of bases) {
    console.log(`base ${base}: ${await ensureBaseImage(docker, base, HOST_ENV)}`);
  }
  const work = await mkdtemp(path.join(tmpdir(), 'iconia-dockerfile-'));
  try {
    const dockerfile = path.join(work, 'Dockerfile');
    await writeFile(dockerfile, text.replace(/^#\s*syntax=.*\n/, ''));
    const args = Object.entries(BUILD_ARGS).flatMap(([name, value]) => [
      '--build-arg',
      `${name}=${value}`,
    ]);
    await run(['build', '--file', dockerfile, ...args, '--tag', IMAGE, REPO_ROOT]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

interface Container {
  name: string;
  url: string;
}

/** `docker run` as docs/deployment.md says, with the settings Compose passes; waits for health. */
async function startContainer(network: string, volume: string): Promise<Container> {
  const name = `iconia-docker-test-${randomUUID().slice(0, 8)}`;
  await run([
    'run',
    '--detach',
    '--name',
    name,
    // As Compose's `init: true`: a small init forwards SIGTERM and reaps children.
    '--init',
    '--stop-timeout',
    '30',
    '--network',
    network,
    '--publish',
    `127.0.0.1::${PORT}`,
    '--volume',
    `${volume}:${DATA_DIR}`,
    ...Object.entries({ ...APP_ENV, SMTP_URL: inbox.url }).flatMap(([key, value]) => [
      '--env',
      `${key}=${value}`,
    ]),
    IMAGE,
  ]);
  const published = (await run(['port', name, `${PORT}/tcp`])).trim().split('\n')[0] ?? '';
  const url = `http://${published}`;
  // The container's log follows the container: it ends when the container does.
  const logs = startProcess([docker.binary, 'logs', '--follow', name], { env: HOST_ENV });
  try {
    await waitUntilAnswering(logs, `${url}/healthz`, 60_000);
  } finally {
    await logs.stop();
  }
  return { name, url };
}

/** Polls a container's state until `done` holds; Docker reports it, nothing here can wait on it. */
async function waitForState(
  container: string,
  format: string,
  done: (state: string) => boolean,
  timeoutMs: number,
): Promise<string> {
  let state = await inspect(container, format);
  await vi
    .waitFor(
      async () => {
        state = await inspect(container, format);
        if (!done(state)) throw new Error(`the container is ${state}`);
      },
      { timeout: timeoutMs, interval: 500 },
    )
    .catch(() => undefined);
  return state;
}

describe('the image, built and run by Docker', () => {
  // The volume and the network are the test's own, removed at the end; the images are kept.
  const volume = `iconia-docker-test-${randomUUID().slice(0, 8)}`;
  const network = volume;
  const started: string[] = [];
  let first: Container;

  beforeAll(async () => {
    docker = await findDocker(HOST_ENV);
    await buildImage();
    inbox = await startSmtpInbox({ host: await createNetwork(network) });
    await run(['volume', 'create', volume]);
    first = await startContainer(network, volume);
    started.push(first.name);
  });

  afterAll(async () => {
    for (const name of started) await run(['rm', '--force', name]).catch(() => '');
    await run(['volume', 'rm', volume]).catch(() => '');
    await run(['network', 'rm', network]).catch(() => '');
    await inbox?.close();
  });

  it('when the container runs, then /healthz answers ok and Docker reports its HEALTHCHECK healthy', async () => {
    expect(await (await fetch(`${first.url}/healthz`)).text()).toBe('ok');
    // The image's own check, on its own schedule: the first probe comes one interval after start.
    const health = await waitForState(
      first.name,
      '{{.State.Health.Status}}',
      (state) => state !== 'starting',
      120_000,
    );
    expect(health).toBe('healthy');
  });

  it('when the app runs, then every process in the container runs as uid 1000', async () => {
    // Docker needs the pid column to tell the container's processes from the machine's.
    const processes = (await run(['top', first.name, '-eo', 'pid,uid,args'])).trim().split('\n');
    const uids = processes.slice(1).map((line) => line.trim().split(/\s+/)[1]);
    expect(uids.length).toBeGreaterThan(0);
    expect(new Set(uids)).toEqual(new Set(['1000']));
    expect((await run(['exec', first.name, 'id', '-u'])).trim()).toBe('1000');
  });

  it('when a visitor sends the brochure form, then the app answers success and the email reaches the inbox', async () => {
    const reply = await fetch(`${first.url}${LEAD_ENDPOINTS.brochure}`, {
      method: 'POST',
      body: new URLSearchParams({ name: NAME, mobile: '98765 43210', plotRange: PLOT_RANGES[1] }),
    });
    expect({ status: reply.status, body: await reply.text() }).toEqual({
      status: 200,
      body: 'success',
    });
    const [mail] = await inbox.waitFor(1, 30_000);
    expect(mail?.parsed.subject).toContain(NAME);
    expect(mail?.envelopeTo).toEqual([APP_ENV.MAIL_TO]);
  });

  it('when the operator runs `leads list` in the container, then the lead is listed as sent', async () => {
    expect(await run(['exec', first.name, 'leads', 'list', '--status', 'sent'])).toContain(NAME);
  });

  it('when Docker stops the container, then the app exits 0 on SIGTERM', async () => {
    expect(await inspect(first.name, '{{.Config.StopSignal}}')).toBe('SIGTERM');
    await run(['stop', first.name]);
    expect(await inspect(first.name, '{{.State.ExitCode}}')).toBe('0');
  });

  it('when a new container starts on the same volume, then the lead is still there, sent', async () => {
    await run(['rm', first.name]);
    const second = await startContainer(network, volume);
    started.push(second.name);
    const ready = (await (await fetch(`${second.url}/readyz`)).json()) as { pending?: number };
    expect(ready.pending).toBe(0);
    expect(await run(['exec', second.name, 'leads', 'list', '--status', 'sent'])).toContain(NAME);
  });
});
