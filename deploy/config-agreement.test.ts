/**
 * No Docker engine runs here, so these tests read the Dockerfile, the Compose files, the Caddyfile
 * and .env.example, and hold them to what the server's code says: its variables and defaults, its
 * port, its data folder, its start command. What only a Docker host can show is listed in
 * docs/deployment.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_DEFAULTS, loadConfig, parseTrustProxy } from '../apps/api/src/config.ts';
import {
  InterpolationError,
  interpolate,
  loadCompose,
  readComposeTree,
  referencedVariables,
} from './compose.ts';
import {
  cmd,
  copies,
  exposedPorts,
  finalStage,
  healthCheck,
  runCommands,
  stageArgs,
  stopSignal,
  user,
  volumes,
  workdir,
} from './dockerfile.ts';
import { parseEnvExample, uncommented } from './env-example.ts';
import {
  COMPOSE_FILE,
  COMPOSE_PROD_FILE,
  REPO_ROOT,
  containerEnv,
  imageEnv,
  readDockerfile,
  readRepoFile,
  repoPath,
  serverVariables,
  siteBuildVariables,
} from './repo.ts';

/** Set by the image itself, identical for every deployment. */
const IMAGE_FIXED = ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'WEB_DIST'];
/** What a production `.env` must hold at least. */
const PRODUCTION_ENV = {
  SMTP_URL: 'smtps://leads%40example.com:app-password@smtp.example.com:465',
  MAIL_TO: 'sales@example.com, manager@example.com',
  MAIL_FROM: '"Elegant Iconia website" <no-reply@example.com>',
  SITE_DOMAIN: 'www.example.com',
  BARE_DOMAIN: 'example.com',
};

/** The image's own settings, a mail server and the site's address, which a production start needs. */
const imageWithMail = () => ({
  ...imageEnv(),
  SMTP_URL: PRODUCTION_ENV.SMTP_URL,
  SITE_URL: `https://${PRODUCTION_ENV.SITE_DOMAIN}`,
});

const dockerfile = readDockerfile();
const runtime = finalStage(dockerfile);
const devProject = () => loadCompose([COMPOSE_FILE], {});
const prodProject = (env: Record<string, string> = PRODUCTION_ENV) =>
  loadCompose([COMPOSE_FILE, COMPOSE_PROD_FILE], env);
const rootPackage = JSON.parse(readRepoFile('package.json')) as {
  packageManager: string;
  scripts: Record<string, string>;
};

/** Maps a path inside the image to the same file in this checkout, via the WORKDIR. */
function inCheckout(imagePath: string): string {
  const relative = path.posix.relative(workdir(runtime) ?? '/', imagePath);
  expect(relative.startsWith('..'), `${imagePath} lies outside the WORKDIR`).toBe(false);
  return repoPath(relative);
}

