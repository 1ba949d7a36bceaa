/**
 * Sales desk inbox speed: seeds a lead database with 100,000 leads (a fifth of them worked by
 * five agents: stages, owners, follow-ups) and an inventory of 1,000 plots (some held, some
 * booked), signs in as an agent, and times GET /desk/api/leads for the first page, filtered
 * pages, deeper pages and searches, and GET /desk/api/plots as the Plots screen asks for it,
 * one request at a time over
 * loopback HTTP against the server `pnpm start` runs, on a real SQLite file. Prints p50 and p95 per case and
 * whether each p95 is within the 50 ms budget; then times a manager's import of a 1,000-plot CSV
 * (new plots, then the same file again as updates) against its 2 s budget. `--check` exits
 * non-zero when a figure is over its budget.
 *
 *   pnpm bench:desk            (BENCH_LEADS=20000 for a quicker run)
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LEAD_SOURCES } from '@iconia/shared';
import { createAccount } from '../src/accounts/index.ts';
import type { WorkRow } from '../src/buyers/index.ts';
import { createDeskStore } from '../src/desk-api/desk-store.ts';
import { STAGE_RANK, type DeskUser, type Stage } from '../src/desk/desk-types.ts';
import { openLeadStore, type NewLead } from '../src/store/lead-store.ts';
import { createPlotStore } from '../src/plots/index.ts';
import { createTempDir, createTestClock } from '@iconia/testkit';
import { startTestServer } from '@iconia/api/test-server';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const PLOTS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_P95_MS = 50;
const IMPORT_BUDGET_MS = 2_000;
const IMPORT_RUNS = 3;
const CHECK = process.argv.includes('--check');
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-21T10:15:00Z');
const PASSWORD = 'bench password 1';

/** A fixed pseudo-random sequence, so every run seeds the same database. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const next = random(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

const FIRST = ['Ravi', 'Asha', 'Srinivas', 'Lakshmi', 'Venkat', 'Priya', 'Kiran', 'Anil', 'Sita'];
const LAST = ['Kumar', 'Reddy', 'Rao', 'Sharma', 'Naidu', 'Varma', 'Goud', 'Chowdary'];
const CAMPAIGNS = [
  { utm_source: 'google', utm_campaign: 'villa-plots' },
  { utm_source: 'google', utm_campaign: 'brand' },
  { utm_source: 'facebook', utm_campaign: 'diwali' },
  { utm_source: 'instagram', utm_campaign: 'reels' },
  {},
] as const;
const WORKED_STAGES: Stage[] = ['contacted', 'contacted', 'visit_scheduled', 'visit_done', 'lost'];

function seed(leadsFor: (batch: NewLead[]) => void): string[] {
  const mobiles: string[] = [];
  let batch: NewLead[] = [];
  for (let index = 0; index < LEADS; index += 1) {
    const mobile = String(6_000_000_000 + Math.floor(next() * 3_999_999_999));
    mobiles.push(mobile);
    const brochure = next() < 0.8;
    batch.push({
      publicId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      messageId: `<bench-${index}@iconia.test>`,
      kind: brochure ? 'brochure' : 'contact',
      name: `${pick(FIRST)} ${pick(LAST)}`,
      mobile,
      ...(brochure ? { plotRange: '200 - 300 Sq. Yds' } : { location: 'Kukatpally' }),
      attribution: { source: pick(LEAD_SOURCES), ...pick(CAMPAIGNS) },
      // Half a year of leads, the newest last.
      receivedAt: NOW - 180 * DAY + Math.floor((index / LEADS) * 180 * DAY),
      spam: next() < 0.02,
      held: next() < 0.005,
    });
    if (batch.length === 5_000) {
      leadsFor(batch);
      batch = [];
    }
  }
  if (batch.length > 0) leadsFor(batch);
  return mobiles;
}

function percentileMs(sorted: readonly number[], fraction: number): number {
  const value = sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

/** A 1,000-plot CSV as a manager would export it from a spreadsheet, its numbers prefixed. */
function inventoryCsv(prefix: string): string {
  const facings = ['East', 'West', 'North', 'South', 'North-East', 'South-West'];
  const rows = Array.from({ length: PLOTS }, (_, index) =>
    [
      `${prefix}-${index + 1}`,
      `Phase ${(index % 4) + 1}`,
      150 + (index % 300),
      facings[index % 6],
      index % 9 === 0 ? 'yes' : 'no',
      '',
      15_000 + (index % 5) * 500,
    ].join(','),
  );
  return ['number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd', ...rows].join('\n');
}

