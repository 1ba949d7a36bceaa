/**
 * What the drills check on the webhook side: every lead that was to be delivered reached the
 * receiver at least once, each lead's repeats carried one webhook-id, and every post was signed
 * with the configured key (the receiver, started with that key, verifies each one).
 */
import { randomBytes } from 'node:crypto';
import type { ReceivedPost } from '@iconia/testkit';
import type { LeadRow } from './support.ts';

/** A fresh key for a drill's server and its receiver. */
export function drillWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface WebhookAccounting {
  posts: number;
  /** Leads to be delivered that the receiver never got. */
  undelivered: number;
  /** Posts beyond the first of each lead: allowed, each with the lead's one webhook-id. */
  repeats: number;
  /** Leads whose posts carried more than one webhook-id. */
  idMismatches: number;
  /** Posts whose signature did not verify. */
  badSignatures: number;
  /** Posts of a lead the database does not hold. */
  strangers: number;
}

export function accountWebhooks(
  rows: readonly LeadRow[],
  posts: readonly ReceivedPost[],
): WebhookAccounting {
  const idsByLead = new Map<string, Set<string>>();
  let badSignatures = 0;
  for (const post of posts) {
    const event = post.event as { data: { id: string } } | undefined;
    if (post.signatureError !== undefined || !event) {
      badSignatures += 1;
      continue;
    }
    const leadId = event.data.id;
    const ids = idsByLead.get(leadId) ?? new Set<string>();
    ids.add(String(post.headers['webhook-id']));
    idsByLead.set(leadId, ids);
  }
  const stored = new Set(rows.map((row) => row.public_id));
  const expected = rows.filter((row) => row.status === 'pending' || row.status === 'sent');
  return {
    posts: posts.length,
    undelivered: expected.filter((row) => !idsByLead.has(row.public_id)).length,
    repeats: posts.length - badSignatures - idsByLead.size,
    idMismatches: [...idsByLead.values()].filter((ids) => ids.size > 1).length,
    badSignatures,
    strangers: [...idsByLead.keys()].filter((id) => !stored.has(id)).length,
  };
}
