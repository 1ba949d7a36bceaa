import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENV_VARIABLES } from '../apps/api/src/config.ts';
import { loadCompose, type Env } from './compose.ts';
import { finalStage, parseDockerfile, stageEnv } from './dockerfile.ts';

/** The repository root, where Compose and `pnpm start` run. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

export function repoPath(relative: string): string {
  return fileURLToPath(new URL(`../${relative}`, import.meta.url));
}

export function readRepoFile(relative: string): string {
  return readFileSync(repoPath(relative), 'utf8');
}

export const COMPOSE_FILE = repoPath('docker-compose.yml');
export const COMPOSE_PROD_FILE = repoPath('docker-compose.prod.yml');

export function readDockerfile() {
  return parseDockerfile(readRepoFile('Dockerfile'));
}

/** The environment the image itself sets (`ENV` of the runtime stage). */
export function imageEnv(): Record<string, string> {
  return stageEnv(finalStage(readDockerfile()));
}

/** Every variable the server reads: the entries of its environment schema. */
export function serverVariables(): string[] {
  return [...ENV_VARIABLES];
}

/**
 * Settings the site's build reads from the environment: the `VITE_*` names of
 * apps/web/src/config/env.ts, less those vite.config.ts defines itself, plus the plain names
 * vite.config.ts reads through `loadEnv` (a prefix such as `VITE_` ends in `_` and is skipped).
 */
export function siteBuildVariables(): string[] {
  const viteConfig = readRepoFile('apps/web/vite.config.ts');
  const read = [
    ...readRepoFile('apps/web/src/config/env.ts').matchAll(/import\.meta\.env\.(VITE_\w+)/g),
  ];
  const defined = new Set(
    [...viteConfig.matchAll(/import\.meta\.env\.(VITE_\w+)/g)].map((match) => match[1]),
  );
  const loaded = [...viteConfig.matchAll(/loadEnv\([^[\]]*\[([^\]]*)\]/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/['"]([A-Z][A-Z0-9_]*[A-Z0-9])['"]/g)].map(
      (name) => name[1] ?? '',
    ),
  );
  const names = [...read.map((match) => match[1] ?? ''), ...loaded];
  return [...new Set(names)].filter((name) => name !== '' && !defined.has(name));
}

/**
 * What the app container's process sees under Compose: the image's ENV, overlaid by the
 * service's `environment`.
 */
export function containerEnv(files: string[], env: Env): Record<string, string> {
  const project = loadCompose(files, env);
  return { ...imageEnv(), ...project.services.app?.environment };
}
