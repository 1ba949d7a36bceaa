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
 * - entry points: http/, the lead routes (leads/*-routes.ts), the desk's HTTP face (desk.ts,
 *   desk-router.ts, desk-static.ts, desk-openapi.ts), cli/, the intake routes, their OpenAPI
 *   parts and their HTTP plumbing (intake/*-routes.ts, *-openapi.ts, intake-http.ts). They never import one another, except that
 *   the HTTP routes build on http/ (parsers, replies, limits, OpenAPI parts).
 * - use cases: the rest of leads/ (capture-lead.ts), the rest of intake/ (ingesting an
 *   enquiry), the rest of desk/, routing/, the desk's features (plots/, push/,
 *   accounts/, sources/, buyers/ (the work on a buyer), privacy/'s erasure, reports/' desk
 *   reports and export, and visits/: the desk mounts their routes and they use its sessions, input, errors,
 *   store and work rules), and the jobs the
 *   root schedules: digest/ (the daily summary), privacy/ (retention, log redaction). Outside
 *   desk/, only its root (desk.ts) is imported.
 * - channels of the outbox: mail/, webhooks/, graph/ (Meta's lead reads); beside each other,
 *   never importing one another.
 * - outbox/: the worker and the channel interface; the root hands it the channels.
 * - reports/'s reading: pure reading of stored leads (India's calendar, a lead's state, counts,
 *   the export format and CSV).
 * - store/: SQLite.
 * - lib: config.ts (and its sections, config/), logger.ts, clock.ts, standard-webhooks.ts (the
 *   signature the webhook channel signs with and partner intake checks). config.ts reads each
 *   channel's settings with the channel's own reader (mail/dkim.ts, webhooks/webhook-config.ts,
 *   graph/meta-config.ts) and nothing else above it.
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
];
/** reports/'s pure reading of stored leads, below everything that formats with it. */
const REPORT_READING_FILES = 'csv|india-day|lead-export|lead-format|lead-stats';
const REPORT_READING = `reports/@(${REPORT_READING_FILES}).ts`;
/** Each desk feature's files; reports/ holds its reading too, a layer further down. */
const DESK_FEATURES = DESK_FEATURE_FOLDERS.map((feature) =>
  feature === 'reports' ? `reports/!(${REPORT_READING_FILES}).ts` : feature,
);
const DESK_HTTP_FACE = ['desk', 'desk-router', 'desk-static', 'desk-openapi'];
const HTTP_ROUTES = {
  'the lead routes': ['leads/*-routes.ts'],
  "the desk's HTTP face": DESK_HTTP_FACE.map((name) => `desk/${name}.ts`),
  'intake/': ['intake/*-routes.ts', 'intake/*-openapi.ts', 'intake/intake-http.ts'],
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
      `desk/**/!(${DESK_HTTP_FACE.join('|')}).ts`,
      ...DESK_FEATURES,
      'digest',
    ],
  },
  { name: 'the outbox channels', paths: ['mail', 'webhooks', 'graph'] },
  { name: 'the outbox', paths: ['outbox'] },
  { name: 'reports/', paths: [REPORT_READING] },
  { name: 'the store', paths: ['store'] },
  {
    name: 'lib',
    paths: ['config.ts', 'config', 'logger.ts', 'clock.ts', 'standard-webhooks.ts'],
  },
];
const CHANNEL_SETTINGS = {
  mail: ['./dkim.ts'],
  webhooks: ['./webhook-config.ts'],
  graph: ['./meta-config.ts'],
  push: ['./push-services.ts'],
};

/** config.ts and the sections it composes (config/), the one place that reads the environment. */
const CONFIG = ['config.ts', 'config'];

const CHANNELS = API_LAYERS.find((layer) => layer.name === 'the outbox channels').paths;

const api = (paths) => paths.map((file) => `${API}/${file}`);

// One zone per path imported from: a zone's `from` may not mix globs and plain paths.
function zone(targets, from, message, except) {
  return { target: api(targets), from: `${API}/${from}`, message, ...(except && { except }) };
}

const apiZones = [
  ...API_LAYERS.flatMap((lower, index) =>
    API_LAYERS.slice(0, index).flatMap((upper) =>
      upper.paths.flatMap((from) => {
        const message = `A module of ${lower.name} never imports ${upper.name}: move the shared part down, or hand it in from the composition root.`;
        if (lower.name !== 'lib') return [zone(lower.paths, from, message)];
        const except = CHANNEL_SETTINGS[from];
        return [
          zone(
            lower.paths.filter((path) => !CONFIG.includes(path)),
            from,
            message,
          ),
          zone(CONFIG, from, message, except),
        ];
      }),
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
            `Entry points never import one another (${name} → ${other}): move what both need into a use case or reports/.`,
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
      'Channels of the outbox never import one another: move what both need into outbox/ or reports/.',
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
      'Entry points and use cases send through the outbox, never a channel of it directly: queue a message, or move the shared part down to reports/.',
    ),
  ),
  zone(
    ['*.ts', `!(desk|${DESK_FEATURE_FOLDERS.join('|')})/**`],
    'desk',
    "Outside desk/, call the desk's use cases through their features or mount it (desk/desk.ts); its store, errors and rules are its own.",
    ['./desk.ts'],
  ),
  // A feature of the desk registers its routes on the desk's router: it signs people in, reads
  // input, refuses and checks who may work a buyer exactly as the desk does.
  zone(
    DESK_FEATURES,
    'desk',
    "A desk feature uses the desk's sessions, input, errors, store and work rules, and nothing else of it.",
    [
      './auth.ts',
      './desk-error.ts',
      './desk-input.ts',
      './desk-store.ts',
      './desk-types.ts',
      './lead-json.ts',
      './lead-work.ts',
      './route.ts',
    ],
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