describe('the image', () => {
  it('when it is built, then every stage starts from a Node 22 or 24 LTS Debian slim image', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of dockerfile.stages) {
      expect(stage.base).toMatch(/^node:(22|24)(\.\d+)*-bookworm-slim$/);
    }
  });

  it('when dependencies are installed, then the lockfile is frozen and pnpm is the version package.json pins', () => {
    const build = dockerfile.stages[0];
    if (!build) throw new Error('no build stage');
    const commands = runCommands(build).join('\n');
    expect(commands).toMatch(/pnpm install --frozen-lockfile/);
    expect(commands).toMatch(/npm install -g pnpm@\$\{?PNPM_VERSION\}?/);
    expect(`pnpm@${dockerfile.globalArgs.PNPM_VERSION}`).toBe(rootPackage.packageManager);
    // The build runs the same root script as CI and `pnpm start`, so the image holds both builds.
    expect(commands).toMatch(/\bpnpm build\b/);
    expect(rootPackage.scripts.build).toMatch(/@iconia\/web/);
    expect(rootPackage.scripts.build).toMatch(/@iconia\/api/);
  });

  it('when it runs, then the runtime holds production dependencies only, under a non-root user', () => {
    const build = dockerfile.stages[0];
    if (!build) throw new Error('no build stage');
    expect(runCommands(build).join('\n')).toMatch(/deploy --prod\b/);
    const runtimeUser = user(runtime);
    expect(runtimeUser).toBeDefined();
    expect(runtimeUser).not.toMatch(/^(root|0)(:|$)/);
    // Nothing in the runtime stage installs packages or build tools.
    expect(runCommands(runtime).join('\n')).not.toMatch(/apt-get|npm i|pnpm|g\+\+/);
  });

  it('when it starts, then its command is the one `pnpm start` and the tests run, on the files the build copied', () => {
    const command = cmd(runtime);
    expect(command).toEqual(['node', 'apps/api/dist/server.js']);
    expect(rootPackage.scripts.start).toMatch(/&& node apps\/api\/dist\/server\.js$/);

    // The script the command names is copied from the build into that place.
    const script = path.posix.join(workdir(runtime) ?? '/', command?.[1] ?? '');
    const landed = copies(runtime).some(
      (copy) => copy.flags.from && script.startsWith(`${copy.destination.replace(/\/$/, '')}/`),
    );
    expect(landed, `${script} is copied into the image`).toBe(true);
    // …and the copied package.json makes the bundle an ES module, as in the repository.
    expect(copies(runtime).map((copy) => copy.destination)).toContain(
      path.posix.join(path.posix.dirname(path.posix.dirname(script)), 'package.json'),
    );
    // The browser journeys start the same bundle with `node`, through the API's test server.
    expect(
      readRepoFile('apps/api/test/server-process.ts'),
      "the API's test server starts apps/api/dist/server.js",
    ).toMatch(/API_SERVER_ENTRY = path\.join\(API_DIR, 'dist\/server\.js'\)/);
    expect(readRepoFile('apps/web/e2e/global-setup.ts')).toContain('startSiteServer(');
    expect(existsSync(repoPath('apps/api/scripts/build.mjs'))).toBe(true);
    expect(readRepoFile('apps/api/scripts/build.mjs')).toMatch(/outfile: 'dist\/server\.js'/);
  });

  it('when an operator runs `leads` in the container, then it is the sales desk CLI the build bundles', () => {
    const shim = copies(runtime).find((copy) => copy.sources.includes('deploy/leads.sh'));
    expect(shim?.destination).toBe('/usr/local/bin/leads');
    expect(shim?.flags.chmod).toBe('755');
    const target = /^exec node (\S+) "\$@"$/m.exec(readRepoFile('deploy/leads.sh'))?.[1] ?? '';
    expect(path.relative(repoPath('apps/api'), inCheckout(target))).toBe('dist/leads.js');
    expect(readRepoFile('apps/api/scripts/build.mjs')).toMatch(/outfile: 'dist\/leads\.js'/);
    // Outside the container the same CLI is `pnpm leads`.
    expect(rootPackage.scripts.leads).toMatch(/@iconia\/api leads/);
  });

  it('when it is stopped, then it gets SIGTERM, which the server drains on', () => {
    expect(stopSignal(runtime)).toBe('SIGTERM');
    expect(readRepoFile('apps/api/src/server.ts')).toMatch(/process\.on\('SIGTERM'/);
  });

  it('when the port is set, then ENV, EXPOSE, the config default and Compose all say the same', () => {
    const port = ENV_DEFAULTS.PORT;
    expect(imageEnv().PORT).toBe(port);
    expect(exposedPorts(runtime)).toEqual([port]);
    const app = devProject().services.app;
    expect(app?.ports).toEqual([`${port}:${port}`]);
    // The health check asks the port the server listens on.
    expect(healthCheck(runtime)?.command.join(' ')).toMatch(/process\.env\.PORT/);
  });

  it('when leads are stored, then DATA_DIR is the volume, created for the app user', () => {
    const dataDir = imageEnv().DATA_DIR;
    expect(dataDir).toBe('/data');
    expect(volumes(runtime)).toEqual([dataDir]);
    expect(loadConfig(imageWithMail(), '/app').databaseFile).toBe('/data/leads.sqlite');
    const prepared = runCommands(runtime).join('\n');
    expect(prepared).toContain(`mkdir -p ${dataDir}`);
    expect(prepared).toMatch(new RegExp(`chown ${user(runtime)}:\\S+ ${dataDir}`));
    // Compose mounts its named volume exactly there.
    const project = devProject();
    expect(project.services.app?.volumes).toEqual([`leads:${dataDir}`]);
    expect(project.volumes).toHaveProperty('leads');
  });

  it('when the site is served, then WEB_DIST is where the build was copied and where the server looks by default', () => {
    const webDist = imageEnv().WEB_DIST ?? '';
    expect(
      copies(runtime).some(
        (copy) => copy.flags.from && copy.destination.replace(/\/$/, '') === webDist,
      ),
    ).toBe(true);
    // The image keeps the repository's layout, so the server's own default points there too.
    const repoDefault = loadConfig({}, REPO_ROOT).webDist.replace(/\/$/, '');
    expect(inCheckout(webDist)).toBe(repoDefault);
    expect(loadConfig(imageWithMail(), '/app').webDist).toBe(webDist);
  });

  it('when the image is run without SMTP_URL, then the server refuses to start rather than write leads to files', () => {
    expect(imageEnv().NODE_ENV).toBe('production');
    const siteUrl = imageWithMail().SITE_URL;
    expect(() => loadConfig({ ...imageEnv(), SITE_URL: siteUrl }, '/app')).toThrow(
      /SMTP_URL must be set/,
    );
    expect(() =>
      loadConfig({ ...imageEnv(), ALLOW_FILE_INBOX: 'true', SITE_URL: siteUrl }, '/app'),
    ).not.toThrow();
  });

  it('when the image is run without SITE_URL, then the server refuses to start rather than email links to itself', () => {
    expect(() => loadConfig({ ...imageEnv(), SMTP_URL: PRODUCTION_ENV.SMTP_URL }, '/app')).toThrow(
      /SITE_URL must be set when NODE_ENV=production/,
    );
  });

  it('when the sales desk is served, then its build is copied where the server looks for it', () => {
    const deskDist = loadConfig({}, REPO_ROOT).deskDist.replace(/\/$/, '');
    expect(
      copies(runtime).some(
        (copy) =>
          copy.flags.from &&
          copy.sources.some((source) => source.endsWith('/apps/desk/dist')) &&
          inCheckout(copy.destination.replace(/\/$/, '')) === deskDist,
      ),
    ).toBe(true);
    // The server finds it beside its own bundle: apps/api/dist/server.js → apps/desk/dist.
    expect(readRepoFile('apps/api/src/config.ts')).toMatch(/new URL\('\.\.\/\.\.\/desk\/dist\/'/);
  });

  it('when Docker probes the container, then the HEALTHCHECK asks /healthz with Node (slim images have no curl), within its timeout', () => {
    const check = healthCheck(runtime);
    expect(check?.command[0]).toBe('node');
    const script = check?.command.at(-1) ?? '';
    expect(script).toMatch(
      /fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| 8080\) \+ '\/healthz'/,
    );
    expect(script).toMatch(/AbortSignal\.timeout\((\d+)\)/);
    const clientTimeout = Number(/AbortSignal\.timeout\((\d+)\)/.exec(script)?.[1]);
    expect(clientTimeout).toBeLessThan(seconds(check?.options.timeout ?? '30s') * 1000);
    expect(readRepoFile('apps/api/src/http/health.ts')).toMatch(/['"]\/healthz['"]/);
  });

  it('when the site is built in the image, then every build setting of the site is a build argument', () => {
    const build = dockerfile.stages[0];
    if (!build) throw new Error('no build stage');
    const args = stageArgs(build);
    for (const name of siteBuildVariables()) {
      expect(args, name).toHaveProperty(name);
      expect(runCommands(build).join('\n')).toContain(`${name}="$${name}"`);
    }
  });

  it('when the build context is sent, then installs, builds, data and secrets of the host stay out', () => {
    const ignored = readRepoFile('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const pattern of ['**/node_modules', '**/dist', '**/build', 'var', '.git', '.env']) {
      expect(ignored).toContain(pattern);
    }
    // …while every file the Dockerfile copies from the context by name is sent.
    const fromContext = dockerfile.stages.flatMap(copies).filter((copy) => !copy.flags.from);
    for (const copy of fromContext) {
      for (const source of copy.sources.filter((item) => item !== '.')) {
        expect(ignored).not.toContain(source);
        expect(existsSync(repoPath(source)), source).toBe(true);
      }
    }
  });
});

describe('docker compose up', () => {
  it('when no .env exists, then the app gets every server default, mail goes to Mailpit and the config loads', () => {
    const env = containerEnv([COMPOSE_FILE], {});
    const config = loadConfig(env, '/app');
    for (const [name, value] of Object.entries(ENV_DEFAULTS)) {
      if (IMAGE_FIXED.includes(name)) continue;
      expect(env[name], name).toBe(value);
    }
    expect(config.smtpUrl).toBe('smtp://mailpit:1025');
    expect(config.port).toBe(Number(ENV_DEFAULTS.PORT));
    expect(config.dataDir).toBe('/data');
    // The address the stack publishes: the desk links of its emails open on this machine.
    expect(config.siteUrl).toBe(`http://localhost:${ENV_DEFAULTS.PORT}`);
  });

  it('when .env sets a server variable, then Compose hands it to the app unchanged', () => {
    const operator: Record<string, string> = {};
    for (const name of serverVariables().filter((item) => !IMAGE_FIXED.includes(item))) {
      operator[name] = `value-of-${name}`;
    }
    const env = containerEnv([COMPOSE_FILE], operator);
    for (const [name, value] of Object.entries(operator)) expect(env[name], name).toBe(value);
  });

  it('when Compose sets a variable, then it is one the server reads, and never one the image fixes', () => {
    const known = new Set(serverVariables());
    const stacks = {
      dev: loadCompose([COMPOSE_FILE], {}),
      prod: prodProject(),
    };
    for (const [stack, project] of Object.entries(stacks)) {
      for (const name of Object.keys(project.services.app?.environment ?? {})) {
        expect(known.has(name), `${name} (${stack})`).toBe(true);
        expect(IMAGE_FIXED, `${name} (${stack})`).not.toContain(name);
      }
    }
  });

  it('when the stack starts, then the app waits for a healthy Mailpit, and both restart on failure', () => {
    const { services } = devProject();
    expect(services.app?.depends_on).toEqual({ mailpit: { condition: 'service_healthy' } });
    expect(services.app?.restart).toBe('unless-stopped');
    expect(services.mailpit?.restart).toBe('unless-stopped');
    expect(services.mailpit?.image).toMatch(/^axllent\/mailpit:v\d+\.\d+/);
    expect(services.mailpit?.healthcheck?.test).toEqual(['CMD', '/mailpit', 'readyz']);
    // Mailpit's inbox UI on 8025; its SMTP port is the one SMTP_URL names.
    expect(services.mailpit?.ports).toEqual(['8025:8025']);
    const smtp = new URL(containerEnv([COMPOSE_FILE], {}).SMTP_URL ?? '');
    expect(Object.keys(services)).toContain(smtp.hostname);
    expect(services.mailpit?.expose).toContain(smtp.port);
  });

  it('when the stack runs for months, in development or production, then every service keeps at most 50 MB of log', () => {
    for (const project of [devProject(), prodProject()]) {
      const services = Object.entries(project.services);
      expect(services.length).toBeGreaterThanOrEqual(2);
      for (const [name, service] of services) {
        expect(service.logging, name).toEqual({
          driver: 'json-file',
          options: { 'max-size': '10m', 'max-file': '5' },
        });
      }
    }
  });

  it('when Compose checks the app, then it runs the image HEALTHCHECK command', () => {
    expect(devProject().services.app?.healthcheck?.test).toEqual([
      'CMD',
      ...(healthCheck(runtime)?.command ?? []),
    ]);
  });

  it('when the app is stopped, then SIGTERM reaches it through an init and it has time to finish sending', () => {
    const app = devProject().services.app;
    expect(app?.init).toBe(true);
    // In-flight requests get 10 s and the email being sent one SMTP timeout (10 s by default).
    const grace = seconds(app?.stop_grace_period ?? '10s');
    expect(grace).toBeGreaterThanOrEqual(10 + Number(ENV_DEFAULTS.SMTP_TIMEOUT_MS) / 1000);
    expect(readRepoFile('apps/api/src/start/http-server.ts')).toMatch(/SHUTDOWN_GRACE_MS = 10_000/);
  });

  it('when the image is built by Compose, then the site build settings from .env are passed in', () => {
    const operator = Object.fromEntries(siteBuildVariables().map((name) => [name, `x-${name}`]));
    const args = loadCompose([COMPOSE_FILE], operator).services.app?.build?.args;
    expect(args).toEqual(operator);
  });

  it('when an operator copies .env.example and uncomments every line, then the stack still starts with valid settings', () => {
    const env = uncommented(parseEnvExample(readRepoFile('.env.example')));
    expect(() => loadConfig(containerEnv([COMPOSE_FILE], env), '/app')).not.toThrow();
    expect(() =>
      loadConfig(
        containerEnv([COMPOSE_FILE, COMPOSE_PROD_FILE], { ...env, ...PRODUCTION_ENV }),
        '/app',
      ),
    ).not.toThrow();
  });
});

describe('the production override', () => {
  it('when a required setting is missing, then Compose refuses to start and names it', () => {
    for (const name of Object.keys(PRODUCTION_ENV)) {
      const env: Record<string, string> = { ...PRODUCTION_ENV };
      delete env[name];
      expect(() => prodProject(env), name).toThrow(InterpolationError);
      expect(() => prodProject(env)).toThrow(new RegExp(name));
    }
  });

  it('when it is merged, then mail goes to the real SMTP server, Mailpit is off and the app trusts exactly Caddy', () => {
    const env = containerEnv([COMPOSE_FILE, COMPOSE_PROD_FILE], PRODUCTION_ENV);
    const config = loadConfig(env, '/app');
    expect(config.smtpUrl).toBe(PRODUCTION_ENV.SMTP_URL);
    expect(config.mailTo.map((address) => address.address)).toEqual([
      'sales@example.com',
      'manager@example.com',
    ]);
    expect(config.trustProxy).toBe(1);
    // The emails' desk links name the domain Caddy serves, as the site's build does.
    expect(config.siteUrl).toBe(`https://${PRODUCTION_ENV.SITE_DOMAIN}`);
    const { services } = prodProject();
    expect(services.mailpit?.profiles).toEqual(['local-mail']);
    expect(services.app?.depends_on ?? {}).not.toHaveProperty('mailpit');
  });

  it('when it is merged, then only Caddy is published and the app is reached through it', () => {
    const { services } = prodProject();
    expect(services.app?.ports ?? []).toEqual([]);
    expect(services.app?.expose).toContain(ENV_DEFAULTS.PORT);
    expect(services.caddy?.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(services.caddy?.depends_on).toEqual({ app: { condition: 'service_healthy' } });
    expect(services.caddy?.restart).toBe('unless-stopped');
    expect(services.caddy?.environment?.SITE_DOMAIN).toBe(PRODUCTION_ENV.SITE_DOMAIN);
    // Certificates survive a redeploy.
    expect(services.caddy?.volumes).toEqual(
      expect.arrayContaining(['./deploy/Caddyfile:/etc/caddy/Caddyfile:ro', 'caddy-data:/data']),
    );
    expect(prodProject().volumes).toHaveProperty('caddy-data');
  });

  it('when the production image is built without SITE_URL, then the site names the domain Caddy serves', () => {
    expect(prodProject().services.app?.build?.args?.SITE_URL).toBe(
      `https://${PRODUCTION_ENV.SITE_DOMAIN}`,
    );
    const chosen = 'https://elegant-iconia.example.net';
    expect(
      prodProject({ ...PRODUCTION_ENV, SITE_URL: chosen }).services.app?.build?.args?.SITE_URL,
    ).toBe(chosen);
  });

  it('when Caddy reads its Caddyfile, then it serves SITE_DOMAIN and proxies to the app service on its port, checking /healthz', () => {
    const caddyfile = readRepoFile('deploy/Caddyfile');
    expect(caddyfile).toMatch(/^\{\$SITE_DOMAIN\} \{$/m);
    const upstream = /reverse_proxy (\S+):(\d+)/.exec(caddyfile);
    expect(upstream?.[1]).toBe('app');
    expect(upstream?.[2]).toBe(ENV_DEFAULTS.PORT);
    expect(caddyfile).toMatch(/health_uri \/healthz/);
  });

  it('when someone opens the bare domain, then Caddy sends them to SITE_DOMAIN with their path and serves nothing else there', () => {
    const caddyfile = readRepoFile('deploy/Caddyfile');
    const sites = [...caddyfile.matchAll(/^(\S[^\n]*) \{$/gm)].map((match) => match[1]);
    expect(sites).toEqual(['{$SITE_DOMAIN}', '{$BARE_DOMAIN}']);
    const bare = caddyfile.slice(caddyfile.indexOf('{$BARE_DOMAIN} {'));
    const body = bare.slice(bare.indexOf('{\n') + 2, bare.indexOf('\n}')).trim();
    expect(body).toBe('redir https://{$SITE_DOMAIN}{uri} permanent');
    expect(prodProject().services.caddy?.environment?.BARE_DOMAIN).toBe(PRODUCTION_ENV.BARE_DOMAIN);
  });

  it('when someone outside asks for /readyz, then Caddy answers 404 itself and only private addresses reach it', () => {
    const caddyfile = readRepoFile('deploy/Caddyfile');
    const matcher = /@(\S+) \{\s*path \/readyz\s*not remote_ip private_ranges\s*\}/.exec(caddyfile);
    expect(matcher).not.toBeNull();
    expect(caddyfile).toMatch(new RegExp(`respond @${matcher?.[1]} 404`));
  });

  it('when the repository is read, then it holds no mail password or real credentials', () => {
    for (const file of [
      'docker-compose.yml',
      'docker-compose.prod.yml',
      '.env.example',
      'Dockerfile',
    ]) {
      // `user:pass` is the documented placeholder; anything else with a password is a leak.
      const credentials = [...readRepoFile(file).matchAll(/smtps?:\/\/([^\s:@/]+):([^\s@/]+)@/g)];
      expect(
        credentials.map((match) => match[0]).filter((url) => !url.endsWith('//user:pass@')),
        file,
      ).toEqual([]);
    }
    expect(readRepoFile('.gitignore')).toMatch(/^\.env$/m);
  });
});

describe('.env.example', () => {
  const entries = parseEnvExample(readRepoFile('.env.example'));
  const names = entries.map((entry) => entry.name);

  it('when it is read, then it lists exactly the server variables, the site build variables and the production stack settings', () => {
    const composeVariables = [
      ...referencedVariables(readComposeTree(COMPOSE_FILE)),
      ...referencedVariables(readComposeTree(COMPOSE_PROD_FILE)),
    ];
    const expected = new Set([...serverVariables(), ...siteBuildVariables(), ...composeVariables]);
    expect([...names].sort()).toEqual([...expected].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(
      entries
        .filter((entry) => entry.section.startsWith('Server'))
        .map((e) => e.name)
        .sort(),
    ).toEqual([...serverVariables()].sort());
    expect(
      entries
        .filter((entry) => entry.section.startsWith('Site build'))
        .map((e) => e.name)
        .sort(),
      // A variable both read (SITE_URL) is listed once, with the server's.
    ).toEqual(
      siteBuildVariables()
        .filter((name) => !serverVariables().includes(name))
        .sort(),
    );
  });

  it('when it shows a default, then that is the default config.ts applies', () => {
    for (const [name, value] of Object.entries(ENV_DEFAULTS)) {
      expect(entries.find((entry) => entry.name === name)?.value, name).toBe(value);
    }
  });

  it('when a setting is listed, then a one-line meaning stands above it', () => {
    for (const entry of entries) {
      expect(entry.meaning, `${entry.name} (line ${entry.line})`).toMatch(/^[A-Z].{10,}[.)]$/);
      expect(entry.meaning).not.toMatch(/^[A-Z][A-Z0-9_]*=/);
    }
  });

  it('when it is copied unchanged, then it changes nothing: every setting is commented out', () => {
    const active = readRepoFile('.env.example')
      .split('\n')
      .filter((line) => /^\s*[A-Za-z_]\w*\s*=/.test(line));
    expect(active).toEqual([]);
  });
});

describe('the CI workflow', () => {
  const workflow = readWorkflow();
  const runs = (job: string) =>
    (workflow.jobs[job]?.steps ?? []).map((step) => step.run ?? '').join('\n');

  it('when code is pushed or a pull request opened, then it runs', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
  });

  it('when the unit and integration tests run, then they run on Node 20.19, 22 and 24 with the pnpm store cached', () => {
    const job = workflow.jobs.test;
    expect(job?.strategy?.matrix?.node?.map(String)).toEqual(['20.19', '22', '24']);
    const setupNode = job?.steps.find((step) => step.uses?.startsWith('actions/setup-node'));
    expect(setupNode?.with?.cache).toBe('pnpm');
    expect(String(setupNode?.with?.['node-version'])).toBe('${{ matrix.node }}');
    const pnpmSetup = job?.steps.findIndex((step) => step.uses?.startsWith('pnpm/action-setup'));
    expect(pnpmSetup).toBeLessThan(job?.steps.indexOf(setupNode ?? job.steps[0]!) ?? 0);
    expect(runs('test')).toMatch(/pnpm build && pnpm test:unit/);
  });

  it('when CI runs, then it runs the commands of .ci/run', () => {
    const ciRun = readRepoFile('.ci/run')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('pnpm '));
    expect(ciRun.length).toBeGreaterThan(0);
    const all = Object.keys(workflow.jobs).map(runs).join('\n');
    for (const command of ciRun) expect(all, command).toContain(command);
    expect(runs('browser')).toMatch(/^pnpm test$/m);
  });

  it('when the browser tests run, then Chromium is installed and named by CHROME_PATH', () => {
    const job = workflow.jobs.browser;
    expect(runs('browser')).toMatch(/apt-get install -y[^\n]*\bchromium\b/);
    expect(job?.env?.CHROME_PATH).toBe('/usr/bin/chromium');
  });

  it('when the Docker job runs, then it builds the image and validates both Compose stacks', () => {
    const docker = runs('docker');
    expect(docker).toMatch(/docker build /);
    expect(docker).toMatch(/docker compose config/);
    expect(docker).toMatch(
      /docker compose -f docker-compose\.yml -f docker-compose\.prod\.yml config/,
    );
  });
});

interface WorkflowStep {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    {
      env?: Record<string, string>;
      strategy?: { matrix?: { node?: unknown[] } };
      steps: WorkflowStep[];
    }
  >;
}

function readWorkflow(): Workflow {
  const tree = readComposeTree(repoPath('.github/workflows/ci.yml')) as Workflow;
  return tree;
}

/** `30s`, `1m30s`, `500ms` as Docker writes durations. */
function seconds(duration: string): number {
  let total = 0;
  for (const [, amount, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    const factor = { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
    total += Number(amount) * factor;
  }
  return total;
}

// Keeps `interpolate` exercised on the forms the Compose files use, so a reader trusts the checks.
describe('the Compose reader used by these tests', () => {
  it('when a variable is set, unset or empty, then each form resolves as Compose documents', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET:-d} ${EMPTY:-d} ${UNSET:-d}', env)).toBe('x d d');
    expect(interpolate('${EMPTY-d} ${UNSET-d}', env)).toBe(' d');
    expect(interpolate('${UNSET:-${SET}} $$SET $SET', env)).toBe('x $SET x');
    expect(interpolate('${SET:+alt} ${EMPTY:+alt}', env)).toBe('alt ');
    expect(() => interpolate('${EMPTY:?needed}', env)).toThrow(/EMPTY: needed/);
    expect(interpolate('${MAIL:-"Name" <a@b>}', {})).toBe('"Name" <a@b>');
  });

  it('when the production file resets a list, then the base list is gone', () => {
    const { services } = prodProject();
    expect(services.app).not.toHaveProperty('ports');
    expect(parseTrustProxy('1')).toBe(1);
    expect(readFileSync(COMPOSE_PROD_FILE, 'utf8')).toMatch(/ports: !reset \[\]/);
  });
});
