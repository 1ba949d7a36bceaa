import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import type { ClaimedDelivery } from '../store/lead-store.ts';
import {
  META_GRAPH_CHANNEL,
  META_LEAD_READ_KIND,
  type MetaLeadgenPayload,
} from '../store/outbox-store.ts';
import type { MetaSettings } from '../config/meta-config.ts';
import { META_LEAD_FIELDS } from './meta-graph.ts';
import { toMetaEnquiry, type MetaEnquiry } from './meta-lead.ts';

/** Long enough for Graph on a bad day; a read that takes longer is tried again later. */
export const GRAPH_TIMEOUT_MS = 10_000;

/**
 * Retries after 10 s, 20 s, 40 s … and then every 5 minutes: a lead waits at most 5 minutes past
 * the end of a Graph outage, however long it lasted.
 */
export const GRAPH_BACKOFF = { baseMs: 10_000, maxMs: 5 * 60_000 };

/** Graph's Lead node, as far as the channel reads it; other fields are ignored. */
export const GraphLeadSchema = v.object({
  id: v.string(),
  created_time: v.optional(v.string()),
  field_data: v.optional(
    v.array(v.object({ name: v.string(), values: v.optional(v.array(v.string()), []) })),
    [],
  ),
  ad_id: v.optional(v.string()),
  adset_id: v.optional(v.string()),
  campaign_id: v.optional(v.string()),
  form_id: v.optional(v.string()),
});
export type GraphLead = v.InferOutput<typeof GraphLeadSchema>;

const GraphErrorSchema = v.object({
  error: v.object({
    message: v.optional(v.string()),
    type: v.optional(v.string()),
    code: v.optional(v.number()),
    fbtrace_id: v.optional(v.string()),
  }),
});

/** A read Graph did not answer with the lead: its status and Graph's own words, never the token. */
export class GraphReadError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'GraphReadError';
  }
}

export interface GraphChannelOptions {
  settings: MetaSettings;
  /** Stores the read lead as an enquiry of origin `meta`; resolves once it is stored. */
  ingest: (enquiry: MetaEnquiry) => Promise<{ lead: { publicId: string }; repeat: boolean }>;
  timeoutMs?: number;
}

/** `appsecret_proof`: the access token signed with the app secret, as Graph checks it. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

/**
 * The Graph read of a Meta lead as a channel of the outbox: the webhook event is stored and
 * acknowledged first, and this reads the lead it names, retried with the outbox's backoff until
 * Graph answers, so an outage or a crash in between loses nothing. The lead is stored under its
 * `leadgen_id`, so a read that is repeated (a crash after the store, before the sent mark) makes
 * no second lead.
 */
export function createGraphChannel(options: GraphChannelOptions): OutboxChannel {
  const { settings, ingest } = options;
  const timeoutMs = options.timeoutMs ?? GRAPH_TIMEOUT_MS;
  const proof = appSecretProof(settings.pageAccessToken, settings.appSecret);

  async function read(leadgenId: string): Promise<GraphLead> {
    const url = new URL(`${settings.graphUrl}/${encodeURIComponent(leadgenId)}`);
    url.searchParams.set('fields', META_LEAD_FIELDS.join(','));
    url.searchParams.set('access_token', settings.pageAccessToken);
    url.searchParams.set('appsecret_proof', proof);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      // fetch's own error names no URL, so the token in the query stays out of the log.
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new GraphReadError(`the Graph read ${reason}`, undefined);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const graphError = v.safeParse(GraphErrorSchema, body);
      const detail = graphError.success
        ? `${graphError.output.error.type ?? 'error'} ${graphError.output.error.code ?? ''}: ${graphError.output.error.message ?? ''} (fbtrace_id ${graphError.output.error.fbtrace_id ?? '-'})`
        : 'no Graph error in the answer';
      throw new GraphReadError(`Graph answered ${response.status}, ${detail}`, response.status);
    }
    const lead = v.safeParse(GraphLeadSchema, body);
    if (!lead.success || lead.output.id !== leadgenId) {
      throw new GraphReadError(
        `Graph answered ${response.status} without the lead`,
        response.status,
      );
    }
    return lead.output;
  }

  return {
    name: META_GRAPH_CHANNEL,
    messages: {
      sent: 'Meta lead read from Graph',
      failed: 'Meta lead read from Graph failed; will retry',
      dead: 'Meta lead read from Graph cannot be stored',
      backlog: 'Meta leads wait on Graph reads',
    },
    async send(delivery: ClaimedDelivery) {
      if (delivery.kind !== META_LEAD_READ_KIND) {
        throw new UnsendableMessageError(META_GRAPH_CHANNEL, delivery.kind);
      }
      const { leadgenId, receivedAt } = delivery.payload as MetaLeadgenPayload;
      const lead = await read(leadgenId);
      const stored = await ingest(toMetaEnquiry(lead, receivedAt));
      return { leadgenId, lead: stored.lead.publicId, repeat: stored.repeat };
    },
  };
}
