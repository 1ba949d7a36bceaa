/**
 * Property-based fuzzing of both lead endpoints through the real app on a real port: arbitrary
 * field names and values, three encodings and some wrong ones, unicode, huge and empty values,
 * repeated fields and array syntax, prototype keys. Whatever arrives, the server answers with a
 * client status and a known message, stays up, and stores only leads the shared rules accept.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import {
  ATTRIBUTION_MAX_LENGTH,
  CAMPAIGN_FIELDS,
  VISIT_FIELDS,
  LEAD_ENDPOINTS,
  LEAD_SOURCES,
  MESSAGES,
  notTextRefusals,
  brochureLeadFieldsSchema,
  contactEnquiryFieldsSchema,
  PLOT_RANGES,
  isConsentNoticeVersion,
  isLeadSource,
  isPlotRange,
  isValidMobile,
  parseLocation,
  parseName,
  type LeadKind,
} from '@iconia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLIES } from '../../src/http/replies.ts';
import { VISIT_COLUMNS } from '../../src/store/lead-types.ts';
import { createTempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { multipartBody, urlencodedBody, type Listening } from './http-client.ts';

/** Cases per endpoint; two endpoints make the run at least 5,000 requests. */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 2_600);

const KNOWN_FIELDS = [
  'name',
  'mobile',
  'plotRange',
  'location',
  'agree',
  'website',
  'source',
  'page',
  ...CAMPAIGN_FIELDS,
  ...VISIT_FIELDS,
] as const;
const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '__defineGetter__',
];
const HOSTILE_VALUES = [
  'Ravi\r\nBcc: attacker@evil.example',
  'Ravi\nX-Injected: yes',
  '\r\n\r\n<html>body</html>',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1; DROP TABLE leads; --",
  '${7*7}{{7*7}}',
  '%0d%0aBcc:%20x@evil.example',
  'line\u2028separator',
  'nul\u0000byte',
  '\u202eevil\u202c',
  '\ud800',
  '=cmd|"/c calc"!A1',
];

