/**
 * The Docker command line the image checks drive: the first `docker` on PATH that builds with
 * BuildKit (the Dockerfile's `COPY --chmod` needs it), either through the buildx plugin or, before
 * Docker 23, built in; and an engine that answers it.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { runToEnd } from '../processes.ts';

export interface Docker {
  /** The client chosen, for a command the checks follow as a process (`docker logs --follow`). */
  binary: string;
  /** Runs `docker …` with BuildKit on; fails with the command's output when it does. */
  run(args: string[]): Promise<string>;
}

function onPath(name: string, searchPath: string): string[] {
  return searchPath
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, name))
    .filter((file) => {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

async function buildsWithBuildKit(binary: string, env: Record<string, string>): Promise<boolean> {
  const buildx = await runToEnd([binary, 'buildx', 'version'], { env }).then(
    () => true,
    () => false,
  );
  if (buildx) return true;
  const version = await runToEnd([binary, '--version'], { env }).catch(() => '');
  const major = Number(/version (\d+)\./.exec(version)?.[1] ?? 0);
  return major > 0 && major < 23;
}

/** `env` is the caller's environment: PATH, and DOCKER_HOST and the like for the client. */
export async function findDocker(env: Record<string, string>): Promise<Docker> {
  const clients = onPath('docker', env.PATH ?? '');
  let binary: string | undefined;
  for (const candidate of clients) {
    if (await buildsWithBuildKit(candidate, env)) {
      binary = candidate;
      break;
    }
  }
  if (!binary) {
    throw new Error(
      `No docker client on PATH builds with BuildKit (tried: ${clients.join(', ') || 'none'}). ` +
        'Install the buildx plugin (docker-buildx), or put a client older than Docker 23 first.',
    );
  }
  const docker: Docker = {
    binary,
    run: (args) => runToEnd([docker.binary, ...args], { env: { ...env, DOCKER_BUILDKIT: '1' } }),
  };
  await docker.run(['info', '--format', '{{.ServerVersion}}']).catch((error: unknown) => {
    throw new Error(`No Docker engine answers ${docker.binary}: start dockerd.\n${String(error)}`);
  });
  return docker;
}

/** Whether the engine holds an image by this name. */
export async function hasImage(docker: Docker, image: string): Promise<boolean> {
  return docker.run(['image', 'inspect', '--format', '{{.Id}}', image]).then(
    () => true,
    () => false,
  );
}
