import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, run through ESLint with the repo's own config on
 * small sources placed at paths inside each zone. Only the boundary rules run, and without type
 * information, so a source may sit where no file exists yet (intake/, routing/); what it imports
 * must exist, since a boundary is checked on the resolved file.
 */
const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

const eslint = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

async function boundaryErrors(filePath: string, specifier: string) {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const refused: Array<[zone: string, file: string, specifier: string, rule: string, says: string]> =
  [
    [
      'the composition root',
      'apps/api/src/leads/capture-lead.ts',
      '../start-server.ts',
      'import-x/no-restricted-paths',
      'A module of the use cases never imports the composition root',
    ],
    [
      'use cases and the outbox channels',
      'apps/api/src/buyers/lead-work.ts',
      '../mail/lead-email.ts',
      'import-x/no-restricted-paths',
      'Entry points and use cases send through the outbox, never a channel of it directly',
    ],
    [
      'entry points and the outbox channels',
      'apps/api/src/http/openapi.ts',
      '../webhooks/send-webhook.ts',
      'import-x/no-restricted-paths',
      'Entry points and use cases send through the outbox, never a channel of it directly',
    ],
    [
      'entry points: the desk router and the CLI',
      'apps/api/src/desk-api/desk-router.ts',
      '../cli/table.ts',
      'import-x/no-restricted-paths',
      'Entry points never import one another (the desk API → cli/)',
    ],
    [
      'entry points: the CLI and the desk router',
      'apps/api/src/cli/commands/users.ts',
      '../../desk-api/desk-router.ts',
      'import-x/no-restricted-paths',
      'Entry points never import one another (cli/ → the desk API)',
    ],
    [
      'entry points: http/ and the lead routes',
      'apps/api/src/http/openapi.ts',
      '../leads/lead-routes.ts',
      'import-x/no-restricted-paths',
      'Entry points never import one another (http/ → the lead routes)',
    ],
    [
      'entry points: intake/ and the lead routes',
      'apps/api/src/intake/google-ads-routes.ts',
      '../leads/lead-routes.ts',
      'import-x/no-restricted-paths',
      'Entry points never import one another (intake/ → the lead routes)',
    ],
    [
      'entry points: the CLI and http/',
      'apps/api/src/cli/commands/list.ts',
      '../../http/replies.ts',
      'import-x/no-restricted-paths',
      'Entry points never import one another (cli/ → http/)',
    ],
    [
      'use cases: ingest-enquiry and the intake HTTP plumbing',
      'apps/api/src/intake/ingest-enquiry.ts',
      './intake-http.ts',
      'import-x/no-restricted-paths',
      'A module of the use cases never imports the entry points',
    ],
    [
      'use cases: capture-lead and the lead routes',
      'apps/api/src/leads/capture-lead.ts',
      './lead-routes.ts',
      'import-x/no-restricted-paths',
      'A module of the use cases never imports the entry points',
    ],
    [
      "use cases: the desk's sessions and the desk router",
      'apps/api/src/desk/auth.ts',
      '../desk-api/desk-router.ts',
      'import-x/no-restricted-paths',
      'A module of the use cases never imports the entry points',
    ],
    [
      'use cases: routing/ and http/',
      'apps/api/src/routing/assign-buyer.ts',
      '../http/replies.ts',
      'import-x/no-restricted-paths',
      'A module of the use cases never imports the entry points',
    ],
    [
      'use cases: digest/ and the CLI',
      'apps/api/src/digest/daily-digest.ts',
      '../cli/table.ts',
      'import-x/no-restricted-paths',
      'A module of the use cases never imports the entry points',
    ],
    [
      'outbox channels: mail/ and a use case',
      'apps/api/src/mail/transport.ts',
      '../leads/capture-lead.ts',
      'import-x/no-restricted-paths',
      'A module of the outbox channels never imports the use cases',
    ],
    [
      'outbox channels: webhooks/ and mail/',
      'apps/api/src/webhooks/webhook-channel.ts',
      '../mail/transport.ts',
      'import-x/no-restricted-paths',
      'Channels of the outbox never import one another',
    ],
    [
      'the outbox and a channel',
      'apps/api/src/outbox/outbox-worker.ts',
      '../mail/transport.ts',
      'import-x/no-restricted-paths',
      'A module of the outbox never imports the outbox channels',
    ],
    [
      'format/ and a channel',
      'apps/api/src/format/lead-stats.ts',
      '../mail/lead-email.ts',
      'import-x/no-restricted-paths',
      'A module of format/ never imports the outbox channels',
    ],
    [
      'the store and the desk',
      'apps/api/src/store/lead-store.ts',
      '../accounts/index.ts',
      'import-x/no-restricted-paths',
      'A module of the store never imports the use cases',
    ],
    [
      'the store and format/',
      'apps/api/src/store/lead-queries.ts',
      '../format/india-day.ts',
      'import-x/no-restricted-paths',
      'A module of the store never imports format/',
    ],
    [
      'lib and the store',
      'apps/api/src/logger.ts',
      './store/lead-store.ts',
      'import-x/no-restricted-paths',
      'A module of lib never imports the store',
    ],
    [
      "lib: config and a channel's sender",
      'apps/api/src/config.ts',
      './mail/transport.ts',
      'import-x/no-restricted-paths',
      'A module of lib never imports the outbox channels',
    ],
    [
      "lib: config and a channel's own module",
      'apps/api/src/config/channels-config.ts',
      '../webhooks/webhook-signature.ts',
      'import-x/no-restricted-paths',
      'A module of lib never imports the outbox channels',
    ],
    [
      "the desk's internals",
      'apps/api/src/cli/commands/users.ts',
      '../../desk/auth.ts',
      'import-x/no-restricted-paths',
      "Outside desk/, its features and the desk API, call the desk's use cases",
    ],
    [
      'a desk feature and the desk API',
      'apps/api/src/buyers/lead-view.ts',
      '../desk-api/desk-store.ts',
      'import-x/no-restricted-paths',
      'A desk feature never imports the desk API that mounts it',
    ],
    [
      "apps: the desk and the site's src/",
      'apps/desk/src/lib/site-texts.ts',
      '../../../web/src/content/site.ts',
      'import-x/no-restricted-paths',
      "Apps never import one another's src/",
    ],
    [
      "apps: an API test and the site's src/",
      'apps/api/src/privacy/consent-notice.test.ts',
      '../../../web/src/content/forms.ts',
      'import-x/no-restricted-paths',
      "Apps never import one another's src/",
    ],
    [
      'packages: a path into an app',
      'packages/testkit/src/in-process.ts',
      '../../../apps/api/src/config.ts',
      'no-restricted-imports',
      'Packages import an app by its package name',
    ],
    [
      'packages: the shared package and an app',
      'packages/shared/src/lead.ts',
      '../../../apps/api/src/clock.ts',
      'import-x/no-restricted-paths',
      'The shared package imports nothing of the apps',
    ],
    [
      'the site: a feature and another feature',
      'apps/web/src/features/gallery/gallery.tsx',
      '../lead-forms/index.ts',
      'import-x/no-restricted-paths',
      'Features never import one another',
    ],
    [
      'the site: lib and features',
      'apps/web/src/lib/api-client.ts',
      '../features/lead-forms/index.ts',
      'import-x/no-restricted-paths',
      'lib sits below app, features, components',
    ],
    [
      'the desk app: components and features',
      'apps/desk/src/components/layout.tsx',
      '../features/reports/reports-route.tsx',
      'import-x/no-restricted-paths',
      'components sits below app, features',
    ],
  ];

const allowed: Array<[why: string, file: string, specifier: string]> = [
  ['a route builds on http/', 'apps/api/src/leads/lead-routes.ts', '../http/replies.ts'],
  ['the desk router writes CSV', 'apps/api/src/desk-api/desk-router.ts', '../format/csv.ts'],
  [
    "the desk's OpenAPI document builds on http/",
    'apps/api/src/desk-api/desk-openapi.ts',
    '../http/openapi-parts.ts',
  ],
  [
    "the CLI calls the desk's account use cases",
    'apps/api/src/cli/commands/users.ts',
    '../../accounts/index.ts',
  ],
  ['an entry point reads the store', 'apps/api/src/cli/find-lead.ts', '../store/lead-store.ts'],
  ['a use case reads the store', 'apps/api/src/leads/capture-lead.ts', '../store/lead-types.ts'],
  [
    'an intake channel builds on the intake plumbing and its use case',
    'apps/api/src/intake/google-ads-routes.ts',
    './ingest-enquiry.ts',
  ],
  [
    'the intake plumbing builds on http/',
    'apps/api/src/intake/intake-http.ts',
    '../http/rate-limit.ts',
  ],
  [
    'a channel reads format/',
    'apps/api/src/webhooks/lead-created-event.ts',
    '../format/india-day.ts',
  ],
  ['config reads its sections', 'apps/api/src/config.ts', './config/webhook-config.ts'],
  [
    'a channel reads its settings from config',
    'apps/api/src/webhooks/webhook-channel.ts',
    '../config/webhook-config.ts',
  ],
  ['a test puts the parts together', 'apps/api/src/leads/lead-routes.test.ts', '../app.ts'],
  ['the root wires the desk', 'apps/api/src/start-server.ts', './desk-api/desk.ts'],
  [
    "an account rule reads the desk's account queries",
    'apps/api/src/accounts/accounts.ts',
    '../desk/account-queries.ts',
  ],
  [
    'the daily digest sends its summary',
    'apps/api/src/digest/daily-digest.ts',
    '../mail/transport.ts',
  ],
  [
    'an app reads the shared package',
    'apps/desk/src/lib/site-texts.ts',
    '../../../../packages/shared/src/index.ts',
  ],
];

describe('import boundaries', () => {
  // The first lint loads the config, the plugins and the resolver's view of every tsconfig.
  beforeAll(() => eslint.lintText('', { filePath: 'apps/api/src/app.ts' }), 60_000);

  it.each(refused)(
    'when a module crosses %s (%s imports %s), then %s refuses it',
    async (_zone, file, specifier, rule, says) => {
      const errors = await boundaryErrors(file, specifier);

      expect(errors).toContainEqual({
        ruleId: rule,
        message: expect.stringContaining(says) as string,
      });
    },
  );

  it.each(allowed)(
    'when %s (%s imports %s), then no boundary refuses it',
    async (_why, file, specifier) => {
      expect(await boundaryErrors(file, specifier)).toEqual([]);
    },
  );
});

/**
 * Tests that the machine's speed cannot fail: sources placed at test paths, linted with only
 * the rules that refuse fixed sleeps and elapsed-time checks.
 */
const WAIT_RULES = new Set(['no-restricted-syntax', 'no-restricted-properties']);
const waits = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => WAIT_RULES.has(ruleId),
});

