import path from 'node:path';
import * as v from 'valibot';
import { got, text, wholeNumber, type EnvOutput } from './env-schema.ts';

/** Where the server listens, keeps its data and finds what it serves. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute directory holding the lead database and the dev inbox. */
  dataDir: string;
  databaseFile: string;
  /**
   * The site's public origin (and path, if any), no trailing slash: emails link to the desk
   * under it, `{siteUrl}/desk/leads/<id>`. Unset, the server's own address outside production
   * (`http://localhost:<PORT>`); production refuses to start without it. The site's build reads
   * the same variable, with its own default.
   */
  siteUrl: string;
  /** Absolute directory of the built website. */
  webDist: string;
  /** Absolute directory of the built sales desk app, served under /desk: `apps/desk/dist`. */
  deskDist: string;
}

export const SERVER_DEFAULTS = {
  PORT: '8080',
  HOST: '0.0.0.0',
  DATA_DIR: './var',
} as const;

export const SERVER_ENV = {
  PORT: wholeNumber(SERVER_DEFAULTS.PORT, 0, 65_535),
  HOST: text(SERVER_DEFAULTS.HOST),
  DATA_DIR: text(SERVER_DEFAULTS.DATA_DIR),
  NODE_ENV: text(),
  SITE_URL: v.pipe(
    text(),
    v.check(
      (url) => url === undefined || parseSiteUrl(url) !== undefined,
      (issue) =>
        `must be the site's public http(s) address without query or fragment, e.g. https://www.eleganticonia.com ${got(issue)}.`,
    ),
    v.transform((url) => (url === undefined ? undefined : parseSiteUrl(url))),
  ),
  WEB_DIST: text(),
};

/** The built apps' folders when no variable names them, as found beside this server. */
export interface BuiltApps {
  webDist: string;
  deskDist: string;
}

export function serverConfig(
  read: EnvOutput<typeof SERVER_ENV>,
  cwd: string,
  builtApps: BuiltApps,
): ServerConfig {
  const dataDir = path.resolve(cwd, read.DATA_DIR);
  return {
    port: read.PORT,
    host: read.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'leads.sqlite'),
    // Outside production the desk links of a local run lead back to this server.
    siteUrl: read.SITE_URL ?? `http://localhost:${read.PORT}`,
    webDist: read.WEB_DIST ? path.resolve(cwd, read.WEB_DIST) : builtApps.webDist,
    deskDist: builtApps.deskDist,
  };
}

/** The same rule as the site's build: an absolute http(s) URL, its trailing slash dropped. */
function parseSiteUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    if (url.search || url.hash || value.includes('?') || value.includes('#')) return undefined;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}
