// The three OpenAPI documents the API serves, compared with the ones kept beside this test. They
// change only on purpose: a route moved between files, or a contract generated another way,
// must leave them as they were, apart from the order of keys. After a deliberate change of the
// contract, write the files again with `UPDATE_OPENAPI=1 pnpm vitest run test/contract`.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '../../src/brokers/index.ts';
import {
  createDeskOpenApiDocument,
  createPartnerOpenApiDocument,
} from '../../src/desk-api/desk-openapi.ts';
import { createOpenApiDocument } from '../../src/http/openapi.ts';
import { intakeOpenApiPaths } from '../../src/start/intake.ts';

/** The document with every object's keys in order, so only what it says is compared. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return value;
}

const documents = {
  'lead-api.openapi.json': () => createOpenApiDocument(intakeOpenApiPaths()),
  'desk-api.openapi.json': () => createDeskOpenApiDocument(),
  'partner-api.openapi.json': () => createPartnerOpenApiDocument(partnerRoutes),
};

describe('the published API contracts', () => {
  for (const [file, create] of Object.entries(documents)) {
    it(`when ${file} is generated, then it says exactly what the kept copy says`, () => {
      const url = new URL(file, import.meta.url);
      const generated = `${JSON.stringify(canonical(create()), null, 2)}\n`;
      if (process.env.UPDATE_OPENAPI === '1') writeFileSync(url, generated);
      expect(JSON.parse(generated)).toEqual(JSON.parse(readFileSync(url, 'utf8')));
    });
  }
});
