/**
 * The image's build stage replayed without Docker, read from the Dockerfile so the two cannot
 * drift: its WORKDIR, ARG, ENV and COPY, and the RUN lines that call pnpm, in the file's order and
 * with its flags. A temp folder stands for the container's `/`: the paths the Dockerfile names
 * (`/src`, the store, the deploy target) lie under it, the build context is a copy of the files
 * Git tracks or would track, and the pnpm store and pnpm's cache start empty, as in a fresh build,
 * where the `pnpm fetch` layer keeps packages but no registry metadata. The RUN lines that set up
 * the system (apt-get, the global pnpm) are skipped, so this machine's pnpm must be the version the
 * stage installs. `pnpm fetch` downloads from the npm registry, as it does in the image.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpInbox } from '@iconia/testkit';
import { cmd, copies, splitWords, substitute, workdir, type Stage } from './dockerfile.ts';
import { runToEnd, runtime, startProcess, waitUntilAnswering } from './processes.ts';
import { COMPOSE_FILE, REPO_ROOT, containerEnv, readDockerfile, readRepoFile } from './repo.ts';

/** A cold `pnpm fetch` of the whole lockfile and the three builds, on a slow machine. */
const BUILD_TIMEOUT_MS = 30 * 60_000;
const PATH = process.env.PATH ?? '';

const dockerfile = readDockerfile();
const build = dockerfile.stages[0];
if (!build) throw new Error('the Dockerfile has no build stage');

/** A RUN line that calls pnpm; `npm install -g pnpm@…` only installs it. */
const CALLS_PNPM = /(^|\s|&&)pnpm\s/;

/** Moves every absolute path in `text` (a word that starts with `/`) under `root`. */
function reroot(root: string, text: string): string {
  return text.replace(
    /(^|\s)(\/[\w.@+-]+(?:\/[\w.@+-]*)*)/g,
    (_match, before: string, absolute: string) => `${before}${path.join(root, absolute)}`,
  );
}

/** What `docker build .` of this working tree sends, less what Git ignores. */
async function copyBuildContext(context: string): Promise<void> {
  const listed = await runToEnd(
    ['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { env: { PATH }, cwd: REPO_ROOT },
  );
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = path.join(REPO_ROOT, file);
    // A tracked file deleted in the working tree is not in the context either.
    if (!existsSync(from)) continue;
    await mkdir(path.dirname(path.join(context, file)), { recursive: true });
    await cp(from, path.join(context, file), { verbatimSymlinks: true });
  }
}

/** COPY's rules: a folder's contents go into the destination, a file into it or onto it. */
async function copyInto(from: string, destination: string, intoFolder: boolean): Promise<void> {
  const isFolder = (await stat(from)).isDirectory();
  const target =
    !isFolder && intoFolder ? path.join(destination, path.basename(from)) : destination;
  await mkdir(isFolder ? target : path.dirname(target), { recursive: true });
  await cp(from, target, { recursive: true, verbatimSymlinks: true });
}

interface Replay {
  /** The RUN lines run, as the Dockerfile has them. */
  ran: string[];
  env: Record<string, string>;
  workdir: string;
}

/** Runs the stage's instructions in order: `root` stands for `/`, `context` is the context. */
async function replayStage(stage: Stage, root: string, context: string): Promise<Replay> {
  const home = path.join(root, 'root');
  // pnpm keeps its settings, its metadata cache and its default store under these.
  const env: Record<string, string> = {
    PATH,
    HOME: process.env.HOME ?? home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_DATA_HOME: path.join(home, '.local/share'),
    XDG_STATE_HOME: path.join(home, '.local/state'),
  };
  const replay: Replay = { ran: [], env, workdir: root };
  for (const instruction of stage.instructions) {
    const { keyword, args } = instruction;
    if (keyword === 'WORKDIR') {
      replay.workdir = path.resolve(replay.workdir, reroot(root, substitute(args.trim(), env)));
      await mkdir(replay.workdir, { recursive: true });
    } else if (keyword === 'ARG' || keyword === 'ENV') {
      // A stage's bare `ARG NAME` takes the value declared before the first FROM.
      for (const word of splitWords(args)) {
        const [name = '', ...value] = word.split('=');
        env[name] =
          value.length > 0 ? substitute(value.join('='), env) : (dockerfile.globalArgs[name] ?? '');
      }
    } else if (keyword === 'COPY') {
      const [copy] = copies({ ...stage, instructions: [instruction] });
      if (!copy || Object.keys(copy.flags).length > 0) {
        throw new Error(`only a COPY from the build context is replayed: COPY ${args}`);
      }
      const destination = path.resolve(replay.workdir, reroot(root, copy.destination));
      const intoFolder = copy.sources.length > 1 || copy.destination.endsWith('/');
      for (const source of copy.sources) {
        await copyInto(path.join(context, source), destination, intoFolder);
      }
    } else if (keyword === 'RUN' && CALLS_PNPM.test(args)) {
      replay.ran.push(args);
      await runToEnd(['/bin/sh', '-c', reroot(root, args)], { env, cwd: replay.workdir });
    }
  }
  return replay;
}

