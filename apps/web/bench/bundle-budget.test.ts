// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDirOf, loadBudget } from './budget-file.ts';
import { checkBundles, formatBundleReport, INLINE_CSS, landingAssets } from './bundle-budget.ts';

const CLIENT_DIR = clientDirOf(undefined);
const built = existsSync(path.join(CLIENT_DIR, 'index.html'));
if (!built) {
  console.warn(
    `Skipping the bundle budget: ${CLIENT_DIR} is missing. Run \`pnpm --filter @iconia/web build\` (the root \`pnpm test\` builds first).`,
  );
}

describe('landingAssets', () => {
  it('when a page preloads modules, boots from an inline module and carries its CSS, then all of it is counted and outside files are not', () => {
    const html = [
      '<html><head>',
      '<link rel="modulepreload" href="/assets/framework-a.js"/>',
      '<link rel="stylesheet" href="/assets/extra-b.css"/>',
      '<link rel="preload" as="image" href="/assets/hero.avif"/>',
      '<link rel="stylesheet" href="https://fonts.example/x.css"/>',
      '<style>body{margin:0}</style>',
      '</head><body>',
      '<script type="module">import "/assets/manifest-c.js"; import("/assets/entry.client-d.js");</script>',
      '</body></html>',
    ].join('');

    expect(landingAssets(html).sort()).toEqual(
      [
        'index.html',
        INLINE_CSS,
        'assets/framework-a.js',
        'assets/extra-b.css',
        'assets/manifest-c.js',
        'assets/entry.client-d.js',
      ].sort(),
    );
  });
});

describe.skipIf(!built)('the landing page bundle budget (budget.json)', () => {
  it('when the built landing page is measured, then every asset group is within its gzip limit', () => {
    const results = checkBundles(CLIENT_DIR, loadBudget().bundles);
    const broken = results.filter((group) => !group.ok).map((group) => group.name);

    expect(broken, `\n${formatBundleReport(results)}\n`).toEqual([]);
  });
});

describe.skipIf(!built)('the compile hint on the startup scripts', () => {
  it('when the landing page loads its scripts, then React, React Router and the shared site code ask V8 to compile them whole, and no other script does', () => {
    const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
    const scripts = landingAssets(html).filter((file) => file.endsWith('.js'));
    const hinted = scripts
      .filter((file) =>
        readFileSync(path.join(CLIENT_DIR, file), 'utf8').startsWith(
          '//# allFunctionsCalledOnLoad\n',
        ),
      )
      .map((file) => path.basename(file).replace(/-[\w-]{8}\.js$/, ''));

    expect(scripts.length).toBeGreaterThan(3);
    expect(hinted.sort()).toEqual(['app', 'react-dom', 'react-router']);
  });
});
