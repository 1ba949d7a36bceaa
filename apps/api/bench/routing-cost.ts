/**
 * What routing adds to one lead's reply: two servers side by side, one with nobody on duty (each
 * buyer only joins the waiting list) and one with three agents on duty (each buyer assigned in the
 * lead's transaction and its agent's email queued and sent), loaded in turns at a steady rate.
 *
 * On a small machine one run's p99 swings with whatever else the CPU does, by more than the budget
 * being measured. So the two servers take turns, A B B A A B B A, each turn starting after both
 * outboxes are empty, and their p99s are compared by the median of their turns: a turn that a
 * neighbour's burst spoiled moves neither median. Mail goes to a sink in a process of its own,
 * away from the load generator's clock.
 */
import net from 'node:net';
import path from 'node:path';
import { freePort } from '@iconia/testkit';
import { startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { waitUntilDelivered } from './intake-case.ts';

export interface TurnResult {
  /** How long each reply took, in ms. */
  latenciesMs: number[];
  non2xx: number;
  errors: number;
}

interface Side {
  /** p99 of every reply of this server's turns together. */
  p99Ms: number;
  p50Ms: number;
  replies: number;
  /** Each turn's own p99, to show the spread between turns. */
  p99OfEachTurnMs: number[];
}

export interface RoutingCost {
  leadsPerSecond: number;
  turnSeconds: number;
  nobodyOnDuty: Side;
  agentsOnDuty: Side;
  /** p99 with agents on duty minus p99 with nobody on duty. */
  costMs: number;
  /** Failed replies of each counted turn. */
  turns: Array<{ server: 'nobody' | 'agents'; non2xx: number; errors: number }>;
}

const TURN_PAIRS = 4;

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the SMTP sink did not listen on port ${port} within ${timeoutMs} ms`);
}

export async function measureRoutingCost(options: {
  dir: string;
  leadsPerSecond: number;
  turnSeconds: number;
  /** The server's environment for a data folder and the SMTP server it sends to. */
  env: (dataDir: string, smtp: { url: string }) => Record<string, string>;
  /** Puts `agents` desk accounts on duty in the database file before the server opens it. */
  seedAgentsOnDuty: (databaseFile: string, agents: number) => void;
  /** Steady load on one server for `seconds`. */
  load: (port: number, seconds: number) => Promise<TurnResult>;
}): Promise<RoutingCost> {
  const processes: ServerProcess[] = [];
  try {
    const sinkPort = await freePort();
    processes.push(
      await startServerProcess({
        entry: ['--import', 'tsx', 'bench/smtp-sink.ts'],
        port: sinkPort,
        readyPath: false,
        echo: 'stderr',
      }),
    );
    await waitForPort(sinkPort, 30_000);
    const smtp = { url: `smtp://127.0.0.1:${sinkPort}` };

    const start = async (name: 'nobody' | 'agents') => {
      const dataDir = path.join(options.dir, `routing-cost-${name}`);
      if (name === 'agents') options.seedAgentsOnDuty(path.join(dataDir, 'leads.sqlite'), 3);
      const server = await startServerProcess({ env: options.env(dataDir, smtp), echo: 'stderr' });
      processes.push(server);
      return { name, port: server.port };
    };
    const nobody = await start('nobody');
    const agents = await start('agents');

    const turn = async (server: { name: 'nobody' | 'agents'; port: number }, seconds: number) => {
      const result = await options.load(server.port, seconds);
      if (!(await waitUntilDelivered(server.port, 120_000))) {
        throw new Error(
          `the ${server.name} server still had mail to send 2 minutes after its turn`,
        );
      }
      return { ...result, server: server.name };
    };
    // The first turn of each warms its process up (code compiled, pools open) and is not counted.
    await turn(nobody, 2);
    await turn(agents, 2);

    const turns: Array<TurnResult & { server: 'nobody' | 'agents' }> = [];
    for (let pair = 0; pair < TURN_PAIRS; pair += 1) {
      const order = pair % 2 === 0 ? [nobody, agents] : [agents, nobody];
      for (const server of order) turns.push(await turn(server, options.turnSeconds));
    }

    const side = (name: 'nobody' | 'agents'): Side => {
      const mine = turns.filter((result) => result.server === name);
      const all = mine.flatMap((result) => result.latenciesMs);
      return {
        p99Ms: percentile(all, 0.99),
        p50Ms: percentile(all, 0.5),
        replies: all.length,
        p99OfEachTurnMs: mine.map((result) => percentile(result.latenciesMs, 0.99)),
      };
    };
    const nobodyOnDuty = side('nobody');
    const agentsOnDuty = side('agents');
    return {
      leadsPerSecond: options.leadsPerSecond,
      turnSeconds: options.turnSeconds,
      nobodyOnDuty,
      agentsOnDuty,
      costMs: Math.round((agentsOnDuty.p99Ms - nobodyOnDuty.p99Ms) * 10) / 10,
      turns: turns.map(({ server, non2xx, errors }) => ({ server, non2xx, errors })),
    };
  } finally {
    for (const child of processes) await child.stop(60_000);
  }
}
