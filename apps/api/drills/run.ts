/**
 * `pnpm drill <name…|all>`: fault drills against the built server process on loopback. Each is
 * bounded in time, prints its figures, and the run exits non-zero when a lead was lost or any
 * check failed. See docs/reliability.md for what each drill proves.
 */
import { crashDrill } from './crash.ts';
import { diskDrill } from './disk.ts';
import type { DrillResult } from './drill.ts';
import { shutdownDrill } from './shutdown.ts';
import { smtpHangDrill } from './smtp-hang.ts';
import { smtpOutageDrill } from './smtp-outage.ts';
import { buildServer, printFigures } from './support.ts';

const DRILLS: Record<string, { run: () => Promise<DrillResult>; limitMs: number }> = {
  crash: { run: crashDrill, limitMs: 180_000 },
  'smtp-outage': { run: smtpOutageDrill, limitMs: 180_000 },
  'smtp-hang': { run: smtpHangDrill, limitMs: 180_000 },
  disk: { run: diskDrill, limitMs: 180_000 },
  shutdown: { run: shutdownDrill, limitMs: 120_000 },
};

function withLimit(name: string, run: () => Promise<DrillResult>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([run(), limit]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
  const asked = process.argv.slice(2);
  const names = asked.length === 0 || asked.includes('all') ? Object.keys(DRILLS) : asked;
  const unknown = names.filter((name) => !(name in DRILLS));
  if (unknown.length > 0 || asked.length === 0) {
    process.stderr.write(
      `${unknown.length > 0 ? `Unknown drill: ${unknown.join(', ')}\n` : ''}Usage: pnpm drill <${Object.keys(DRILLS).join('|')}|all>\n`,
    );
    return 2;
  }

  await buildServer();
  const results: DrillResult[] = [];
  for (const name of names) {
    const drill = DRILLS[name]!;
    process.stdout.write(`\n▶ ${name}\n`);
    const started = Date.now();
    try {
      const result = await withLimit(name, drill.run, drill.limitMs);
      result.figures['drill time (s)'] = ((Date.now() - started) / 1000).toFixed(1);
      results.push(result);
      printFigures(`${name}: ${result.load}; ${result.faults}`, result.figures);
      for (const failure of result.failures) process.stdout.write(`  ✗ ${failure}\n`);
    } catch (error) {
      results.push({
        name,
        load: '',
        faults: '',
        lost: Number.NaN,
        failures: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
        figures: {},
      });
      process.stdout.write(`  ✗ ${String(error)}\n`);
    }
  }

  process.stdout.write(
    '\n| drill | load | faults | leads lost | result |\n|---|---|---|---|---|\n',
  );
  for (const result of results) {
    const ok = result.failures.length === 0 && result.lost === 0;
    process.stdout.write(
      `| ${result.name} | ${result.load} | ${result.faults} | ${result.lost} | ${ok ? 'pass' : 'FAIL'} |\n`,
    );
  }
  return results.every((result) => result.failures.length === 0 && result.lost === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? '') : String(error)}\n`);
    process.exit(1);
  },
);
