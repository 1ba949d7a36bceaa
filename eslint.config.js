import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries. Each app is layered, and a layer imports only the layers below it:
 * the site `app → features → components → lib → content`, the desk `app → features → components
 * → lib`. Features never import one another (routes compose them). Apps never import one another:
 * what two apps share lives in packages/, and packages reach an app only through its package name.
 */
function layers(root, order) {
  return order.slice(1).map((layer, index) => ({
    target: `${root}/${layer}`,
    from: order.slice(0, index + 1).map((above) => `${root}/${above}`),
    message: `${layer} sits below ${order.slice(0, index + 1).join(', ')}: move the shared part down a layer.`,
  }));
}

function separateFeatures(root) {
  const features = `${root}/features`;
  if (!existsSync(path.join(import.meta.dirname, features))) return [];
  return readdirSync(path.join(import.meta.dirname, features), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${features}/${name}`,
      from: features,
      except: [`./${name}`],
      message:
        'Features never import one another: compose them in app/, or move the shared part down to components/ or lib/.',
    }));
}

const APPS = readdirSync(path.join(import.meta.dirname, 'apps'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => name);

const importZones = [
  {
    target: './packages/shared',
    from: './apps',
    message: 'The shared package imports nothing of the apps.',
  },
  ...APPS.flatMap((app) =>
    APPS.filter((other) => other !== app).map((other) => ({
      target: `./apps/${app}`,
      from: `./apps/${other}/src`,
      message: `Apps never import one another's src/: move what ${app} and ${other} share to packages/.`,
    })),
  ),
  ...layers('./apps/web/src', ['app', 'features', 'components', 'lib', 'content']),
  ...separateFeatures('./apps/web/src'),
  ...layers('./apps/desk/src', ['app', 'features', 'components', 'lib']),
  ...separateFeatures('./apps/desk/src'),
];

/**
 * The API's layers, top to bottom. A module imports only layers below its own, and may skip some
 * (a route reads the store with no use case between). Tests are not held to them: like the
 * composition root, a test puts the parts together.
 *
 * - composition root: app.ts, start-server.ts (and the parts it builds with, start/), server.ts
 *   build and wire everything; nothing imports them.
 * - entry points: http/, the lead routes (leads/*-routes.ts), the desk API (desk-api/: the router
 *   that mounts every feature's routes, their list, the OpenAPI document; and desk/desk-static.ts),
 *   cli/, the intake routes, their OpenAPI parts and their HTTP plumbing (intake/*-routes.ts,
 *   *-openapi.ts, intake-http.ts), the conversions feeds the ad platforms fetch
 *   (conversions/*-routes.ts, *-openapi.ts). They never import one another, except that the HTTP routes
 *   build on http/ (parsers, replies, limits, OpenAPI parts).
 * - use cases: the rest of leads/ (capture-lead.ts), the rest of intake/ (ingesting an
 *   enquiry), the rest of conversions/ (what the feeds read), what every desk route shares (the rest of desk/: sessions, input, errors, the route
 *   declaration), the desk's one store (desk-api/desk-store.ts, every feature's queries on one
 *   connection), routing/, visits/, the desk's features (plots/, push/, accounts/, sources/,
 *   buyers/ (the work on a buyer), privacy/'s erasure and reports/' desk reports and export: the
 *   desk API mounts their routes and they use desk/'s sessions, input and errors), and the jobs
 *   the root schedules: digest/ (the daily summary), privacy/ (retention), and portals/ (the
 *   property portals: their sources on the desk, their polls on a timer). A feature names the
 *   part of the store it uses; only the composition root imports the desk API.
 * - channels of the outbox: mail/, webhooks/, graph/ (Meta's lead reads); beside each other,
 *   never importing one another.
 * - outbox/: the worker and the channel interface; the root hands it the channels.
 * - format/: pure reading of stored leads every part formats with (India's calendar, a lead's
 *   state and counts, the export's columns, CSV).
 * - store/: SQLite.
 * - lib: config.ts (and its sections, config/), logger.ts, clock.ts, standard-webhooks.ts (the
 *   signature the webhook channel signs with and partner intake checks). config/ reads every
 *   setting, the channels' too (DKIM, the webhooks, Meta, the push services); the channels import
 *   their settings from it, never the other way.
 */