describe('the image build stage, replayed here from an empty pnpm store', () => {
  let root: string;
  let image: string;
  let replay: Replay;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'iconia-image-build-'));
    image = path.join(root, 'image');
    const context = path.join(root, 'context');
    await copyBuildContext(context);
    replay = await replayStage(build, image, context);
  }, BUILD_TIMEOUT_MS);

  // The replay leaves a whole store and three node_modules trees: removing them on a busy
  // machine can take longer than a hook's default 30 s.
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  }, BUILD_TIMEOUT_MS);

  it('when the stage installs pnpm, then it is the pnpm this replay runs', async () => {
    const version = await runToEnd(['pnpm', '--version'], { env: { PATH } });
    expect(version.trim()).toBe(replay.env.PNPM_VERSION);
  });

  it('when fetch, install, build and deploy run as the Dockerfile says, then each succeeds on a store of their own', async () => {
    const steps = replay.ran.map(
      (command) => /\bpnpm\b.*?\b(fetch|install|build|deploy)\b/.exec(command)?.[1],
    );
    expect(steps).toEqual(['fetch', 'install', 'build', 'deploy']);
    const store = await runToEnd(['pnpm', 'store', 'path'], {
      env: replay.env,
      cwd: replay.workdir,
    });
    expect(store.trim().startsWith(`${image}/`), store).toBe(true);
  });

  it('when the runtime tree is put together as its COPY lines say, then the server starts from it and the operator CLI reads its database', async () => {
    const app = path.join(root, 'runtime');
    const fromBuild = copies(runtime).filter((copy) => copy.flags.from === build.name);
    expect(fromBuild.length).toBeGreaterThan(0);
    for (const copy of fromBuild) {
      for (const source of copy.sources) {
        await copyInto(path.join(image, source), reroot(app, copy.destination), false);
      }
    }
    const inbox = await startSmtpInbox();
    const port = await freePort();
    // The environment Compose gives the container, its paths under the runtime folder.
    const composed = Object.entries(containerEnv([COMPOSE_FILE], {})).map(
      ([name, value]): [string, string] => [
        name,
        path.isAbsolute(value) ? path.join(app, value) : value,
      ],
    );
    const env: Record<string, string> = {
      ...Object.fromEntries(composed),
      HOST: '127.0.0.1',
      PORT: String(port),
      SMTP_URL: inbox.url,
      PATH,
    };
    // The runtime stage makes the volume's folder.
    await mkdir(env.DATA_DIR ?? '', { recursive: true });
    const server = startProcess(cmd(runtime) ?? [], {
      env,
      cwd: reroot(app, workdir(runtime) ?? '/'),
    });
    try {
      await waitUntilAnswering(server, `http://127.0.0.1:${port}/healthz`);
      // The image's `leads` command (deploy/leads.sh), its path under the runtime folder.
      const cli = reroot(app, /^exec node (\S+)/m.exec(readRepoFile('deploy/leads.sh'))?.[1] ?? '');
      await runToEnd(['node', cli, 'list'], { env, cwd: app });
    } finally {
      await server.stop('SIGTERM');
      await inbox.close();
    }
  });
});

describe('the API deploy', () => {
  it('when the workspace does not inject its packages, then none the API deploys declares peer dependencies', () => {
    // The lockfile records no peers for a linked workspace package, so a deploy from the lockfile
    // could not bind them; injecting the package into the workspace would.
    const api = JSON.parse(readRepoFile('apps/api/package.json')) as {
      dependencies: Record<string, string>;
    };
    const linked = Object.keys(api.dependencies).filter((name) =>
      api.dependencies[name]?.startsWith('workspace:'),
    );
    expect(linked).toContain('@iconia/shared');
    for (const name of linked) {
      const manifest = JSON.parse(readRepoFile(`packages/${name.split('/')[1]}/package.json`)) as {
        peerDependencies?: Record<string, string>;
      };
      expect(manifest.peerDependencies ?? {}, name).toEqual({});
    }
  });
});
