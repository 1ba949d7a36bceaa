#!/usr/bin/env node
// `pnpm lint`'s check of the shape of the code, beside ESLint's per-file rules:
// - no cycle between the workspace's packages (their package.json dependencies);
// - with --folders (as `pnpm lint` runs it): no cycle between the API's top-level folders
//   (apps/api/src/<folder>, and each root file), and a folder of the API with an `index.ts` is a
//   feature that other folders import only through that index, never its internals.
// - docs/architecture.md draws the API's layers as eslint.config.js declares them (`--write`
//   draws them again after the config changed).
// Tests are not held to the folder rules: like the composition root, a test puts parts together.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API_SRC = path.join(ROOT, 'apps/api/src');
const SOURCE = /\.tsx?$/;
const NOT_HELD = /\.test\.tsx?$|(^|\/)test-support\.ts$|-test-support\.ts$/;

/** Every cycle of a directed graph (`Map<node, Set<node>>`) as its strongly connected parts. */
export function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.has(node)) cycles.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function addEdge(graph, from, to) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from).add(to);
}

/** The workspace's packages, read from the folders pnpm-workspace.yaml names. */
function workspacePackages(root) {
  return ['apps', 'packages'].flatMap((group) => {
    const dir = path.join(root, group);
    const names = isDirectory(dir) ? readdirSync(dir) : [];
    return names.flatMap((name) => {
      try {
        const file = path.join(dir, name, 'package.json');
        return [{ dir: path.join(dir, name), json: JSON.parse(readFileSync(file, 'utf8')) }];
      } catch {
        return [];
      }
    });
  });
}

/** Cycles between workspace packages, through any kind of dependency. */
export function packageCycles(root) {
  const packages = workspacePackages(root);
  const names = new Set(packages.map((pkg) => pkg.json.name));
  const graph = new Map();
  for (const { json } of packages) {
    addEdge(graph, json.name, json.name);
    graph.get(json.name).delete(json.name);
    const deps = { ...json.dependencies, ...json.devDependencies, ...json.peerDependencies };
    for (const dep of Object.keys(deps)) if (names.has(dep)) addEdge(graph, json.name, dep);
  }
  return cyclesOf(graph);
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : filesUnder(file);
    return SOURCE.test(name) ? [file] : [];
  });
}

/** The file a relative import names, as TypeScript with `allowImportingTsExtensions` reads it. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** `apps/api/src/visits/visit-routes.ts` → `visits`; a root file stands for itself. */
const unitOf = (src, file) => path.relative(src, file).split(path.sep)[0];

/**
 * The API's imports between its folders: the cycles between folders, and the imports of a
 * feature's internals from outside it.
 */
export function apiProblems(src) {
  const graph = new Map();
  const examples = new Map();
  const internals = [];
  for (const file of filesUnder(src)) {
    const relative = path.relative(src, file);
    if (NOT_HELD.test(relative)) continue;
    const from = unitOf(src, file);
    if (!graph.has(from)) graph.set(from, new Set());
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target || !target.startsWith(src + path.sep)) continue;
      const to = unitOf(src, target);
      if (to === from) continue;
      addEdge(graph, from, to);
      if (!examples.has(`${from}>${to}`))
        examples.set(`${from}>${to}`, `${relative} → ${fileName}`);
      const feature = path.join(src, to);
      const index = path.join(feature, 'index.ts');
      if (statSync(feature).isDirectory() && isFile(index) && target !== index) {
        internals.push(`${relative} imports ${path.relative(src, target)}: import ${to}/index.ts`);
      }
    }
  }
  const cycles = cyclesOf(graph).map((part) => {
    const edges = part.flatMap((from) =>
      part.filter((to) => graph.get(from).has(to)).map((to) => examples.get(`${from}>${to}`)),
    );
    return `${part.join(' ⇄ ')}\n    ${edges.join('\n    ')}`;
  });
  return { cycles, internals };
}

/** What `--folders` reports about the API under `src`, one line a problem. */
export function folderProblems(src) {
  const { cycles, internals } = apiProblems(src);
  return [
    ...cycles.map((cycle) => `API folders import each other in a cycle: ${cycle}`),
    ...internals.map((line) => `A feature's internals imported from outside it: ${line}`),
  ];
}

function isDirectory(dir) {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const DOC = path.join(ROOT, 'docs/architecture.md');
const DOC_START =
  '<!-- layers: drawn from eslint.config.js by `pnpm check:architecture --write` -->';
const DOC_END = '<!-- layers: end -->';

/** The layers as a Markdown table, top to bottom. */
export function layersTable(layers) {
  const cell = (file) => `\`${file.replaceAll('|', '\\|')}\``;
  const rows = layers.map(({ name, paths }) => `| ${name} | ${paths.map(cell).join(', ')} |`);
  return ['| Layer, top to bottom | Under `apps/api/src` |', '| --- | --- |', ...rows].join('\n');
}

/** docs/architecture.md with its layers table drawn from `layers`; undefined without markers. */
export function drawnDoc(text, layers) {
  const start = text.indexOf(DOC_START);
  const end = text.indexOf(DOC_END);
  if (start < 0 || end < start) return undefined;
  return `${text.slice(0, start)}${DOC_START}\n\n${layersTable(layers)}\n\n${text.slice(end)}`;
}

async function checkDoc(write) {
  const { API_LAYERS } = await import('../eslint.config.js');
  const text = readFileSync(DOC, 'utf8');
  const drawn = drawnDoc(text, API_LAYERS);
  if (drawn === undefined) return [`docs/architecture.md has no ${DOC_START} … ${DOC_END} block.`];
  if (drawn === text) return [];
  if (write) {
    writeFileSync(DOC, drawn);
    return [];
  }
  return [
    'docs/architecture.md draws other layers than eslint.config.js: run `pnpm check:architecture --write`.',
  ];
}

async function main() {
  const problems = [
    ...packageCycles(ROOT).map(
      (part) => `Packages depend on each other in a cycle: ${part.join(' ⇄ ')}`,
    ),
  ];
  if (process.argv.includes('--folders')) problems.push(...folderProblems(API_SRC));
  problems.push(...(await checkDoc(process.argv.includes('--write'))));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} architecture problem(s); see docs/architecture.md.`);
    process.exitCode = 1;
  } else {
    const folders = process.argv.includes('--folders')
      ? ' no cycle between the API folders, no feature imported past its index;'
      : '';
    console.log(
      `Architecture: no package cycles;${folders} docs/architecture.md draws the lint's layers.`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