const API = './apps/api/src';
/** Features whose endpoints live on the desk's router (declared with `routeFor`, `mountRoutes`). */
const DESK_FEATURE_FOLDERS = [
  'plots',
  'push',
  'accounts',
  'sources',
  'routing',
  'buyers',
  'privacy',
  'reports',
  'visits',
  'whatsapp',
  'portals',
  'brokers',
];
const DESK_FEATURES = DESK_FEATURE_FOLDERS;
/** The desk's one store, on the features' level: the desk API builds it and hands it to them. */
const DESK_STORE = 'desk-store';
const HTTP_ROUTES = {
  'the lead routes': ['leads/*-routes.ts'],
  'the desk API': [`desk-api/!(${DESK_STORE}).ts`, 'desk/desk-static.ts'],
  'intake/': ['intake/*-routes.ts', 'intake/*-openapi.ts', 'intake/intake-http.ts'],
  'conversions/': ['conversions/*-routes.ts', 'conversions/*-openapi.ts'],
};
const ENTRY_POINTS = { 'http/': ['http'], ...HTTP_ROUTES, 'cli/': ['cli'] };
export const API_LAYERS = [
  { name: 'the composition root', paths: ['app.ts', 'start-server.ts', 'start', 'server.ts'] },
  { name: 'the entry points', paths: Object.values(ENTRY_POINTS).flat() },
  {
    name: 'the use cases',
    paths: [
      'leads/**/!(*-routes).ts',
      'intake/**/!(*-routes|*-openapi|intake-http).ts',
      'conversions/**/!(*-routes|*-openapi).ts',
      'desk/**/!(desk-static).ts',
      `desk-api/${DESK_STORE}.ts`,
      ...DESK_FEATURES,
      'digest',
    ],
  },
  { name: 'the outbox channels', paths: ['mail', 'webhooks', 'graph'] },
  { name: 'the outbox', paths: ['outbox'] },
  { name: 'format/', paths: ['format'] },
  { name: 'the store', paths: ['store'] },
  {
    name: 'lib',
    paths: ['config.ts', 'config', 'logger.ts', 'clock.ts', 'standard-webhooks.ts'],
  },
];
const CHANNELS = API_LAYERS.find((layer) => layer.name === 'the outbox channels').paths;

const api = (paths) => paths.map((file) => `${API}/${file}`);

// One zone per path imported from: a zone's `from` may not mix globs and plain paths.
function zone(targets, from, message, except) {
  return { target: api(targets), from: `${API}/${from}`, message, ...(except && { except }) };
}

const apiZones = [
  ...API_LAYERS.flatMap((lower, index) =>
    API_LAYERS.slice(0, index).flatMap((upper) =>
      upper.paths.map((from) =>
        zone(
          lower.paths,
          from,
          `A module of ${lower.name} never imports ${upper.name}: move the shared part down, or hand it in from the composition root.`,
        ),
      ),
    ),
  ),
  ...Object.entries(ENTRY_POINTS).flatMap(([name, targets]) =>
    Object.entries(ENTRY_POINTS)
      .filter(([other]) => other !== name && !(other === 'http/' && name in HTTP_ROUTES))
      .flatMap(([other, froms]) =>
        froms.map((from) =>
          zone(
            targets,
            from,
            `Entry points never import one another (${name} → ${other}): move what both need into a use case or format/.`,
          ),
        ),
      ),
  ),
  ...CHANNELS.flatMap((target) =>
    CHANNELS.filter((from) => from !== target).map((from) => [target, from]),
  ).map(([target, from]) =>
    zone(
      [target],
      from,
      'Channels of the outbox never import one another: move what both need into outbox/ or format/.',
    ),
  ),
  // Entry points and use cases reach the channels only through the outbox, which the composition
  // root hands them. Two exceptions: the daily digest, the one job that sends on its own (a
  // summary with its own send log, not a message about a lead); and cli/, whose `resend` and
  // `release` re-queue a lead under a channel's own route and endpoint names.
  ...CHANNELS.map((from) =>
    zone(
      [
        ...Object.entries(ENTRY_POINTS)
          .filter(([name]) => name !== 'cli/')
          .flatMap(([, paths]) => paths),
        ...API_LAYERS[2].paths.filter((path) => path !== 'digest'),
      ],
      from,
      'Entry points and use cases send through the outbox, never a channel of it directly: queue a message, or move the shared part down to format/.',
    ),
  ),
  zone(
    ['*.ts', `!(desk|desk-api|${DESK_FEATURE_FOLDERS.join('|')})/**`],
    'desk',
    "Outside desk/, its features and the desk API, call the desk's use cases through their features; its sessions, errors and input are the desk routes' own.",
  ),
  // A feature of the desk declares its routes for the desk API to mount: it signs people in,
  // reads input and refuses exactly as every desk route does.
  zone(
    DESK_FEATURES,
    'desk',
    "A desk feature uses what every desk route shares (sessions and accounts' queries, passwords, input, CSV files in and out, errors, types, the route declaration), and nothing else of desk/.",
    [
      './account-queries.ts',
      './auth.ts',
      './csv-body.ts',
      './desk-error.ts',
      './desk-input.ts',
      './desk-types.ts',
      './passwords.ts',
      './route.ts',
    ],
  ),
  // The desk API mounts the features; a feature that imported it would loop back into itself.
  zone(
    DESK_FEATURES,
    'desk-api',
    'A desk feature never imports the desk API that mounts it: name the part of the store you use (BuyerStore, ReportStore, …) in your route deps.',
  ),
];

