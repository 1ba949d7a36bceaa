import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSiteManifest, SITE_MANIFEST_FILE, type SiteManifest } from '@iconia/shared';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The `type`s a browser runs as script; anything else (JSON-LD) is data, which CSP ignores. */
const JAVASCRIPT_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

function scriptElements(node: Node): Element[] {
  const found: Element[] = [];
  const visit = (current: Node) => {
    if ('tagName' in current && current.tagName === 'script') found.push(current);
    if ('childNodes' in current) current.childNodes.forEach(visit);
    if ('content' in current) visit(current.content);
  };
  visit(node);
  return found;
}

/**
 * The CSP hash of every inline script a browser would run on the page, read with an HTML
 * parser that follows the standard, so the text hashed is the text the browser hashes.
 */
export function inlineScriptHashes(html: string): string[] {
  // The page keeps its start-up scripts as text in a <noscript> and inserts live copies once it
  // is shown; parsed as with scripting off, they are elements here and get their hashes too.
  return scriptElements(parse(html, { scriptingEnabled: false })).flatMap((script) => {
    const attribute = (name: string) => script.attrs.find((attr) => attr.name === name)?.value;
    if (attribute('src') !== undefined) return [];
    if (!JAVASCRIPT_TYPES.has((attribute('type') ?? '').trim().toLowerCase())) return [];
    const text = script.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
    if (text === '') return [];
    return [`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`];
  });
}

/** Writes the manifest the server reads at start, from the finished pages of the build. */
export async function writeSiteManifest(
  clientDir: string,
  pages: readonly string[],
  analytics: SiteManifest['analytics'],
): Promise<void> {
  const entries = await Promise.all(
    pages.map(async (page): Promise<[string, { inlineScriptHashes: string[] }]> => {
      const html = await readFile(path.join(clientDir, page), 'utf8');
      return [page.split(path.sep).join('/'), { inlineScriptHashes: inlineScriptHashes(html) }];
    }),
  );
  entries.sort(([a], [b]) => a.localeCompare(b));
  const manifest = parseSiteManifest({ analytics, pages: Object.fromEntries(entries) });
  if (!manifest.ok) throw new Error(`the site manifest would be invalid:\n${manifest.problems}`);
  await writeFile(
    path.join(clientDir, SITE_MANIFEST_FILE),
    `${JSON.stringify(manifest.value, null, 2)}\n`,
  );
}
