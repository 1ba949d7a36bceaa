import type Database from 'better-sqlite3';
import type { StoredLeadFacts } from '../store/lead-store.ts';
import type { WhatsappStore } from './whatsapp-store.ts';

/**
 * The welcome to a new buyer, queued in the transaction that stores their first enquiry, so it
 * exists exactly when the buyer does and goes once: never for a test, spam, duplicate or held
 * lead, never to a buyer who enquired before (a returning buyer), who has no number, was erased
 * or opted out. The buyer's one-welcome index makes a second impossible whatever calls this.
 */
export function createWelcome(db: Database.Database, store: WhatsappStore) {
  const buyer = db.prepare<[number], { mobile: string | null; erased_at: number | null }>(
    `SELECT mobile, erased_at FROM buyers WHERE id = ?`,
  );
  const enquiredBefore = db.prepare<[number, number], { found: number }>(
    `SELECT 1 AS found FROM leads WHERE buyer_id = ? AND id <> ? AND status NOT IN ('spam', 'test')
     LIMIT 1`,
  );

  /** Queues the welcome if this lead makes a new buyer who may get one; true when queued. */
  return function welcomeNewBuyer(lead: StoredLeadFacts): boolean {
    if (lead.status !== 'pending') return false;
    const row = buyer.get(lead.buyerId);
    if (!row?.mobile || row.erased_at !== null) return false;
    if (enquiredBefore.get(lead.buyerId, lead.id)) return false;
    if (store.optedOutAt(lead.buyerId) !== undefined) return false;
    const queued = store.queueOutgoing({
      buyerId: lead.buyerId,
      leadId: lead.id,
      kind: 'welcome',
      template: 'welcome',
      at: lead.receivedAt,
    });
    return queued !== undefined;
  };
}
