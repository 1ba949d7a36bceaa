import type Database from 'better-sqlite3';
import { createPushStore, type PushStore } from '../push/index.ts';
import { createOutboxStatements, type OutboxStatements } from '../store/outbox-store.ts';
import { createVisitStore, type VisitStore } from './visit-store.ts';

export interface VisitsDeps {
  db: Database.Database;
  /** The CRM endpoints told of a change of a buyer's stage (as the desk's own changes are). */
  webhookChannels: readonly string[];
  /** The domain of the reminders' Message-IDs (the sender's). */
  messageIdDomain: string;
  /**
   * Called in the transaction of a change of the buyer's stage: any stage change answers the
   * buyer for routing's first-response clock, as the desk's own changes do.
   */
  onStageChanged?: (buyerId: number, at: number) => void;
  /** WhatsApp is set: the buyer gets each change of their visit and its reminders there. */
  whatsapp?: boolean;
}

/** What a change of a visit works with: its rows, the outbox and the push queue. */
export interface VisitContext {
  deps: VisitsDeps;
  store: VisitStore;
  outbox: OutboxStatements;
  pushes: Pick<PushStore, 'queueToUser'>;
}

export function createVisitContext(deps: VisitsDeps): VisitContext {
  return {
    deps,
    store: createVisitStore(deps.db),
    outbox: createOutboxStatements(deps.db),
    pushes: createPushStore(deps.db),
  };
}