const knownKey = fc.constantFrom(...KNOWN_FIELDS);
const fieldName = fc.oneof(
  { weight: 8, arbitrary: knownKey },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        knownKey,
        fc.constantFrom('[]', '[0]', '[__proto__]', '[constructor][prototype]', '.x'),
      )
      .map(([name, suffix]) => `${name}${suffix}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const validMobile = fc.oneof(
  fc.integer({ min: 6_000_000_000, max: 9_999_999_999 }).map(String),
  fc.constantFrom(
    '+91 98765 43210',
    '098765-43210',
    '0091 9876543210',
    '९८७६५४३२१०',
    '９８７６５４３２１０',
  ),
);
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('Ravi Kumar', '  Asha ', 'రవి', 'Zoë', "D'Souza") },
  { weight: 4, arbitrary: validMobile },
  { weight: 2, arbitrary: fc.constantFrom(...PLOT_RANGES, ...LEAD_SOURCES, 'on', '/', '') },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 95, maxLength: 210 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 90, max: 20_000 }).map((length) => 'x'.repeat(length)),
  },
);
const randomPairs = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 34 });
/** Half the forms start as a real visitor's would, so the fuzz also reaches the store. */
const form = fc.oneof(
  randomPairs,
  fc
    .tuple(
      fc.constantFrom('Ravi Kumar', 'Asha', 'రవి'),
      validMobile,
      fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 }),
    )
    .map(([name, mobile, extra]): Array<[string, string]> => [
      ['name', name],
      ['mobile', mobile],
      ...extra,
    ]),
);

/** JSON allows values forms cannot send: numbers, booleans, null, arrays, nested objects. */
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fieldValue },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(fieldValue, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fieldName, fieldValue, { maxKeys: 3 }) },
);

type Request = { contentType: string | undefined; body: string | Buffer };

const request: fc.Arbitrary<Request> = fc.oneof(
  form.map((pairs) => ({
    contentType: 'application/x-www-form-urlencoded',
    body: urlencodedBody(pairs),
  })),
  form.map((pairs) => ({
    contentType: 'multipart/form-data; boundary=fuzz-boundary',
    body: multipartBody(pairs, 'fuzz-boundary'),
  })),
  // Not encoded at all: stray '%', '&' and '=' and bytes that are not UTF-8 reach the parser.
  fc
    .array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.constantFrom('%', '%zz', '%C3%28', '%FF%FE', '&&==', 'a=%00'),
      ),
      { maxLength: 20 },
    )
    .map((chunks) => ({ contentType: 'application/x-www-form-urlencoded', body: chunks.join('') })),
  // Written by hand, so a key may repeat: JSON.parse keeps the last one.
  fc.array(fc.tuple(fieldName, jsonValue), { maxLength: 34 }).map((pairs) => ({
    contentType: 'application/json',
    body: `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`,
  })),
  fc
    .tuple(jsonValue, fc.constantFrom('application/json', 'application/json; charset=utf-8'))
    .map(([value, contentType]) => ({ contentType, body: JSON.stringify(value) ?? 'null' })),
  fc
    .tuple(
      form,
      fc.constantFrom(
        undefined,
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded; charset=latin1',
        'application/json; charset=utf-16',
        'multipart/form-data',
        'multipart/form-data; boundary=other',
        'multipart/mixed; boundary=fuzz-boundary',
        'application/x-www-form-urlencoded;;;',
      ),
    )
    .map(([pairs, contentType]) => ({
      contentType,
      body: contentType?.startsWith('multipart')
        ? multipartBody(pairs, 'fuzz-boundary')
        : urlencodedBody(pairs),
    })),
);

interface LeadRow {
  id: number;
  kind: string;
  name: string;
  mobile: string;
  plot_range: string | null;
  location: string | null;
  source: string | null;
  status: string;
  consent_notice: string | null;
  [field: string]: unknown;
}

/** Why a stored row breaks the lead rules, or undefined when it is a lead the API may keep. */
function invalidity(row: LeadRow, kind: LeadKind): string | undefined {
  if (row.kind !== kind) return `kind ${row.kind}`;
  const name = parseName(row.name);
  if (!name.ok || name.value !== row.name) return `name ${JSON.stringify(row.name)}`;
  // The site's forms take Indian mobiles only; they are stored in E.164.
  if (!row.mobile.startsWith('+91') || !isValidMobile(row.mobile.slice(3))) {
    return `mobile ${JSON.stringify(row.mobile)}`;
  }
  if (kind === 'contact' && row.plot_range !== null) return 'plot range on an enquiry';
  if (row.plot_range !== null && !isPlotRange(row.plot_range)) return `plot ${row.plot_range}`;
  if (kind === 'brochure' && row.location !== null) return 'location on a brochure lead';
  if (row.location !== null) {
    const location = parseLocation(row.location);
    if (!location.ok || location.value !== row.location) return `location ${row.location}`;
  }
  if (row.source !== null && !isLeadSource(row.source)) return `source ${row.source}`;
  if (row.consent_notice !== null && !isConsentNoticeVersion(row.consent_notice)) {
    return `consent ${row.consent_notice}`;
  }
  for (const field of ['page', ...CAMPAIGN_FIELDS, ...Object.values(VISIT_COLUMNS)]) {
    const value = row[field];
    if (value === null) continue;
    if (
      typeof value !== 'string' ||
      value.length > ATTRIBUTION_MAX_LENGTH ||
      CONTROL_CHARACTERS.test(value) ||
      value !== value.trim() ||
      value === ''
    ) {
      return `${field} ${JSON.stringify(value)}`;
    }
  }
  if (!['pending', 'duplicate', 'spam'].includes(row.status)) return `status ${row.status}`;
  return undefined;
}

function ramDiskTempDir(): { dir: string; remove(): void } {
  if (!existsSync('/dev/shm')) return createTempDir();
  const dir = mkdtempSync('/dev/shm/iconia-fuzz-');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const KNOWN_REPLIES = new Set<string>([
  ...Object.values(MESSAGES),
  ...Object.values(REPLIES),
  ...notTextRefusals(brochureLeadFieldsSchema),
  ...notTextRefusals(contactEnquiryFieldsSchema),
]);

describe('fuzzing the lead endpoints', () => {
  let temp: { dir: string; remove(): void };
  let t: TestServer;
  let http: Listening;
  let db: Database.Database;
  let lastId = 0;

  beforeAll(async () => {
    // Every stored lead is synced to disk before its reply; on a RAM disk, where there is one,
    // the run measures the parsers rather than the CI machine's disk.
    temp = ramDiskTempDir();
    t = await startTestServer({ dataDir: temp.dir });
    // The outbox is what is checked here; sending thousands of .eml files would only slow it.
    await t.delivery.stop();
    http = t;
    db = new Database(t.config.databaseFile, { readonly: true });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    temp.remove();
  });

  /** Rows stored since the last call. */
  const newRows = (): LeadRow[] => {
    const rows = db
      .prepare<[number], LeadRow>('SELECT * FROM leads WHERE id > ? ORDER BY id')
      .all(lastId);
    lastId = rows.at(-1)?.id ?? lastId;
    return rows;
  };

  it.each(Object.entries(LEAD_ENDPOINTS) as Array<[LeadKind, string]>)(
    'when %s leads arrive with arbitrary fields, names, values and encodings, then every reply is a known 2xx/4xx and only valid leads are stored',
    async (kind, path) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(request, async ({ contentType, body }) => {
          const response = await fetch(`${http.url}${path}`, {
            method: 'POST',
            headers: contentType === undefined ? {} : { 'Content-Type': contentType },
            body,
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);

          expect([200, 400, 413, 415]).toContain(response.status);
          expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
          expect(KNOWN_REPLIES.has(text), text).toBe(true);
          if (response.status === 200) expect(text).toBe('success');

          const rows = newRows();
          expect(rows.length).toBeLessThanOrEqual(response.status === 200 ? 1 : 0);
          for (const row of rows) expect(invalidity(row, kind)).toBeUndefined();
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );

      // The run reached the store and the refusals alike, not only one of them.
      if (process.env.FUZZ_REPORT) console.log(kind, Object.fromEntries(statuses));
      expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
      expect((await fetch(`${http.url}/healthz`)).status).toBe(200);
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).name).toBeUndefined();
    },
    600_000,
  );
});
