// `pnpm leads …` and, in the Docker image, `node apps/api/dist/leads.js …`.
import { systemClock } from '../clock.ts';
import { loadCliConfig, operatorCwd } from './config.ts';
import { runLeadsCli } from './run-leads-cli.ts';

// `pnpm leads export | head` closes the pipe early; that is not an error worth a stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

let config: ReturnType<typeof loadCliConfig> | undefined;
process.exitCode = await runLeadsCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  clock: systemClock,
  cwd: operatorCwd(),
  config: () => (config ??= loadCliConfig()),
});
