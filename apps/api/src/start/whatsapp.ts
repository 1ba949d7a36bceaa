import type Database from 'better-sqlite3';
import type { Config } from '../config.ts';
import type { DeliveryWorker } from '../outbox/outbox-worker.ts';
import { createWriteBatch } from '../store/group-commit.ts';
import type { StoredLeadFacts } from '../store/lead-store.ts';
import { createMetaArrivalQueue } from '../store/meta-stage-queue.ts';
import type { IngestEnquiry } from '../intake/ingest-enquiry.ts';
import { createWorkingHoursSetting } from '../routing/index.ts';
import { createVisitStore } from '../visits/index.ts';
import {
  createMediaChannel,
  createMediaShelf,
  createReceiveMessages,
  createVisitNews,
  createWaitingAlerts,
  createWelcome,
  createWhatsappChannel,
  createWhatsappStore,
  MEDIA_WORKER,
  WHATSAPP_WORKER,
  type MediaShelf,
  type MessageAnnouncements,
  type ReceiveMessages,
  type WaitingAlerts,
  type WhatsappStore,
} from '../whatsapp/index.ts';
import { outboxWorker, type WorkerContext } from './outbox-workers.ts';

interface LeadStoredHandler {
  onLeadStored(lead: StoredLeadFacts): void;
}

/**
 * What runs in each lead's transaction: routing first, then, with WhatsApp set, the new buyer's
 * welcome, so the welcome exists exactly when the buyer does, and with Meta's Conversions API set,
 * the stage the buyer stands at for a lead Meta can match.
 */
export function leadStoredHandlers<Routing extends LeadStoredHandler>(
  db: Database.Database,
  routing: Routing,
  config: Pick<Config, 'whatsapp' | 'metaConversions'>,
  announcements: MessageAnnouncements,
) {
  const welcome = config.whatsapp
    ? createWelcome(db, createWhatsappStore(db, announcements))
    : undefined;
  const toMeta = config.metaConversions ? createMetaArrivalQueue(db) : undefined;
  return {
    routing,
    onLeadStored(lead: StoredLeadFacts): void {
      routing.onLeadStored(lead);
      welcome?.(lead);
      toMeta?.(lead.buyerId, lead.receivedAt);
    },
  };
}

export interface WhatsappParts {
  store: WhatsappStore;
  /** The Cloud API sends, on their own worker. */
  worker: DeliveryWorker;
  /** The files buyers send: their folder, and their downloads' worker. */
  media: { shelf: MediaShelf; worker: DeliveryWorker };
  /** The alert to a buyer's owner when their message waits 5 working minutes. */
  waiting: WaitingAlerts;
  /** Wakes the email and push workers once a waiting alert is queued (set when they exist). */
  alertsQueued: { wake: () => void };
}

/** WhatsApp's store and sends on the store's connection; undefined when WhatsApp is not set. */
export function createWhatsappParts(
  context: WorkerContext,
  config: Pick<Config, 'whatsapp' | 'siteUrl' | 'dataDir' | 'mailFrom'>,
  announcements: MessageAnnouncements,
): WhatsappParts | undefined {
  const settings = config.whatsapp;
  if (!settings) return undefined;
  const { db } = context.store;
  const store = createWhatsappStore(db, announcements);
  const waiting = createWaitingAlerts(db, store, {
    hours: createWorkingHoursSetting(db),
    messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
  });
  const alertsQueued = { wake: () => {} };
  const channel = createWhatsappChannel({
    settings,
    store,
    clock: context.clock,
    siteUrl: config.siteUrl,
    visitNews: createVisitNews(store, createVisitStore(db)),
    waiting,
    onAlertsQueued: () => alertsQueued.wake(),
  });
  const shelf = createMediaShelf(config.dataDir);
  const mediaChannel = createMediaChannel({ settings, store, shelf, clock: context.clock });
  return {
    store,
    worker: outboxWorker(context, channel, WHATSAPP_WORKER),
    media: { shelf, worker: outboxWorker(context, mediaChannel, MEDIA_WORKER) },
    waiting,
    alertsQueued,
  };
}

/**
 * Deletes the files of buyers no longer in the database (erased, or gone with their leads); run
 * after each erasure and at the start.
 */
export async function forgetWhatsappFiles(whatsapp: WhatsappParts): Promise<number> {
  return whatsapp.media.shelf.sweep(whatsapp.store.mediaFiles());
}

/**
 * What `/intake/whatsapp` applies: messages and statuses, with a message from an unknown number
 * stored through the intake as any channel's enquiry (the same group commit, routing and welcome);
 * the messages and statuses of the posts of one moment go to disk in one sync.
 */
export function createWhatsappReceiver(
  whatsapp: WhatsappParts,
  ingestEnquiry: IngestEnquiry,
): ReceiveMessages {
  return createReceiveMessages({
    store: whatsapp.store,
    ingest: ingestEnquiry,
    onMediaQueued: () => whatsapp.media.worker.wake(),
    onIncoming: (...args) => whatsapp.waiting.onIncoming(...args),
    durably: createWriteBatch(whatsapp.store.db),
  });
}