async function waitErrors(filePath: string, source: string) {
  const [result] = await waits.lintText(source, { filePath });
  return (result?.messages ?? []).map(({ message }) => message);
}

const fixedWaits: Array<[what: string, file: string, source: string]> = [
  ['a Playwright pause', 'apps/web/e2e/journeys/x.spec.ts', 'await page.waitForTimeout(1000);'],
  [
    'a promise that sleeps',
    'apps/api/src/x.test.ts',
    'await new Promise((resolve) => setTimeout(resolve, 500));',
  ],
  [
    'a promise that sleeps through an arrow',
    'apps/desk/src/x.test.tsx',
    'await new Promise<void>((resolve) => setTimeout(() => resolve(), 500));',
  ],
  [
    'the promise timers',
    'deploy/x.test.ts',
    "import { setTimeout as sleep } from 'node:timers/promises';",
  ],
  ['a sleep helper', 'apps/api/test/reliability/x.test.ts', 'await sleep(300);'],
  [
    'an elapsed time checked',
    'apps/desk/e2e/journeys/x.spec.ts',
    'expect(Date.now() - started).toBeLessThan(2_000);',
  ],
  ['a stopwatch', 'apps/api/src/x.test.ts', 'const started = performance.now();'],
];

describe('fixed waits in tests', () => {
  beforeAll(() => waits.lintText('', { filePath: 'apps/api/src/app.test.ts' }), 60_000);

  it.each(fixedWaits)(
    'when a test holds %s (%s), then lint refuses it',
    async (_what, file, source) => {
      expect(await waitErrors(file, source)).toEqual([
        expect.stringMatching(/A test never (sleeps a fixed time|asserts a duration)/),
      ]);
    },
  );

  it('when a test waits for the event or moves a clock, or a bench times something, then lint lets it be', async () => {
    const waiting = [
      'await expect.poll(() => count()).toBe(1);',
      "vi.useFakeTimers({ toFake: ['setInterval'] });",
      'await page.clock.runFor(1_400);',
      'const received = new Date(Date.now() - 4 * 60_000);',
      'const timer = setTimeout(() => socket.destroy(), 10_000);',
    ].join('\n');
    expect(await waitErrors('apps/api/src/x.test.ts', waiting)).toEqual([]);
    expect(
      await waitErrors(
        'apps/api/bench/x.ts',
        'const started = performance.now();\nawait sleep(5);',
      ),
    ).toEqual([]);
  });
});