const SLEEP_MESSAGE =
  'A test never sleeps a fixed time: wait for the event itself (an auto-waiting assertion, expect.poll, vi.waitFor, the promise) or move a controllable clock (fake timers, the API clock, page.clock).';
const TIMING_MESSAGE =
  'A test never asserts a duration: check that the thing happens (or move a controllable clock), and print the figure in a bench (`pnpm bench:*`).';
/** Fixed sleeps and elapsed-time checks, as tests write them. */
const NO_FIXED_WAITS = [
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: SLEEP_MESSAGE },
  {
    selector: "CallExpression[callee.name='setTimeout'][arguments.0.name=/^(resolve|r|res|done)$/]",
    message: SLEEP_MESSAGE,
  },
  {
    selector:
      "CallExpression[callee.name='setTimeout'] > ArrowFunctionExpression[body.callee.name=/^(resolve|r|res|done)$/]",
    message: SLEEP_MESSAGE,
  },
  { selector: 'CallExpression[callee.name=/^(sleep|delay)$/]', message: SLEEP_MESSAGE },
  {
    selector: 'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
    message: SLEEP_MESSAGE,
  },
  {
    selector:
      "CallExpression[callee.name='expect'] BinaryExpression[operator='-'] > CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: TIMING_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/coverage/**',
      'var/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment only in config.' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript modules (with the `.ts` extensions the repo imports by) when following
      // imports for cycles.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'deploy/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: importZones },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...importZones, ...apiZones] },
      ],
    },
  },
  {
    // A package reaches an app by its package name (and the exports it chooses), never by a
    // path into its folders.
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+apps/',
              message: 'Packages import an app by its package name, never by a path into it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The desk's service worker runs in the worker's scope; the build writes in DESK_SHELL.
    files: ['apps/desk/service-worker/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, DESK_SHELL: 'readonly' } },
  },
  {
    files: ['apps/desk/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Configuration, build scripts, tests, benchmarks and the test kit run at the edge and may
    // read env.
    files: [
      '**/config.ts',
      '**/config/env.ts',
      '**/*.config.{ts,js,mjs}',
      '**/scripts/**',
      '**/bench/**',
      '**/e2e/**',
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'packages/testkit/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // No test asserts a duration or sleeps a fixed time: on a busy machine either fails a test
    // while the product is right. A test waits for the event itself (an auto-waiting assertion,
    // `expect.poll`, `vi.waitFor`, the promise or event) or moves a controllable clock (the
    // API's clock, vitest's fake timers, Playwright's `page.clock`); figures belong to benches.
    files: ['**/*.test.{ts,tsx}', '**/e2e/**/*.spec.ts', 'apps/api/test/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...NO_FIXED_WAITS],
      'no-restricted-properties': [
        'error',
        { object: 'performance', property: 'now', message: TIMING_MESSAGE },
      ],
    },
  },
  {
    // Sizes a reader can hold: a source file of at most 400 lines, a function of at most 100.
    files: [
      'apps/**/*.{ts,tsx,mjs}',
      'packages/**/*.{ts,tsx,mjs}',
      'scripts/**/*.mjs',
      'deploy/**/*.ts',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*-test-support.ts',
      '**/e2e/**',
      '**/test/**',
      '**/bench/**',
      '**/drills/**',
      '**/*.d.ts',
      // Content tables: the site's copy and the drawn artwork's scenes and elements.
      'apps/web/src/content/**',
      'apps/web/scripts/artwork/**',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // A desk route is declared once, with its contract (desk/route.ts). The lead API's few routes
    // (forms, ad platforms, partners, health, its document) are mounted by app.ts and the intake's
    // HTTP plumbing, their OpenAPI written from the same shared schemas.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/api/src/desk/route.ts',
      'apps/api/src/desk/desk-static.ts',
      'apps/api/src/app.ts',
      'apps/api/src/intake/intake-http.ts',
      'apps/api/src/http/openapi.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|all)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/][callee.object.name=/^(router|app|deskRouter|api)$/]',
          message:
            "Declare a desk route with its contract (routeFor in desk/route.ts) and list it in the desk's routes; the router and the OpenAPI document are written from the declarations.",
        },
      ],
    },
  },
  prettier,
);
