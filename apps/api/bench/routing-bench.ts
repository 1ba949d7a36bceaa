/**
 * What routing costs a lead, in process: the time to store one lead (its own transaction,
 * synced to disk) with routing's hook and three agents on duty, against a store without the
 * hook, 2,000 leads each, one at a time, on real SQLite files. The HTTP bench's figures swing
 * with the machine's load; this one isolates the transaction the hook joins. Budget: routing
 * adds at most 5 ms to a lead's p99.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { createTempDir, START_TIME } from '@iconia/testkit';
import { newLead } from '../test/new-lead.ts';
import { createRouting } from '../src/routing/index.ts';
import { openLeadStore, type LeadStore } from '../src/store/lead-store.ts';

const LEADS = 2_000;
const BUDGET_MS = 5;

function percentile(sorted: number[], share: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  return Math.round(value * 100) / 100;
}

/** Stores `count` leads of new buyers from the `from`th on; how long each took. */
function storeTimes(store: LeadStore, from: number, count: number): number[] {
  const times: number[] = [];
  for (let index = from; index < from + count; index += 1) {
    const lead = {
      ...newLead(`+9198${String(index).padStart(8, '0')}`),
      receivedAt: START_TIME + index * 1_000,
    };
    const started = performance.now();
    store.insertLead(lead, 0);
    times.push(performance.now() - started);
  }
  return times;
}

const temp = createTempDir('iconia-routing-bench-');
try {
  const plain = openLeadStore(path.join(temp.dir, 'plain', 'leads.sqlite'));
  const routed = openLeadStore(path.join(temp.dir, 'routed', 'leads.sqlite'), {
    onLeadStored: (db) =>
      createRouting(db, { messageIdDomain: 'bench.test', fallbackTo: [] }).onLeadStored,
  });
  const agent = routed.db.prepare<[string, string]>(
    `INSERT INTO desk_users (email, name, role, password_hash, created_at, on_duty)
     VALUES (?, ?, 'agent', 'no sign-in in the bench', 0, 1)`,
  );
  for (const name of ['Arjun', 'Bina', 'Chetan']) agent.run(`${name}@bench.test`, name);

  // Taken in turns, so a busy moment of the machine falls on both alike.
  const without: number[] = [];
  const withRouting: number[] = [];
  for (let round = 0; round < 4; round += 1) {
    without.push(...storeTimes(plain, (round * LEADS) / 4, LEADS / 4));
    withRouting.push(...storeTimes(routed, (round * LEADS) / 4, LEADS / 4));
  }
  plain.close();
  routed.close();
  without.sort((a, b) => a - b);
  withRouting.sort((a, b) => a - b);
  const rows = [
    {
      case: 'store a lead, no routing',
      p50: percentile(without, 0.5),
      p99: percentile(without, 0.99),
    },
    {
      case: 'store a lead, assigned in turn (3 agents on duty)',
      p50: percentile(withRouting, 0.5),
      p99: percentile(withRouting, 0.99),
    },
  ];
  console.table(rows.map((row) => ({ case: row.case, 'p50 ms': row.p50, 'p99 ms': row.p99 })));
  const added = Math.round(((rows[1]?.p99 ?? 0) - (rows[0]?.p99 ?? 0)) * 100) / 100;
  console.log(
    `Routing adds ${added} ms to a lead's p99 (budget ${BUDGET_MS} ms); load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}.`,
  );
  if (process.argv.includes('--check') && added > BUDGET_MS) process.exitCode = 1;
} finally {
  temp.remove();
}
