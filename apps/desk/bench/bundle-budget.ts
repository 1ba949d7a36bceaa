/**
 * The desk's JavaScript budget: what a phone downloads to open the desk must stay within
 * 250 kB gzip, and the chart library must come only with the Reports screen. Builds the desk in
 * memory with its own Vite config and prints the figures; exits 1 when over budget.
 *
 *   pnpm --filter @iconia/desk check:bundle
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const FIRST_LOAD_BUDGET_BYTES = 250 * 1000;
/** The channel partners' app, built beside the desk: what a broker's phone downloads to open it. */
const PARTNERS_BUDGET_BYTES = 150 * 1000;
const CHART_PACKAGE =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?chart\.js[\\/]/;
const REPORTS_SOURCE = 'src/features/reports/reports-route.tsx';
// The world's phone-number metadata is the server's: the desk shows numbers, it never parses
// them. Its key names survive minification, so the shipped code shows whether it came along.
const PHONE_METADATA_KEY = 'country_calling_codes';

type Chunk = Rollup.OutputChunk;

const gzipBytes = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A chunk and every chunk it imports statically: what loads together with it. */
function closure(start: Chunk, byFile: Map<string, Chunk>): Set<Chunk> {
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  visit(start);
  return seen;
}

const hasChartLibrary = (chunk: Chunk) => chunk.moduleIds.some((id) => CHART_PACKAGE.test(id));

async function main(): Promise<number> {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const result = await build({ root, logLevel: 'silent', build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const files = outputs.flatMap((output) => output.output);
  const chunks = files.filter((file): file is Chunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'desk');
  const partners = chunks.find((chunk) => chunk.isEntry && chunk.name === 'partners');
  const reports = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(REPORTS_SOURCE));
  if (!entry || !reports || !partners) {
    throw new Error('The build has no desk entry, no partners entry or no Reports chunk.');
  }
  const partnersJs = [...closure(partners, byFile)].reduce(
    (sum, chunk) => sum + gzipBytes(chunk.code),
    0,
  );

  const firstLoad = closure(entry, byFile);
  const withReports = [...closure(reports, byFile)].filter((chunk) => !firstLoad.has(chunk));
  const firstLoadJs = [...firstLoad].reduce((sum, chunk) => sum + gzipBytes(chunk.code), 0);
  const firstLoadCss = files
    .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
    .filter((file) => entry.viteMetadata?.importedCss.has(file.fileName))
    .reduce((sum, file) => sum + gzipBytes((file as Rollup.OutputAsset).source), 0);
  const reportsJs = withReports.reduce((sum, chunk) => sum + gzipBytes(chunk.code), 0);

  console.log(
    `First load JavaScript: ${kB(firstLoadJs)} gzip in ${firstLoad.size} file(s) (budget ${kB(FIRST_LOAD_BUDGET_BYTES)})`,
  );
  console.log(`First load CSS:        ${kB(firstLoadCss)} gzip`);
  console.log(`Reports screen adds:   ${kB(reportsJs)} gzip of JavaScript (charts included)`);
  console.log(
    `Partners' app, first load: ${kB(partnersJs)} gzip of JavaScript (budget ${kB(PARTNERS_BUDGET_BYTES)})`,
  );

  const problems: string[] = [];
  if (firstLoadJs > FIRST_LOAD_BUDGET_BYTES) {
    problems.push(
      `first-load JavaScript is ${kB(firstLoadJs)}, over ${kB(FIRST_LOAD_BUDGET_BYTES)}`,
    );
  }
  if (partnersJs > PARTNERS_BUDGET_BYTES) {
    problems.push(
      `the partners' app's first-load JavaScript is ${kB(partnersJs)}, over ${kB(PARTNERS_BUDGET_BYTES)}`,
    );
  }
  if ([...firstLoad].some(hasChartLibrary)) {
    problems.push('the chart library is in the first load; it must load with Reports only');
  }
  if (chunks.some((chunk) => chunk.code.includes(PHONE_METADATA_KEY))) {
    problems.push(
      'the phone-number metadata (libphonenumber-js) is in the desk; keep it on the server',
    );
  }
  if (!withReports.some(hasChartLibrary)) {
    problems.push('the chart library is not in the chunks that load with Reports');
  }
  for (const problem of problems) console.error(`Over budget: ${problem}.`);
  if (problems.length === 0)
    console.log('Within budget; the chart library loads with Reports only.');
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = await main();
