// `pnpm lint`'s check of the three OpenAPI documents the API serves: writes the lead API's
// (`/openapi.json`), the desk API's (`/desk/api/openapi.json`) and the partner API's
// (`/partners/api/openapi.json`), built by the same code the server runs, to a temporary folder
// and runs `redocly lint` on them with the rules of the
// repository's redocly.yaml. Offline: no usage data is sent and no newer version is asked for.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { partnerRoutes } from '../src/brokers/index.ts';
import {
  createDeskOpenApiDocument,
  createPartnerOpenApiDocument,
} from '../src/desk-api/desk-openapi.ts';
import { createOpenApiDocument } from '../src/http/openapi.ts';
import { intakeOpenApiPaths } from '../src/start/intake.ts';

/** The repository's root, where redocly.yaml is. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const documents = {
  // The intake paths the composition root (start-server.ts) hands the lead API's document.
  'lead-api.openapi.json': createOpenApiDocument(intakeOpenApiPaths()),
  'desk-api.openapi.json': createDeskOpenApiDocument(),
  'partner-api.openapi.json': createPartnerOpenApiDocument(partnerRoutes),
};

const dir = mkdtempSync(path.join(tmpdir(), 'iconia-openapi-'));
try {
  for (const [name, document] of Object.entries(documents)) {
    writeFileSync(path.join(dir, name), `${JSON.stringify(document, null, 2)}\n`);
  }
  const config = path.join(ROOT, 'redocly.yaml');
  const lint = spawnSync('redocly', ['lint', '--config', config, ...Object.keys(documents)], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (lint.error) throw lint.error;
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