/** Imports new 1,000-plot files, each then again as updates, and times every request. */
async function timeImports(base: string, cookie: string) {
  const rows = [];
  for (let run = 1; run <= IMPORT_RUNS; run += 1) {
    const csv = inventoryCsv(`Q${run}`);
    for (const [what, expected] of [
      ['new plots', { created: PLOTS, updated: 0 }],
      ['updates', { created: 0, updated: PLOTS }],
    ] as const) {
      const start = performance.now();
      const res = await fetch(`${base}/plots/import`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/csv', 'sec-fetch-site': 'same-origin' },
        body: csv,
      });
      const body = await res.text();
      const ms = performance.now() - start;
      if (res.status !== 200 || body !== JSON.stringify(expected)) {
        throw new Error(`import ${what}: ${res.status} ${body}`);
      }
      rows.push({
        file: `${run}: ${what}`,
        ms: Math.round(ms),
        within: ms < IMPORT_BUDGET_MS ? 'yes' : 'NO',
      });
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const temp = createTempDir('iconia-desk-bench-');
  const dataDir = path.join(temp.dir, 'data');
  const started = performance.now();
  // Seeded on the file before the server starts; leads this old were emailed long ago.
  const store = openLeadStore(path.join(dataDir, 'leads.sqlite'));
  const mobiles = seed((batch) => store.insertLeads(batch, 0));
  const { db } = store;
  db.exec(`UPDATE deliveries SET status = 'sent', sent_at = next_attempt_at, attempts = 1;
           UPDATE leads SET status = 'sent', sent_at = received_at WHERE status = 'pending';`);
  const desk = createDeskStore(db);
  const agents: DeskUser[] = [];
  for (const name of ['Arjun', 'Kiran', 'Meena', 'Sunil', 'Divya']) {
    agents.push(
      await createAccount(
        desk,
        { email: `${name.toLowerCase()}@iconia.test`, name, role: 'agent', password: PASSWORD },
        NOW,
      ),
    );
  }
  // Each worked buyer was assigned in turn and answered; routing keeps one row per hand-over.
  const assign = db.prepare<{ id: number; user: number; answered: number }>(
    `INSERT INTO buyer_assignments (buyer_id, lead_id, user_id, assigned_at, due_at, reason,
       answered_at)
     SELECT buyer_id, id, @user, received_at, received_at + 300000, 'new', @answered
     FROM leads WHERE id = @id`,
  );
  const unworked = db
    .prepare<[], number>(
      `SELECT id FROM leads WHERE buyer_id NOT IN (SELECT buyer_id FROM buyer_assignments)
       AND status <> 'spam' ORDER BY id DESC LIMIT 60`,
    )
    .pluck();
  const assignUnanswered = db.prepare<{ id: number; user: number }>(
    `INSERT INTO buyer_assignments (buyer_id, lead_id, user_id, assigned_at, due_at, reason)
     SELECT buyer_id, id, @user, received_at, received_at + 300000, 'new' FROM leads WHERE id = @id`,
  );
  await createAccount(
    desk,
    { email: 'manager@iconia.test', name: 'Lata', role: 'manager', password: PASSWORD },
    NOW,
  );
  // A fifth of the leads worked, as a busy team would leave them.
  db.transaction(() => {
    for (let id = 1; id <= LEADS; id += 1) {
      if (next() >= 0.2) continue;
      const stage = next() < 0.03 ? 'booked' : pick(WORKED_STAGES);
      const owner = pick(agents);
      const work: WorkRow = {
        stage,
        furthest_stage: stage === 'lost' ? 1 : STAGE_RANK[stage],
        owner_id: owner.id,
        follow_up_at: next() < 0.5 ? NOW + Math.floor((next() - 0.5) * 14 * DAY) : null,
        lost_reason: stage === 'lost' ? 'Budget' : null,
        first_contact_at: NOW - 180 * DAY + Math.floor((id / LEADS) * 180 * DAY) + 600_000,
        first_contact_by: owner.id,
      };
      desk.saveWork(id, work, NOW, [{ type: 'stage', actorId: owner.id, text: 'Seeded' }]);
      assign.run({ id, user: owner.id, answered: work.first_contact_at ?? NOW });
    }
    // The first agent's buyers nobody has called yet: the newest that nobody worked.
    const first = agents[0];
    if (first) for (const id of unworked.all()) assignUnanswered.run({ id, user: first.id });
  })();
  // The Plots screen's inventory: four phases; a tenth held for a buyer, a twentieth booked.
  const plots = createPlotStore(db);
  const FACINGS = ['north', 'east', 'south', 'west', 'north_east', 'south_west'] as const;
  const buyers = db
    .prepare('SELECT id FROM buyers ORDER BY id LIMIT 5000')
    .pluck()
    .all() as number[];
  db.transaction(() => {
    for (let index = 1; index <= PLOTS; index += 1) {
      const plotId = plots.insertPlot(
        {
          number: `P-${index}`,
          phase: `Phase ${(index % 4) + 1}`,
          sizeSqYd: 150 + Math.floor(next() * 350),
          facing: pick(FACINGS),
          corner: next() < 0.1,
          price: null,
          ratePerSqYd: 15_000 + Math.floor(next() * 10) * 500,
        },
        'available',
        NOW,
      );
      const roll = next();
      if (roll >= 0.15) continue;
      const agent = pick(agents);
      const buyerId = pick(buyers);
      const holdId = plots.insertHold({
        plotId,
        buyerId,
        agentId: agent.id,
        now: NOW,
        expiresAt: NOW + 2 * DAY,
      });
      plots.setStatus(plotId, 'held', NOW);
      if (roll >= 0.05) continue;
      plots.insertBooking({ plotId, holdId, buyerId, by: agent.id, now: NOW });
      plots.endHold(holdId, 'booked', NOW);
      db.prepare(
        `UPDATE plot_bookings SET status = 'approved', decided_at = ? WHERE hold_id = ?`,
      ).run(NOW, holdId);
      plots.setStatus(plotId, 'booked', NOW);
    }
  })();
  db.pragma('optimize');
  store.close();
  console.log(
    `Seeded ${LEADS.toLocaleString('en-IN')} leads in ${Math.round((performance.now() - started) / 1000)} s.`,
  );

  const t = await startTestServer({ dataDir, clock: createTestClock(NOW) });
  const base = `${t.url}/desk/api`;
  const sessionOf = async (email: string): Promise<string> => {
    const signIn = await fetch(`${base}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  const cookie = await sessionOf('arjun@iconia.test');

  const get = async (
    query: string,
    endpoint = 'leads',
  ): Promise<{ ms: number; body: { nextCursor: string } }> => {
    const start = performance.now();
    const res = await fetch(`${base}/${endpoint}?${query}`, { headers: { cookie } });
    const body = (await res.json()) as { nextCursor: string };
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };

  const firstPageCursor = (await get('')).body.nextCursor;
  let deepCursor = firstPageCursor;
  for (let page = 0; page < 40; page += 1)
    deepCursor = (await get(`cursor=${deepCursor}`)).body.nextCursor;

  const someMobile = () => pick(mobiles);
  const cases: Array<{ name: string; kind: string; query: () => string; endpoint?: string }> = [
    { name: 'First page (50 newest)', kind: 'first page', query: () => '' },
    { name: 'Second page (cursor)', kind: 'filtered', query: () => `cursor=${firstPageCursor}` },
    { name: 'Page 42 (cursor)', kind: 'filtered', query: () => `cursor=${deepCursor}` },
    { name: 'Stage: Contacted', kind: 'filtered', query: () => 'stage=contacted' },
    { name: 'Stage: Booked (rare)', kind: 'filtered', query: () => 'stage=booked' },
    { name: 'Stage: New', kind: 'filtered', query: () => 'stage=new' },
    { name: 'Form: contact form', kind: 'filtered', query: () => 'form=contact-form' },
    {
      name: 'Campaign: google / villa-plots',
      kind: 'filtered',
      query: () => 'utmSource=google&utmCampaign=villa-plots',
    },
    { name: 'Owner: me', kind: 'filtered', query: () => 'owner=me' },
    { name: 'Owner: unassigned', kind: 'filtered', query: () => 'owner=none' },
    { name: 'Follow-up due', kind: 'filtered', query: () => 'due=1' },
    { name: 'Last 7 days', kind: 'filtered', query: () => 'from=2026-11-15&to=2026-11-21' },
    {
      name: 'A week in August, contact form',
      kind: 'filtered',
      query: () => 'from=2026-08-01&to=2026-08-07&form=contact-form',
    },
    { name: 'Spam folder', kind: 'filtered', query: () => 'spam=1' },
    { name: 'Held (over the address limit)', kind: 'filtered', query: () => 'held=1' },
    {
      name: 'Search: whole mobile',
      kind: 'search by mobile',
      query: () => `q=${someMobile()}`,
    },
    {
      name: 'Search: last 4 digits',
      kind: 'search by mobile',
      query: () => `q=${someMobile().slice(6)}`,
    },
    {
      name: 'Search: middle 6 digits',
      kind: 'search by mobile',
      query: () => `q=${someMobile().slice(2, 8)}`,
    },
    { name: 'Search: name', kind: 'search by name', query: () => `q=${pick(FIRST)}` },
    {
      name: 'My unanswered buyers (routing)',
      kind: 'routing',
      endpoint: 'routing/unanswered',
      query: () => '',
    },
    { name: 'Plots: all 1,000', kind: 'plots', endpoint: 'plots', query: () => '' },
    {
      name: 'Plots: a phase, available',
      kind: 'plots',
      endpoint: 'plots',
      query: () => `phase=Phase%20${1 + Math.floor(next() * 4)}&status=available`,
    },
    {
      name: 'Plots: size range, corner',
      kind: 'plots',
      endpoint: 'plots',
      query: () => 'minSize=200&maxSize=300&corner=1',
    },
    {
      name: 'Plots: facing, held',
      kind: 'plots',
      endpoint: 'plots',
      query: () => 'facing=east&status=held',
    },
  ];

  const rows = [];
  for (const bench of cases) {
    for (let warm = 0; warm < 10; warm += 1) await get(bench.query(), bench.endpoint);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      times.push((await get(bench.query(), bench.endpoint)).ms);
    }
    times.sort((a, b) => a - b);
    const p95 = percentileMs(times, 0.95);
    rows.push({
      case: bench.name,
      budget: bench.kind,
      'p50 ms': percentileMs(times, 0.5),
      'p95 ms': p95,
      within: p95 <= BUDGET_P95_MS ? 'yes' : 'NO',
    });
  }
  const imports = await timeImports(base, await sessionOf('manager@iconia.test'));
  await t.close();
  temp.remove();

  console.log(
    `\nGET /desk/api/leads, /desk/api/routing/unanswered and /desk/api/plots (${PLOTS} plots), ${RUNS} requests per case, one at a time; budget p95 ≤ ${BUDGET_P95_MS} ms.` +
      `\nMachine: ${cpus().length} cores, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}, Node ${process.version}.\n`,
  );
  console.table(rows);
  console.log(
    `\nPOST /desk/api/plots/import of a 1,000-plot CSV as a manager, ${IMPORT_RUNS} files; budget < ${IMPORT_BUDGET_MS} ms each.`,
  );
  console.table(imports);
  const over = [
    ...rows.filter((row) => row.within !== 'yes'),
    ...imports.filter((row) => row.within !== 'yes'),
  ];
  if (over.length > 0) {
    console.log(
      `Over budget: ${over.map((row) => ('case' in row ? row.case : `import ${row.file}`)).join(', ')}`,
    );
    if (CHECK) process.exitCode = 1;
  }
}

await main();
