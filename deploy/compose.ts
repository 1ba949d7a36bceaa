/**
 * Reads Compose files as `docker compose config` would, far enough to check them without an
 * engine: YAML (with the `!reset` and `!override` merge tags), `${VAR…}` interpolation from the
 * environment and `.env`, and the merge of an override file onto the base file.
 */
import { readFileSync } from 'node:fs';
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';

export type Env = Record<string, string | undefined>;

/** `!reset`: the override file removes the value the base file set. */
const RESET = Symbol('reset');
/** `!override`: the override file replaces the value instead of merging with it. */
class Override {
  constructor(readonly value: unknown) {}
}

export class InterpolationError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'InterpolationError';
  }
}

export interface ComposeService {
  build?: { context?: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }>;
  restart?: string;
  profiles?: string[];
  init?: boolean;
  stop_grace_period?: string;
  healthcheck?: { test?: string[] };
  logging?: { driver?: string; options?: Record<string, string> };
}

export interface ComposeProject {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** The YAML tree of a Compose file, merge tags kept as markers for `mergeCompose`. */
export function readComposeTree(file: string | URL): unknown {
  const document = parseDocument(readFileSync(file, 'utf8'));
  const problems = document.errors.map((error) => error.message);
  if (problems.length > 0) throw new Error(`${String(file)}: ${problems.join('; ')}`);
  return toTree(document.contents, document);
}

function toTree(node: unknown, document: Document): unknown {
  // `*name` repeats the node anchored `&name`, as the `x-logging` block is shared.
  if (isAlias(node)) return toTree(node.resolve(document), document);
  let value: unknown;
  if (isMap(node)) {
    const mapping: Record<string, unknown> = {};
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      mapping[key] = toTree(pair.value, document);
    }
    value = mapping;
  } else if (isSeq(node)) {
    value = node.items.map((item) => toTree(item, document));
  } else if (isScalar(node)) {
    value = node.value;
  } else {
    value = node ?? null;
  }
  const tag = (node as Node | null)?.tag;
  if (tag === '!reset') return RESET;
  if (tag === '!override') return new Override(value);
  return value;
}

/** Compose's merge rules: mappings merge, sequences append, a few commands are replaced. */
export function mergeCompose(base: unknown, override: unknown, path: string[] = []): unknown {
  if (override === RESET) return undefined;
  if (override instanceof Override) return stripMarkers(override.value);
  const key = path.join('.');
  const replaced = /^services\.[^.]+\.(command|entrypoint|healthcheck\.test)$/.test(key);
  if (Array.isArray(base) && Array.isArray(override) && !replaced) {
    return [...(base as unknown[]), ...override.map(stripMarkers)];
  }
  if (isRecord(base) && isRecord(override)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [name, value] of Object.entries(override)) {
      const next = mergeCompose(base[name], value, [...path, name]);
      if (next === undefined) delete merged[name];
      else merged[name] = next;
    }
    return merged;
  }
  return stripMarkers(override);
}

function stripMarkers(value: unknown): unknown {
  if (value === RESET) return undefined;
  if (value instanceof Override) return stripMarkers(value.value);
  if (Array.isArray(value)) return value.map(stripMarkers);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, stripMarkers(item)] as const)
        .filter(([, item]) => item !== undefined),
    );
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every `${VAR}` form Compose knows: `:-`/`-` defaults, `:?`/`?` required, `:+`/`+`
 * alternatives, nested expressions inside them, `$VAR`, and `$$` for a literal dollar.
 */
export function interpolate(text: string, env: Env): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char !== '$') {
      result += char;
      index += 1;
      continue;
    }
    const next = text[index + 1];
    if (next === '$') {
      result += '$';
      index += 2;
    } else if (next === '{') {
      const end = closingBrace(text, index + 2);
      result += expand(text.slice(index + 2, end), env);
      index = end + 1;
    } else {
      const bare = /^[A-Za-z_]\w*/.exec(text.slice(index + 1));
      if (bare) {
        result += env[bare[0]] ?? '';
        index += 1 + bare[0].length;
      } else {
        result += '$';
        index += 1;
      }
    }
  }
  return result;
}

