import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskRoutes,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

describe('the desk API OpenAPI document', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let document: Document;
  let leadId: number;

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('manager@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('manager@iconia.test');
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: '9876543210' });
    t.storeLead({ name: 'Ravi K', mobile: '9876543210' });
    await manager
      .post(`/desk/api/leads/${leadId}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Wants east-facing' });
    const res = await manager.get('/desk/api/openapi.json');
    expect(res.status).toBe(200);
    document = res.body as Document;
  });
  afterAll(async () => {
    await t.remove();
  });

  /** Where a value breaks the JSON Schema the document gives for it. */
  function violations(schema: Schema, value: unknown): string[] {
    // The document's references point into its components; a standalone schema keeps them in $defs.
    const standalone = JSON.parse(
      JSON.stringify({ ...schema, $defs: document.components.schemas }).replaceAll(
        '#/components/schemas/',
        '#/$defs/',
      ),
    ) as Schema;
    const validate = new Ajv2020({ allErrors: true, strict: true, formats: fullFormats }).compile(
      standalone,
    );
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '$'} ${error.message ?? ''}`,
    );
  }

  it('when it is checked against the OpenAPI 3.1 schema, then it is valid', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('when the router is read, then every route it registers is in the document and the document has no other', () => {
    const registered = deskRoutes(t.desk.api.router)
      .map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThanOrEqual(18);
    expect(documented).toEqual(registered);
  });

  it('when a route takes a body or a query, then the document describes each field from its schema', () => {
    const leads = document.paths['/leads']?.get;
    expect(leads?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['stage', 'form', 'owner', 'from', 'to', 'q', 'cursor', 'limit']),
    );
    const change = document.paths['/leads/{id}']?.patch?.requestBody?.content['application/json'];
    expect(change?.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: {
        stage: { enum: expect.arrayContaining(['new', 'lost']) as unknown },
        lostReason: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
      },
    });
    const note =
      document.paths['/leads/{id}/notes']?.post?.requestBody?.content['application/json'];
    const refusals = Object.values(
      (
        document.paths['/leads/{id}']?.patch?.responses['400']?.content?.['application/json'] as {
          examples?: Record<string, { value: { error: string } }>;
        }
      ).examples ?? {},
    ).map((example) => example.value.error);
    expect(refusals).toEqual(
      expect.arrayContaining([
        '"stage" is not a stage.',
        '"followUpAt" must be a time like 2026-11-21T15:45:00+05:30, or null to clear it.',
        '"ownerId" must be an account id or null.',
      ]),
    );
    expect(note?.schema).toMatchObject({
      required: ['text'],
      properties: { text: { maxLength: 2000 } },
    });
  });

  it('when each documented JSON answer is asked for, then the real answer matches its schema', async () => {
    const answers: Array<[string, string, string]> = [
      ['/session', '/desk/api/session', '200'],
      ['/leads', '/desk/api/leads?limit=1', '200'],
      ['/leads/{id}', `/desk/api/leads/${leadId}`, '200'],
      ['/today', '/desk/api/today', '200'],
      ['/reports', '/desk/api/reports?days=90', '200'],
      ['/users', '/desk/api/users', '200'],
      ['/users', '/desk/api/users?short=1', '200'],
      ['/source-health', '/desk/api/source-health', '200'],
      ['/duty', '/desk/api/duty', '200'],
      ['/routing', '/desk/api/routing', '200'],
      ['/routing/unanswered', '/desk/api/routing/unanswered', '200'],
      ['/leads', '/desk/api/leads?stage=hot', '400'],
      ['/leads/{id}', '/desk/api/leads/99999', '404'],
    ];
    for (const [path, url, status] of answers) {
      const res = await manager.get(url);
      expect(res.status, url).toBe(Number(status));
      const schema = document.paths[path]?.get?.responses[status]?.content?.['application/json'];
      expect(schema, `${url} ${status} is documented`).toBeDefined();
      expect(violations(schema!.schema, res.body), url).toEqual([]);
    }
    const changed = await manager
      .patch(`/desk/api/leads/${leadId}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'contacted', followUpAt: '2026-11-23T11:00:00+05:30' });
    const patch = document.paths['/leads/{id}']?.patch?.responses['200']?.content;
    expect(violations(patch!['application/json']!.schema, changed.body)).toEqual([]);
  });

  it('when an agent asks for the document, then it is refused', async () => {
    await t.addUser('agent@iconia.test', 'agent', 'Arjun');
    const agent = await t.signIn('agent@iconia.test');
    const res = await agent.get('/desk/api/openapi.json');
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('openapi');
  });
});
