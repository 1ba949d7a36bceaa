// Bundles the server into one ESM file. The shared workspace package is TypeScript source and is
// bundled in; every other dependency stays external and is loaded from node_modules at run time
// (better-sqlite3 is native and cannot be bundled anyway). No dependency needs `require` inside
// the bundle, so no createRequire banner is added.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));
const bundled = new Set(['@iconia/shared']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  absWorkingDir: fileURLToPath(root),
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('apps/api: built dist/server.js');