function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    if (text[index] === '}') depth -= 1;
    if (depth === 0) return index;
  }
  throw new Error(`unclosed \${ in "${text}"`);
}

function expand(expression: string, env: Env): string {
  const match = /^([A-Za-z_]\w*)(?:(:?[-?+])(.*))?$/s.exec(expression);
  if (!match) throw new Error(`invalid interpolation "\${${expression}}"`);
  const [, name = '', operator, operand = ''] = match;
  const value = env[name];
  const unset = value === undefined;
  const missing = operator?.startsWith(':') ? unset || value === '' : unset;
  switch (operator?.replace(':', '')) {
    case '-':
      return missing ? interpolate(operand, env) : (value ?? '');
    case '?':
      if (missing) throw new InterpolationError(name, `required variable ${name}: ${operand}`);
      return value ?? '';
    case '+':
      return missing ? '' : interpolate(operand, env);
    default:
      return value ?? '';
  }
}

/** Interpolates every string of a tree; keys are left alone, as Compose does. */
export function interpolateTree(tree: unknown, env: Env): unknown {
  if (typeof tree === 'string') return interpolate(tree, env);
  if (Array.isArray(tree)) return tree.map((item) => interpolateTree(item, env));
  if (tree === RESET) return tree;
  if (tree instanceof Override) return new Override(interpolateTree(tree.value, env));
  if (isRecord(tree)) {
    return Object.fromEntries(
      Object.entries(tree).map(([key, value]) => [key, interpolateTree(value, env)]),
    );
  }
  return tree;
}

/** Names of every variable the files interpolate. */
export function referencedVariables(tree: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      for (const match of node.matchAll(/(?<!\$)\$\{?([A-Za-z_]\w*)/g)) names.add(match[1] ?? '');
    } else if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node instanceof Override) {
      visit(node.value);
    } else if (isRecord(node)) {
      Object.values(node).forEach(visit);
    }
  };
  visit(tree);
  return names;
}

/** The project `docker compose -f a -f b config` would print, for the given environment. */
export function loadCompose(files: Array<string | URL>, env: Env): ComposeProject {
  const trees = files.map((file) => interpolateTree(readComposeTree(file), env));
  const merged = trees.reduce((base, next) => mergeCompose(base, next), {});
  return normalise(stripMarkers(merged));
}

/** Environment lists (`- KEY=value`) become mappings and scalars strings, as in `config`. */
function normalise(tree: unknown): ComposeProject {
  if (!isRecord(tree) || !isRecord(tree.services)) throw new Error('no services');
  for (const service of Object.values(tree.services)) {
    if (!isRecord(service)) continue;
    const environment = service.environment;
    if (Array.isArray(environment)) {
      service.environment = Object.fromEntries(
        environment.map((entry) => {
          const [key = '', ...value] = String(entry).split('=');
          return [key, value.join('=')];
        }),
      );
    } else if (isRecord(environment)) {
      service.environment = Object.fromEntries(
        // Compose turns numbers and booleans into strings and a bare key into an empty value.
        Object.entries(environment).map(([key, value]) => [key, scalarText(value)]),
      );
    }
    if (Array.isArray(service.depends_on)) {
      service.depends_on = Object.fromEntries(
        service.depends_on.map((name) => [String(name), { condition: 'service_started' }]),
      );
    }
    for (const list of ['ports', 'expose', 'volumes'] as const) {
      if (Array.isArray(service[list])) service[list] = service[list].map(String);
    }
  }
  return tree as unknown as ComposeProject;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A `.env` file as Compose reads it: `KEY=value`, quotes removed, comments ignored. */
export function parseDotEnv(text: string): Env {
  const env: Env = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    env[match[1] ?? ''] = unquote(match[2] ?? '');
  }
  return env;
}

export function unquote(value: string): string {
  if (/^'.*'$/s.test(value)) return value.slice(1, -1);
  if (/^".*"$/s.test(value)) return value.slice(1, -1).replace(/\\(["\\])/g, '$1');
  return value.replace(/\s+#.*$/, '');
}
