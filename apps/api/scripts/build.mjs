// Bundles the server and the operator's CLI into one ESM file each. The shared workspace package
// is TypeScript source and is bundled in; every other dependency stays external and is loaded from
// node_modules at run time (better-sqlite3 is native and cannot be bundled anyway). No dependency
// needs `require` inside the bundle, so no createRequire banner is added.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));
const bundled = new Set(['@iconia/shared']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const common = {
  absWorkingDir: fileURLToPath(root),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};
await Promise.all([
  build({ ...common, entryPoints: ['src/server.ts'], outfile: 'dist/server.js' }),
  // The operator's CLI: `pnpm leads …`, and `node apps/api/dist/leads.js …` in the image.
  build({ ...common, entryPoints: ['src/cli/leads.ts'], outfile: 'dist/leads.js' }),
]);
console.log('apps/api: built dist/server.js and dist/leads.js');
