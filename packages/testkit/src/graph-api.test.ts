import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGraphApi, type GraphApi } from './graph-api.ts';

const APP_SECRET = 'graph-peer-app-secret';
const TOKEN = 'EAAGpeerPageToken';
const proof = (token: string) => createHmac('sha256', APP_SECRET).update(token).digest('hex');

describe('the local Graph API peer', () => {
  let graph: GraphApi;

  beforeEach(async () => {
    graph = await startGraphApi({ appSecret: APP_SECRET, accessToken: TOKEN, version: 'v27.0' });
    graph.addLead({
      id: '900000000000001',
      created_time: '2026-11-21T10:14:02+0000',
      field_data: [{ name: 'full_name', values: ['Asha Rao'] }],
      ad_id: '120200000000003',
      campaign_id: '120200000000005',
    });
  });
  afterEach(() => graph.close());

  const read = (query: Record<string, string>, id = '900000000000001') =>
    fetch(`${graph.url}/${id}?${new URLSearchParams(query).toString()}`);

  it('when the token and its appsecret_proof are right, then the lead comes back with the fields asked for', async () => {
    const response = await read({
      fields: 'id,field_data,ad_id',
      access_token: TOKEN,
      appsecret_proof: proof(TOKEN),
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: '900000000000001',
      field_data: [{ name: 'full_name', values: ['Asha Rao'] }],
      ad_id: '120200000000003',
    });
  });

  it('when the appsecret_proof is wrong, then Graph’s code 100 error comes back', async () => {
    const response = await read({ access_token: TOKEN, appsecret_proof: proof('another') });

    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error).toMatchObject({
      code: 100,
      message: 'Invalid appsecret_proof provided in the API argument',
    });
  });

  it('when told to fail, then it answers Graph’s transient error until it recovers', async () => {
    graph.fail('transient-error');
    const failed = await read({ access_token: TOKEN, appsecret_proof: proof(TOKEN) });
    graph.recover();
    const recovered = await read({ access_token: TOKEN, appsecret_proof: proof(TOKEN) });

    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: { code: 2, is_transient: true } });
    expect(recovered.status).toBe(200);
  });
});
