import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiProblems,
  cyclesOf,
  drawnDoc,
  folderProblems,
  layersTable,
  packageCycles,
} from './check-architecture.mjs';

let dirs: string[] = [];
afterEach(() => {
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  dirs = [];
});

/** A folder of the given files (path → text). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'iconia-architecture-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the architecture check', () => {
  it('when a graph loops through three nodes, then the loop is one cycle and the rest none', () => {
    expect(cyclesOf(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(graph({ a: ['b'], b: [], c: ['a'] }))).toEqual([]);
  });

  it('when two workspace packages depend on each other, then the cycle names both', () => {
    const root = tree({
      'apps/api/package.json': JSON.stringify({
        name: '@x/api',
        devDependencies: { '@x/kit': 'workspace:*' },
      }),
      'packages/kit/package.json': JSON.stringify({
        name: '@x/kit',
        dependencies: { '@x/api': 'workspace:*' },
      }),
      'packages/shared/package.json': JSON.stringify({ name: '@x/shared' }),
    });
    expect(packageCycles(root)).toEqual([['@x/api', '@x/kit']]);
  });

  it('when two API folders import each other, then the cycle is named with an import of each way', () => {
    const src = tree({
      'visits/visits.ts': "import { plot } from '../plots/plot.ts';\nexport const visit = plot;\n",
      'plots/plot.ts':
        "import type { Visit } from '../visits/visits.ts';\nexport const plot = 1;\n",
      'plots/plot.test.ts': "import '../leads/lead.ts';\n",
      'leads/lead.ts': "import '../plots/plot.ts';\n",
    });
    const { cycles } = apiProblems(src);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toContain('plots ⇄ visits');
    expect(cycles[0]).toContain('visits/visits.ts → ../plots/plot.ts');
    expect(cycles[0]).toContain('plots/plot.ts → ../visits/visits.ts');
  });

  it('when a folder reaches into a feature past its index, then the import is refused; through the index it is not', () => {
    const src = tree({
      'visits/index.ts': "export { visit } from './visits.ts';\n",
      'visits/visits.ts': 'export const visit = 1;\n',
      'routing/routing.ts': "import { visit } from '../visits/visits.ts';\n",
      'reports/report.ts': "import { visit } from '../visits/index.ts';\n",
      'visits/visits.test.ts': "import '../routing/routing.ts';\n",
    });
    expect(apiProblems(src).internals).toEqual([
      'routing/routing.ts imports visits/visits.ts: import visits/index.ts',
    ]);
  });
});

describe('the folder rules `pnpm lint` runs', () => {
  /** The API's shape: the desk API mounts a feature, which uses what every desk route shares. */
  const api = {
    'desk-api/desk-router.ts': "import { buyerRoutes } from '../buyers/index.ts';\n",
    'desk-api/desk-store.ts': "import { createInboxQueries } from '../buyers/index.ts';\n",
    'buyers/index.ts': "export { buyerRoutes } from './inbox-routes.ts';\n",
    'buyers/inbox-routes.ts': "import { routeFor } from '../desk/route.ts';\n",
    'desk/route.ts': 'export const routeFor = 1;\n',
  };

  it('when the desk API sits above the features it mounts, then there is no problem', () => {
    expect(folderProblems(tree(api))).toEqual([]);
  });

  it('when a feature imports another past its index, then the check names the import', () => {
    const src = tree({
      ...api,
      'desk-api/desk-router.ts': "import { buyerRoutes } from '../buyers/inbox-routes.ts';\n",
    });
    expect(folderProblems(src)).toEqual([
      expect.stringContaining('desk-api/desk-router.ts imports buyers/inbox-routes.ts'),
    ]);
  });

  it('when a feature imports the desk API that mounts it, then the check fails naming the loop', () => {
    const src = tree({
      ...api,
      'buyers/inbox-routes.ts':
        "import { routeFor } from '../desk/route.ts';\nimport type { DeskStore } from '../desk-api/desk-store.ts';\n",
    });
    expect(folderProblems(src)).toEqual([
      expect.stringContaining('API folders import each other in a cycle: buyers ⇄ desk-api'),
    ]);
  });
});

describe("the architecture document's layers", () => {
  const layers = [
    { name: 'the composition root', paths: ['app.ts'], role: 'Builds and wires.' },
    { name: 'lib', paths: ['clock.ts', 'config'] },
  ];

  it('when the layers change, then the table between the markers is drawn again and the prose kept', () => {
    const doc = [
      '# Architecture',
      'Prose before.',
      '<!-- layers: drawn from eslint.config.js by `pnpm check:architecture --write` -->',
      '| stale |',
      '<!-- layers: end -->',
      'Prose after.',
    ].join('\n');
    const drawn = drawnDoc(doc, layers);
    expect(drawn).toContain('| the composition root | `app.ts` |');
    expect(drawn).toContain('| lib | `clock.ts`, `config` |');
    expect(layersTable([{ name: 'x', paths: ['a/@(b|c).ts'] }])).toContain('`a/@(b\\|c).ts`');
    expect(drawn).not.toContain('stale');
    expect(drawn?.startsWith('# Architecture\nProse before.\n')).toBe(true);
    expect(drawn?.endsWith('<!-- layers: end -->\nProse after.')).toBe(true);
    expect(drawnDoc(drawn ?? '', layers)).toBe(drawn);
  });

  it('when the document has no markers, then there is nothing to draw into', () => {
    expect(drawnDoc('# Architecture\n', layers)).toBeUndefined();
  });
});
