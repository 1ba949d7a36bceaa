/**
 * A stand-in for the official `node:<major>-<release>-slim` image, for an engine that cannot pull
 * from Docker Hub: Debian <release> from this machine's own Debian mirror (debootstrap), this
 * machine's Node (binary, headers, npm), its CA trust store, its npm registry, and the `node` user
 * (uid 1000) the official image has. It is built once and kept under the official name, labelled
 * as a stand-in; an image already there by that name (the real one, pulled) is used as it is.
 */
import { copyFile, cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runToEnd } from '../processes.ts';
import { hasImage, type Docker } from './docker-cli.ts';

const STAND_IN_LABEL = 'iconia.stand-in';

/** Where the official image keeps Node, and so where the stand-in puts this machine's. */
const NODE_PREFIX = '/usr/local';
/** Added to the trust store by `update-ca-certificates`, so an image's own install keeps it. */
const TRUST_FILE = '/usr/local/share/ca-certificates/host-trust.crt';

/** This machine's commands (apt-cache, npm, debootstrap…), run in the caller's environment. */
type Host = (command: string[]) => Promise<string>;

interface AptSource {
  uri: string;
  suite: string;
  component: string;
}

/** The Debian package sources apt uses here, from `apt-cache policy`, for one release. */
async function debianSources(run: Host, release: string): Promise<AptSource[]> {
  const policy = await run(['apt-cache', 'policy']);
  const sources: AptSource[] = [];
  for (const match of policy.matchAll(
    /^\s*\d+ (\S+) (\S+)\/(\S+) \S+ Packages\n\s+release (.*)$/gm,
  )) {
    const [, uri = '', suite = '', component = '', fields = ''] = match;
    const isRelease = suite === release || suite.startsWith(`${release}-`);
    if (fields.split(',').includes('o=Debian') && isRelease) {
      sources.push({ uri, suite, component });
    }
  }
  return sources;
}

async function npmSetting(run: Host, name: string): Promise<string | undefined> {
  const value = (await run(['npm', 'config', 'get', name])).trim();
  return ['', 'null', 'undefined'].includes(value) ? undefined : value;
}

/** Copies this machine's Node, its headers (node-gyp builds against them offline) and npm. */
async function copyNode(run: Host, rootfs: string): Promise<void> {
  const hostPrefix = path.resolve(path.dirname(process.execPath), '..');
  const globalModules = (await run(['npm', 'root', '--global'])).trim();
  const prefix = path.join(rootfs, NODE_PREFIX);
  await mkdir(path.join(prefix, 'bin'), { recursive: true });
  await copyFile(process.execPath, path.join(prefix, 'bin/node'));
  await cp(path.join(hostPrefix, 'include/node'), path.join(prefix, 'include/node'), {
    recursive: true,
  });
  await cp(path.join(globalModules, 'npm'), path.join(prefix, 'lib/node_modules/npm'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  await symlink('../lib/node_modules/npm/bin/npm-cli.js', path.join(prefix, 'bin/npm'));
  await symlink('../lib/node_modules/npm/bin/npx-cli.js', path.join(prefix, 'bin/npx'));
}

/** npm's global settings in the image: this machine's registry and trust, and Node's headers. */
async function writeNpmSettings(run: Host, rootfs: string, env: Record<string, string>) {
  const registry = await npmSetting(run, 'registry');
  const cafile = (await npmSetting(run, 'cafile')) ?? env.NODE_EXTRA_CA_CERTS;
  const settings = [`registry=${registry}`, `nodedir=${NODE_PREFIX}`];
  if (cafile) {
    for (const file of [TRUST_FILE, '/etc/ssl/certs/ca-certificates.crt']) {
      await mkdir(path.dirname(path.join(rootfs, file)), { recursive: true });
      await copyFile(cafile, path.join(rootfs, file));
    }
    settings.push(`cafile=${TRUST_FILE}`);
  }
  await mkdir(path.join(rootfs, NODE_PREFIX, 'etc'), { recursive: true });
  await writeFile(path.join(rootfs, NODE_PREFIX, 'etc/npmrc'), `${settings.join('\n')}\n`);
}

/**
 * Builds the stand-in for `image` unless the engine has an image by that name already. `env` is
 * the caller's environment, in which this machine's tools run.
 */
export async function ensureBaseImage(
  docker: Docker,
  image: string,
  env: Record<string, string>,
): Promise<'kept' | 'built'> {
  if (await hasImage(docker, image)) return 'kept';
  const [, major, release] = /^node:(\d+)-([a-z]+)-slim$/.exec(image) ?? [];
  const hostMajor = process.versions.node.split('.')[0];
  if (!release || major !== hostMajor) {
    throw new Error(
      `A stand-in for ${image} cannot be built here: it holds this machine's Node ${hostMajor}, ` +
        `so the base must be node:${hostMajor}-<debian release>-slim.`,
    );
  }
  if (process.getuid?.() !== 0)
    throw new Error('Building a stand-in base runs debootstrap: as root.');
  const run: Host = (command) => runToEnd(command, { env });
  const sources = await debianSources(run, release);
  const mirror = sources.find((source) => source.suite === release)?.uri;
  if (!mirror) throw new Error(`apt here has no Debian mirror for ${release} (apt-cache policy).`);

  const work = await mkdtemp(path.join(tmpdir(), 'iconia-stand-in-'));
  try {
    const rootfs = path.join(work, 'rootfs');
    await run(['debootstrap', '--variant=minbase', release, rootfs, mirror]);
    await writeFile(
      path.join(rootfs, 'etc/apt/sources.list'),
      sources.map(({ uri, suite, component }) => `deb ${uri} ${suite} ${component}\n`).join(''),
    );
    await copyNode(run, rootfs);
    await writeNpmSettings(run, rootfs, env);
    await run(['chroot', rootfs, 'groupadd', '--gid', '1000', 'node']);
    await run([
      'chroot',
      rootfs,
      'useradd',
      '--uid',
      '1000',
      '--gid',
      'node',
      '--create-home',
      'node',
    ]);
    await rm(path.join(rootfs, 'var/lib/apt/lists'), { recursive: true, force: true });
    await mkdir(path.join(rootfs, 'var/lib/apt/lists/partial'), { recursive: true });

    const archive = path.join(work, 'rootfs.tar');
    await run(['tar', '--create', '--file', archive, '--directory', rootfs, '.']);
    await docker.run([
      'import',
      '--change',
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--change',
      `ENV NODE_VERSION=${process.versions.node}`,
      '--change',
      `LABEL ${STAND_IN_LABEL}="Debian ${release}, Node ${process.versions.node} of the machine"`,
      '--change',
      'CMD ["node"]',
      archive,
      image,
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return 'built';
}
