import type Database from 'better-sqlite3';
import { brokerClaimOwner, createBrokers } from '../brokers/index.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { IngestEnquiry } from '../intake/ingest-enquiry.ts';
import type { Logger } from '../logger.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { createPartnerRouter } from '../desk-api/partner-router.ts';
import { createRouting, type RoutingOptions } from '../routing/index.ts';
import { createPriceSheet } from '../plots/index.ts';
import { createVisits } from '../visits/index.ts';

/** Routing on `db` that sends a channel partner's client to the person who owns the partner. */
export function createClaimAwareRouting(db: Database.Database, options: RoutingOptions) {
  return createRouting(db, { ...options, claimOwner: brokerClaimOwner(db) });
}

/** The channel partners feature and its app at /partners (built with the desk, in `deskDist`). */
export function createChannelPartners(
  parts: {
    config: Pick<Config, 'siteUrl' | 'deskDist'>;
    store: LeadStore;
    clock: Clock;
    logger: Logger;
    messageIdDomain: string;
  },
  ingest: IngestEnquiry,
  wakeEmail: () => void,
) {
  const { config, clock, logger } = parts;
  const brokers = createBrokers({
    db: parts.store.db,
    clock,
    logger,
    siteUrl: config.siteUrl,
    messageIdDomain: parts.messageIdDomain,
    ingest,
    wakeEmail,
  });
  // Read only: the visits' slots and what each has left, for the brokers' next free slots.
  const visits = createVisits({
    db: parts.store.db,
    webhookChannels: [],
    messageIdDomain: parts.messageIdDomain,
  });
  const router = createPartnerRouter({
    brokers,
    availability: (day, now) => visits.availability(day, now),
    priceSheet: createPriceSheet(parts.store.db),
    deskDist: config.deskDist,
    clock,
    logger,
  });
  return { brokers, router };
}