/** The size rules and the one way a desk route is declared, through ESLint with the repo's config. */
const SHAPE_RULES = new Set(['max-lines', 'max-lines-per-function', 'no-restricted-syntax']);
const shapes = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => SHAPE_RULES.has(ruleId),
});

async function shapeErrors(filePath: string, source: string) {
  const [result] = await shapes.lintText(source, { filePath });
  return (result?.messages ?? []).map(({ ruleId }) => ruleId);
}

const lines = (count: number, line: string) => Array.from({ length: count }, () => line).join('\n');
const longFunction = `export function work() {\n${lines(101, '  console.log(1);')}\n}\n`;

describe('the shape of the code', () => {
  beforeAll(() => shapes.lintText('', { filePath: 'apps/api/src/app.ts' }), 60_000);

  it('when a source file passes 400 lines, then lint refuses it; a test or a content table may', async () => {
    const long = `${lines(401, 'export const a = 1;')}\n`;
    expect(await shapeErrors('apps/api/src/plots/plot-rows.ts', long)).toContain('max-lines');
    expect(await shapeErrors('apps/desk/src/features/x.tsx', long)).toContain('max-lines');
    expect(await shapeErrors('apps/api/src/visits/visits.test.ts', long)).toEqual([]);
    expect(await shapeErrors('apps/web/src/content/site.ts', long)).toEqual([]);
  });

  it('when a function passes 100 lines, then lint refuses it; at 100 it passes', async () => {
    expect(await shapeErrors('packages/shared/src/x.ts', longFunction)).toEqual([
      'max-lines-per-function',
    ]);
    const hundred = `export function work() {\n${lines(98, '  console.log(1);')}\n}\n`;
    expect(await shapeErrors('packages/shared/src/x.ts', hundred)).toEqual([]);
  });

  it('when an API module adds a route to a router by hand, then lint refuses it; a declaration passes', async () => {
    expect(
      await shapeErrors(
        'apps/api/src/visits/visit-routes.ts',
        "router.get('/visits', (_req, res) => res.json([]));",
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await shapeErrors(
        'apps/api/src/visits/visit-routes.ts',
        "export const routes = [route({ method: 'get', path: '/visits', handle: () => [] })];",
      ),
    ).toEqual([]);
  });
});
