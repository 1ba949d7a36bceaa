import { createHmac } from 'node:crypto';

/**
 * A Page webhook post as Meta documents it for the `leadgen` field: one entry per Page, one
 * change per new lead. Times are Unix seconds.
 */
export function metaLeadgenEvent(
  leads: ReadonlyArray<{ leadgenId: string; formId?: string; adId?: string; adgroupId?: string }>,
  pageId = '105000000000001',
  time = Math.floor(Date.now() / 1000),
): string {
  return JSON.stringify({
    object: 'page',
    entry: [
      {
        id: pageId,
        time,
        changes: leads.map((lead) => ({
          field: 'leadgen',
          value: {
            ad_id: lead.adId ?? '120200000000003',
            form_id: lead.formId ?? '330000000000002',
            leadgen_id: lead.leadgenId,
            created_time: time,
            page_id: pageId,
            adgroup_id: lead.adgroupId ?? '120200000000004',
          },
        })),
      },
    ],
  });
}

/** `X-Hub-Signature-256` as Meta sends it: `sha256=` and the hex HMAC of the raw body. */
export function metaSignature(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}
