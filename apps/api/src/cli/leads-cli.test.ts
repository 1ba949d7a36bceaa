import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, createTestClock, freePort, startSmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { loadConfig } from '../config.ts';
import { partnerOrigin } from '@iconia/shared';
import { openLeadStore, type NewLead } from '../store/lead-store.ts';
import { EXPORT_FIELDS } from '../format/lead-export.ts';
import { runLeadsCli } from './run-leads-cli.ts';

/** 20 Nov 2026, 10:00 am in India. */
const DAY_ONE = Date.parse('2026-11-20T04:30:00Z');
const HOUR = 3_600_000;
/** When the sales desk runs the commands: 21 Nov 2026, 5:30 pm in India. */
const NOW = Date.parse('2026-11-21T12:00:00Z');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

async function runCli(args: string[], dataDir: string, cwd = dataDir): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runLeadsCli(args, {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    clock: { now: () => NOW },
    cwd,
    config: () => loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'leads@iconia.test' }, cwd),
  });
  return { code, stdout, stderr };
}

/** RFC 4180 reader, enough to read back what the export writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe('pnpm leads, on a database filled through the real API', () => {
  let temp: ReturnType<typeof createTempDir>;
  let dataDir: string;
  /** Public ids by what the lead is, for the assertions. */
  const ids: Record<string, string> = {};

  const idOf = (t: TestServer, mobile: string, status?: string): string => {
    const lead = t.store
      .listLeads()
      .filter((item) => item.mobile === `+91${mobile}` && (!status || item.status === status))
      .at(-1);
    if (!lead) throw new Error(`no lead from ${mobile}`);
    return lead.publicId;
  };

  beforeAll(async () => {
    temp = createTempDir('iconia-cli-');
    dataDir = path.join(temp.dir, 'data');
    const clock = createTestClock(DAY_ONE);

    // Day one: leads that reach the sales inbox (the dev inbox here), a repeat, and a bot.
    const day = await startTestServer({ dataDir, clock });
    await request(day.url).post('/send-email').type('form').send({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      page: '/gallery',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'villa-plots',
      utm_term: '+plots -flats',
      utm_content: '@hero',
      gclid: 'Cj0KCQ',
    });
    ids.ravi = idOf(day, '9876543210');
    clock.advance(60_000);
    await request(day.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Ravi Kumar', mobile: '9876543210', source: 'brochure-modal' });
    ids.repeat = idOf(day, '9876543210', 'duplicate');
    clock.advance(HOUR);
    await request(day.url)
      .post('/contact-form')
      .field('name', 'Asha, "Hyd" office')
      .field('mobile', '9123456780')
      .field('location', 'Kukatpally')
      .field('source', 'contact-form');
    ids.asha = idOf(day, '9123456780');
    clock.advance(HOUR);
    await request(day.url).post('/send-email').type('form').send({
      name: '=HYPERLINK("https://evil.example","Click me")',
      mobile: '9000000001',
      source: 'inline-brochure',
      website: 'https://spam.example',
    });
    ids.spam = idOf(day, '9000000001');
    await day.delivery.drain();
    await day.close();

    // Day two: the mail server is down, so one lead waits for a retry; one more is just in.
    clock.advance(22 * HOUR);
    const down = await startTestServer({
      dataDir,
      clock,
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    });
    await request(down.url).post('/send-email').send({
      name: 'Meena',
      mobile: '9988776655',
      plotRange: '165 - 200 Sq. Yds',
      source: 'location-modal',
    });
    await down.delivery.drain();
    ids.meena = idOf(down, '9988776655');
    const publicId = randomUUID();
    down.store.insertLead(
      {
        publicId,
        messageId: `<lead-${publicId}@iconia.test>`,
        kind: 'contact',
        name: 'Kiran',
        mobile: '+919555512345',
        attribution: { source: 'contact-form' },
        receivedAt: clock.now(),
        spam: false,
      },
      0,
    );
    ids.kiran = publicId;
    await down.close();
  });
  afterAll(() => temp.remove());

  describe('list', () => {
    it('when the desk lists the leads, then every lead shows newest first with its state, full mobile and form', async () => {
      const { code, stdout } = await runCli(['list'], dataDir);

      expect(code).toBe(0);
      const lines = stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(
        /^ID\s+RECEIVED \(IST\)\s+KIND\s+STATUS\s+NAME\s+MOBILE\s+PLOT RANGE \/ LOCATION\s+CAME FROM$/,
      );
      const rows = lines.slice(1, 7);
      expect(rows.map((row) => row.slice(0, 8))).toEqual(
        [ids.kiran, ids.meena, ids.spam, ids.asha, ids.repeat, ids.ravi].map((id) =>
          id!.slice(0, 8),
        ),
      );
      expect(rows[0]).toMatch(/contact\s+pending\s+Kiran\s+\+91 95555 12345\s+Contact form$/);
      expect(rows[1]).toMatch(
        /21 Nov 2026, 10:01 am\s+brochure\s+failed\s+Meena\s+\+91 99887 76655\s+165 - 200 Sq\. Yds\s+Location highlights enquiry pop-up/,
      );
      expect(rows[2]).toMatch(/\s+spam\s+/);
      expect(rows[3]).toMatch(
        /contact\s+sent\s+Asha, "Hyd" office\s+\+91 91234 56780\s+Kukatpally/,
      );
      expect(rows[4]).toMatch(/brochure\s+duplicate\s+Ravi Kumar/);
      expect(rows[5]).toMatch(
        /^\w{8}\s+20 Nov 2026, 10:00 am\s+brochure\s+sent\s+Ravi Kumar\s+\+91 98765 43210\s+200 - 300 Sq\. Yds\s+Download Brochure pop-up$/,
      );
      expect(lines.at(-1)).toBe('6 leads.');
    });

    it('when filters are given, then only the matching leads are listed', async () => {
      const contact = await runCli(['list', '--kind', 'contact'], dataDir);
      const failed = await runCli(['list', '--status', 'failed'], dataDir);
      const pending = await runCli(['list', '--status', 'pending'], dataDir);
      const dayOne = await runCli(
        ['list', '--since', '2026-11-20', '--until', '2026-11-20'],
        dataDir,
      );
      const today = await runCli(['list', '--since', 'today'], dataDir);
      const limited = await runCli(['list', '--limit', '2'], dataDir);

      const shortIds = (run: CliRun) =>
        run.stdout
          .split('\n')
          .slice(1)
          .filter((line) => /^[0-9a-f]{8}\s/.test(line))
          .map((line) => line.slice(0, 8));
      const short = (...names: string[]) => names.map((name) => ids[name]!.slice(0, 8));
      expect(shortIds(contact)).toEqual(short('kiran', 'asha'));
      expect(shortIds(failed)).toEqual(short('meena'));
      expect(shortIds(pending)).toEqual(short('kiran'));
      expect(shortIds(dayOne)).toEqual(short('spam', 'asha', 'repeat', 'ravi'));
      expect(shortIds(today)).toEqual(short('kiran', 'meena'));
      expect(shortIds(limited)).toEqual(short('kiran', 'meena'));
      expect(limited.stdout).toContain('Showing the newest 2 of 6 leads; --limit 0 shows all.');
    });

    it('when nothing matches, then it says so and succeeds', async () => {
      const { code, stdout } = await runCli(['list', '--since', '2027-01-01'], dataDir);
      expect(code).toBe(0);
      expect(stdout).toBe('No leads match.\n');
    });

    it.each([
      [['list', '--kind', 'villa'], '--kind must be brochure or contact (got "villa").'],
      [
        ['list', '--status', 'lost'],
        '--status must be one of pending, failed, sent, duplicate, spam',
      ],
      [['list', '--since', '2026-02-30'], '--since must be a day written YYYY-MM-DD'],
      [['list', '--since', '2026-11-21', '--until', '2026-11-20'], 'is after --until'],
      [['list', '--limit', 'ten'], '--limit must be a whole number'],
      [['list', '--colour'], "Unknown option '--colour'"],
      [['list', 'extra'], 'Unexpected argument "extra".'],
    ])(
      'when the command line is %j, then it explains the mistake and exits with 2',
      async (args, message) => {
        const { code, stdout, stderr } = await runCli(args, dataDir);
        expect(code).toBe(2);
        expect(stdout).toBe('');
        expect(stderr).toContain(message);
        expect(stderr).toContain('Usage: pnpm leads list');
      },
    );
  });

  describe('export', () => {
    it('when exported as CSV, then every field of every lead is there, oldest first, as RFC 4180', async () => {
      const { code, stdout } = await runCli(['export', '--format', 'csv'], dataDir);

      expect(code).toBe(0);
      expect(stdout.endsWith('\r\n')).toBe(true);
      expect(stdout.replace(/\r\n/g, '')).not.toMatch(/\n/);
      const [header, ...rows] = parseCsv(stdout);
      expect(header).toEqual([...EXPORT_FIELDS]);
      expect(rows.map((row) => row[0])).toEqual(
        ['ravi', 'repeat', 'asha', 'spam', 'meena', 'kiran'].map((name) => ids[name]),
      );
      const ravi = Object.fromEntries(header!.map((field, index) => [field, rows[0]![index]]));
      expect(ravi).toMatchObject({
        receivedAt: '2026-11-20T10:00:00+05:30',
        kind: 'brochure',
        status: 'sent',
        name: 'Ravi Kumar',
        mobile: '9876543210',
        plotRange: '200 - 300 Sq. Yds',
        location: '',
        source: 'brochure-modal',
        page: '/gallery',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'villa-plots',
        gclid: 'Cj0KCQ',
        consentNotice: 'brochure-consent-v1',
        attempts: '1',
        lastError: '',
        duplicateOf: '',
      });
      expect(ravi.sentAt).toMatch(/^2026-11-20T12:01:\d\d\+05:30$/);
      expect(ravi.messageId).toMatch(/^<lead-[\w-]+@iconia\.test>$/);
      const repeat = rows[1]!;
      expect(repeat[header!.indexOf('duplicateOf')]).toBe(ids.ravi);
      const meena = rows[4]!;
      expect(meena[header!.indexOf('status')]).toBe('failed');
      expect(meena[header!.indexOf('lastError')]).toMatch(/ECONNREFUSED|connect/i);
      // A comma and quotes survive the round trip.
      expect(rows[2]![header!.indexOf('name')]).toBe('Asha, "Hyd" office');
    });

    it('when a value starts like a spreadsheet formula, then the CSV cell is prefixed with a quote', async () => {
      const { stdout } = await runCli(['export', '--format', 'csv'], dataDir);

      expect(stdout).toContain(`,"'=HYPERLINK(""https://evil.example"",""Click me"")",`);
      const [header, ...rows] = parseCsv(stdout);
      const ravi = rows[0]!;
      expect(ravi[header!.indexOf('utm_term')]).toBe("'+plots -flats");
      expect(ravi[header!.indexOf('utm_content')]).toBe("'@hero");
      // Plain values are left alone.
      expect(ravi[header!.indexOf('mobile')]).toBe('9876543210');
    });

    it('when exported as JSON, then each lead carries every field, null where it has none', async () => {
      const { code, stdout } = await runCli(
        ['export', '--format', 'json', '--kind', 'contact'],
        dataDir,
      );

      expect(code).toBe(0);
      const leads = JSON.parse(stdout) as Array<Record<string, unknown>>;
      expect(leads.map((lead) => lead.id)).toEqual([ids.asha, ids.kiran]);
      for (const lead of leads) expect(Object.keys(lead)).toEqual([...EXPORT_FIELDS, 'answers']);
      expect(leads[0]).toMatchObject({
        name: 'Asha, "Hyd" office',
        mobile: '9123456780',
        location: 'Kukatpally',
        plotRange: null,
        source: 'contact-form',
        utm_source: null,
        status: 'sent',
        attempts: 1,
      });
      expect(leads[1]).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    });

    it('when --output names a file, then the export goes there, readable by its owner only', async () => {
      const { code, stdout, stderr } = await runCli(
        ['export', '--format', 'json', '--output', 'leads.json', '--status', 'sent'],
        dataDir,
        temp.dir,
      );

      const file = path.join(temp.dir, 'leads.json');
      expect(code).toBe(0);
      expect(stdout).toBe('');
      expect(stderr).toBe(`Wrote 2 leads to ${file}\n`);
      expect((JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length).toBe(2);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it('when the format is neither csv nor json, then it exits with 2', async () => {
      const { code, stderr } = await runCli(['export', '--format', 'xlsx'], dataDir);
      expect(code).toBe(2);
      expect(stderr).toContain('--format must be csv or json (got "xlsx").');
    });
  });

  describe('stats', () => {
    it('when the desk asks for stats, then it sees leads per day and per form, and the outbox', async () => {
      const { code, stdout } = await runCli(['stats', '--since', '2026-11-19'], dataDir);

      expect(code).toBe(0);
      expect(stdout).toContain('Leads per day, Thu 19 Nov 2026 to Sat 21 Nov 2026 (India time)');
      const line = (start: string) => stdout.split('\n').find((row) => row.startsWith(start));
      expect(line('DAY')).toMatch(/^DAY\s+BROCHURE\s+ENQUIRY\s+LEADS\s+DUPLICATE\s+SPAM$/);
      expect(line('Thu 19 Nov 2026')).toMatch(/\s0\s+0\s+0\s+0\s+0$/);
      expect(line('Fri 20 Nov 2026')).toMatch(/\s1\s+1\s+2\s+1\s+1$/);
      expect(line('Sat 21 Nov 2026')).toMatch(/\s1\s+1\s+2\s+0\s+0$/);
      expect(line('Total')).toMatch(/\s2\s+2\s+4\s+1\s+1$/);
      expect(line('Brochure form on the home page')).toMatch(/\s0$/);
      expect(line('Download Brochure pop-up')).toMatch(/\s1$/);
      expect(line('Location highlights enquiry pop-up')).toMatch(/\s1$/);
      expect(line('Contact form')).toMatch(/\s2$/);
      expect(line('Pending (not tried yet)')).toMatch(/\s1$/);
      expect(line('Failed (will be retried)')).toMatch(/\s1$/);
      expect(stdout).toContain('Oldest waiting lead received 21 Nov 2026, 10:01 am IST.');
      expect(line('Last delivery error:')).toMatch(/ECONNREFUSED|connect/i);
    });

    it('when no period is given, then the last seven days up to today are counted', async () => {
      const { stdout } = await runCli(['stats'], dataDir);
      expect(stdout).toContain('Leads per day, Sun 15 Nov 2026 to Sat 21 Nov 2026 (India time)');
    });
  });

  describe('resend', () => {
    it('when a sent lead is resent, then the running server emails it again with the same Message-ID', async () => {
      const inbox = await startSmtpInbox();
      const server = await startTestServer({
        dataDir,
        clock: createTestClock(NOW),
        env: { SMTP_URL: inbox.url },
      });
      try {
        // The failed and pending leads go out first, as the server would send them anyway.
        await server.delivery.drain();
        const before = inbox.messages.length;

        const { code, stdout } = await runCli(['resend', ids.ravi!.slice(0, 8)], dataDir);
        await server.delivery.drain();

        expect(code).toBe(0);
        expect(stdout).toContain(`Lead ${ids.ravi!.slice(0, 8)} (Ravi Kumar, brochure request,`);
        expect(stdout).toContain('was sent 20 Nov 2026, 12:01 pm IST) is queued for delivery.');
        const [mail] = (await inbox.waitFor(before + 1)).slice(before);
        const lead = server.store.findByPublicId(ids.ravi!);
        expect(mail?.parsed.messageId).toBe(lead?.messageId);
        expect(stdout).toContain(`It keeps its Message-ID ${lead?.messageId}.`);
        expect(mail?.parsed.subject).toBe('New brochure request from Ravi Kumar');
        expect(lead).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        await server.close();
        await inbox.close();
      }
    });

    it('when the id matches no lead, then it says so and exits with 1', async () => {
      const { code, stderr } = await runCli(['resend', 'ffffffff'], dataDir);
      expect(code).toBe(1);
      expect(stderr).toBe('No lead has an id starting with ffffffff.\n');
    });

    it('when the id is missing or not an id, then it exits with 2', async () => {
      expect((await runCli(['resend'], dataDir)).stderr).toContain('Missing an argument.');
      const bad = await runCli(['resend', 'Ravi'], dataDir);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('The lead id is the one "pnpm leads list" shows');
    });
  });

  describe('backup', () => {
    it('when a backup is taken while the server holds the database, then the copy has every lead', async () => {
      const server = await startTestServer({ dataDir, clock: createTestClock(NOW) });
      const file = path.join(temp.dir, 'backups', 'leads.sqlite');
      try {
        const { code, stdout } = await runCli(
          ['backup', 'backups/leads.sqlite'],
          dataDir,
          temp.dir,
        );

        expect(code).toBe(0);
        expect(stdout).toMatch(
          new RegExp(
            `^Backed up 6 leads to ${file.replace(/[.]/g, '\\.')} \\(\\d+ KB\\); integrity check ok\\.\\n$`,
          ),
        );
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const copy = openLeadStore(file);
        try {
          expect(copy.listLeads().map((lead) => lead.publicId)).toEqual(
            server.store.listLeads().map((lead) => lead.publicId),
          );
        } finally {
          copy.close();
        }
      } finally {
        await server.close();
      }
    });

    it('when the backup cannot be written there, then the reason is given without a stack and it exits with 1', async () => {
      const blocker = path.join(temp.dir, 'not-a-folder');
      writeFileSync(blocker, '');

      const { code, stderr } = await runCli(
        ['backup', path.join(blocker, 'leads.sqlite')],
        dataDir,
      );

      expect(code).toBe(1);
      expect(stderr).toMatch(/^(EEXIST|ENOTDIR)\b.*not-a-folder/);
      expect(stderr).not.toMatch(/\n\s+at /);
    });

    it('when the backup file exists, then it is kept unless --force is given', async () => {
      const file = path.join(temp.dir, 'existing.sqlite');
      writeFileSync(file, 'precious');

      const refused = await runCli(['backup', file], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(`${file} exists already; add --force to overwrite it.\n`);
      expect(readFileSync(file, 'utf8')).toBe('precious');

      const forced = await runCli(['backup', file, '--force'], dataDir);
      expect(forced.code).toBe(0);
      expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
    });
  });

  describe('help and mistakes', () => {
    it.each(['list', 'export', 'resend', 'stats', 'backup'])(
      'when "%s --help" is run, then its usage is printed and it exits with 0',
      async (command) => {
        const { code, stdout } = await runCli([command, '--help'], dataDir);
        expect(code).toBe(0);
        expect(stdout).toMatch(new RegExp(`^Usage: pnpm leads ${command}`));
      },
    );

    it('when no command is given, then the overview lists every command and it exits with 2', async () => {
      const { code, stdout } = await runCli([], dataDir);
      expect(code).toBe(2);
      for (const command of ['list', 'export', 'resend', 'stats', 'backup']) {
        expect(stdout).toMatch(new RegExp(`^  ${command}\\s+\\S`, 'm'));
      }
    });

    it('when the command is unknown, then it says so and exits with 2', async () => {
      const { code, stderr } = await runCli(['delete'], dataDir);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^Unknown command "delete"\./);
    });

    it('when DATA_DIR holds no database, then it names the file it looked for and creates nothing', async () => {
      const empty = path.join(temp.dir, 'empty');
      const { code, stderr } = await runCli(['list'], empty);
      expect(code).toBe(1);
      expect(stderr).toContain(`No lead database at ${path.join(empty, 'leads.sqlite')}.`);
      expect(existsSync(empty)).toBe(false);
    });
  });
});

describe('pnpm leads, with leads from the site without a form, an ad platform and a partner', () => {
  let temp: ReturnType<typeof createTempDir>;
  let dataDir: string;

  beforeAll(() => {
    temp = createTempDir('iconia-cli-channels-');
    dataDir = path.join(temp.dir, 'data');
    const store = openLeadStore(path.join(dataDir, 'leads.sqlite'));
    const lead = (fields: Partial<NewLead> & Pick<NewLead, 'name' | 'mobile'>): NewLead => {
      const publicId = randomUUID();
      return {
        publicId,
        messageId: `<lead-${publicId}@iconia.test>`,
        kind: 'enquiry',
        attribution: {},
        receivedAt: DAY_ONE,
        spam: false,
        ...fields,
      };
    };
    try {
      store.insertLead(
        lead({ kind: 'brochure', name: 'Scripted Post', mobile: '+919000000011' }),
        0,
      );
      store.insertLead(
        lead({
          name: 'Google Buyer',
          mobile: '+919000000012',
          origin: 'google_ads',
          externalId: 'G-1',
          email: 'google.buyer@example.com',
          message: '@sales call me after 6',
          answers: { 'When can you visit?': 'Saturday', 'Budget?': '1.5 Cr' },
          receivedAt: DAY_ONE + HOUR,
        }),
        0,
      );
      store.insertLead(
        lead({
          name: 'Partner Buyer',
          mobile: '+919000000013',
          origin: partnerOrigin('acme'),
          externalId: 'ACME-1',
          answers: { 'Plot size?': '200 sq yd', 'When can you visit?': 'Sunday' },
          receivedAt: DAY_ONE + 2 * HOUR,
        }),
        0,
      );
      // The oldest: a Meta lead whose form gave neither a usable number nor a name.
      store.insertLead(
        lead({
          name: '',
          mobile: '',
          origin: 'meta',
          externalId: 'META-1',
          problems: ['Number not valid: 12345', 'No name'],
          answers: { 'Budget?': '=1+1' },
          receivedAt: DAY_ONE - HOUR,
        }),
        0,
      );
    } finally {
      store.close();
    }
  });
  afterAll(() => temp.remove());

  it('when the leads are listed, then a post that named no form reads "Website, no form named" and the others name their channel', async () => {
    const { code, stdout } = await runCli(['list'], dataDir);

    expect(code).toBe(0);
    const rows = stdout.trimEnd().split('\n').slice(1, 4);
    expect(rows[0]).toMatch(/Partner Buyer\s+\+91 90000 00013\s+Partner: acme$/);
    expect(rows[1]).toMatch(/Google Buyer\s+\+91 90000 00012\s+Google Ads$/);
    expect(rows[2]).toMatch(/Scripted Post\s+\+91 90000 00011\s+Website, no form named$/);
  });

  it('when they are exported as CSV, then origin, email, message and problems have columns, and each question of the leads’ forms one of its own in the order it first came in', async () => {
    const { code, stdout } = await runCli(['export', '--format', 'csv'], dataDir);

    expect(code).toBe(0);
    const [header, ...rows] = parseCsv(stdout);
    expect(header).toEqual([...EXPORT_FIELDS, 'Budget?', 'When can you visit?', 'Plot size?']);
    const byName = (name: string) =>
      Object.fromEntries(
        header!.map((field, index) => [
          field,
          rows.find((row) => row[header!.indexOf('name')] === name)![index],
        ]),
      );
    expect(rows[0]![header!.indexOf('problems')]).toBe('Number not valid: 12345; No name');
    expect(rows[0]![header!.indexOf('origin')]).toBe('meta');
    // An answer that starts like a formula is written as text, as every other cell.
    expect(rows[0]![header!.indexOf('Budget?')]).toBe("'=1+1");
    expect(byName('Google Buyer')).toMatchObject({
      origin: 'google_ads',
      email: 'google.buyer@example.com',
      message: "'@sales call me after 6",
      problems: '',
      'Budget?': '1.5 Cr',
      'When can you visit?': 'Saturday',
      'Plot size?': '',
    });
    expect(byName('Partner Buyer')).toMatchObject({
      origin: 'partner:acme',
      'When can you visit?': 'Sunday',
      'Plot size?': '200 sq yd',
    });
    expect(byName('Scripted Post')).toMatchObject({ origin: 'site', source: '', 'Budget?': '' });
  });

  it('when they are exported as JSON, then each lead carries its origin, email, message, problems and answers', async () => {
    const { stdout } = await runCli(['export', '--format', 'json'], dataDir);

    const leads = JSON.parse(stdout) as Array<Record<string, unknown>>;
    expect(leads[0]).toMatchObject({
      origin: 'meta',
      problems: 'Number not valid: 12345; No name',
      answers: { 'Budget?': '=1+1' },
    });
    expect(leads[2]).toMatchObject({
      name: 'Google Buyer',
      email: 'google.buyer@example.com',
      message: '@sales call me after 6',
      answers: { 'When can you visit?': 'Saturday', 'Budget?': '1.5 Cr' },
    });
    expect(leads[1]).toMatchObject({ name: 'Scripted Post', problems: null, answers: null });
  });
});
