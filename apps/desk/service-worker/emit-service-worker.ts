import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SOURCE = new URL('./sw.js', import.meta.url);
const PLACEHOLDER = 'DESK_SHELL;';

/**
 * Writes the desk's service worker as `sw.js` at the root of the build (so its scope is the whole
 * desk), handing it the build's file list and a version taken from everything the build wrote
 * (index.html included): every build that differs is a new worker that keeps a new shell and
 * drops the old one.
 */
export function emitServiceWorker(): Plugin {
  return {
    name: 'desk-service-worker',
    apply: 'build',
    // After the HTML plugin, so index.html is in the bundle and counts in the version.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort();
      const files = names.filter((file) => file.startsWith('assets/') && !file.endsWith('.map'));
      const hash = createHash('sha256');
      for (const name of names) {
        const output = bundle[name];
        if (output) hash.update(output.type === 'chunk' ? output.code : output.source);
      }
      const version = hash.digest('hex').slice(0, 12);
      const source = readFileSync(SOURCE, 'utf8');
      if (!source.includes(PLACEHOLDER)) throw new Error(`sw.js lost its ${PLACEHOLDER}`);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: source.replace(PLACEHOLDER, `${JSON.stringify({ version, files })};`),
      });
    },
  };
}
