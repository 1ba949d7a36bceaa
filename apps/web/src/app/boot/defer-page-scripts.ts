import { minify } from 'vite';
import { pageBootScript, type BootPlan } from './page-boot.ts';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOTSTRAP = /<script type="module" async(?:="")?>([\s\S]*?)<\/script>/g;

/**
 * Reads React Router's bootstrap module (`<Scripts />` of a prerendered page): the manifest
 * import, one namespace import per route module, the route-module map and the entry import.
 * Anything else means React Router changed what it writes, and the build stops here rather
 * than ship a page that might not hydrate.
 */
export function parseBootstrap(source: string, preload: string[]): BootPlan {
  let manifest: string | undefined;
  let entry: string | undefined;
  const imports = new Map<string, string>();
  let routeMap: [string, string][] | undefined;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    let match: RegExpExecArray | null;
    if ((match = /^import "([^"]+)";$/.exec(line))) {
      manifest = match[1];
    } else if ((match = /^import \* as (route\d+) from "([^"]+)";$/.exec(line))) {
      imports.set(match[1] ?? '', match[2] ?? '');
    } else if ((match = /^window\.__reactRouterRouteModules = \{(.*)\};$/.exec(line))) {
      routeMap = [...(match[1] ?? '').matchAll(/("(?:[^"\\]|\\.)*"):(route\d+)/g)].map(
        ([, id = '""', name = '']) => [JSON.parse(id) as string, name],
      );
    } else if ((match = /^import\("([^"]+)"\);$/.exec(line))) {
      entry = match[1];
    } else {
      throw new Error(`unexpected line in React Router's bootstrap script: ${line}`);
    }
  }
  if (!manifest || !entry || !routeMap || routeMap.length === 0) {
    throw new Error("React Router's bootstrap script lacks its manifest, routes or entry");
  }
  const routes = routeMap.map(([id, name]): [string, string] => {
    const module = imports.get(name);
    if (!module) throw new Error(`React Router's bootstrap script does not import ${name}`);
    return [id, module];
  });
  return { preload, manifest, routes, entry };
}

/**
 * Makes a prerendered page load its scripts after its first paint: the module preloads and
 * React Router's bootstrap module give way to the page boot script (page-boot.ts), which
 * queues early input, waits for the paint and then loads the same modules.
 */
export async function deferPageScripts(html: string): Promise<string> {
  const preload = [...html.matchAll(MODULE_PRELOAD)].map(([, href = '']) => href);
  const bootstraps = [...html.matchAll(BOOTSTRAP)];
  if (bootstraps.length !== 1 || preload.length === 0) {
    throw new Error(
      `expected one React Router bootstrap script and its module preloads, found ${bootstraps.length} and ${preload.length}`,
    );
  }
  const [bootstrap] = bootstraps as [RegExpExecArray];
  const plan = parseBootstrap(bootstrap[1] ?? '', preload);
  const { code, errors } = await minify('page-boot.js', pageBootScript(plan), {
    compress: true,
    mangle: true,
  });
  if (errors.length > 0)
    throw new Error(`the page boot script does not compile: ${errors[0]?.message}`);
  if (/<\/script/i.test(code)) throw new Error('the page boot script cannot be inlined');
  // The boot script takes the place of the first preload and adds the preloads back in front of
  // itself: the elements then stand in the order hydration renders them, and none is moved.
  let first = true;
  return html.replace(bootstrap[0], '').replace(MODULE_PRELOAD, () => {
    if (!first) return '';
    first = false;
    return `<script>${code.trim()}</script>`;
  });
}
