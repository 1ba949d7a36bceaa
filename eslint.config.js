import { existsSync, readdirSync } from 'node:fs';
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
 * → lib`. Features never import one another (routes compose them). In the API, `store` and
 * `mail` never reach up into `http` or `leads`. The shared package imports nothing of the apps.
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
  if (!existsSync(features)) return [];
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${features}/${name}`,
      from: features,
      except: [`./${name}`],
      message:
        'Features never import one another: compose them in app/, or move the shared part down to components/ or lib/.',
    }));
}

const importZones = [
  {
    target: './packages/shared',
    from: './apps',
    message: 'The shared package imports nothing of the apps.',
  },
  ...layers('./apps/web/src', ['app', 'features', 'components', 'lib', 'content']),
  ...separateFeatures('./apps/web/src'),
  ...layers('./apps/desk/src', ['app', 'features', 'components', 'lib']),
  ...separateFeatures('./apps/desk/src'),
  ...['store', 'mail'].map((lower) => ({
    target: `./apps/api/src/${lower}`,
    from: ['./apps/api/src/http', './apps/api/src/leads'],
    message: `${lower}/ is used by http/ and leads/, never the reverse.`,
  })),
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
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-cycle': 'error',
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
    files: ['apps/desk/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Configuration, build scripts, tests and benchmarks run at the edge and may read env.
    files: [
      '**/config.ts',
      '**/config/env.ts',
      '**/*.config.{ts,js,mjs}',
      '**/scripts/**',
      '**/bench/**',
      '**/e2e/**',
      '**/*.test.{ts,tsx}',
      '**/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  prettier,
);
