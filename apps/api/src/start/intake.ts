import type { JsonObject } from '../http/openapi-parts.ts';
import { createFeedFetches, googleFeedStages } from '../conversions/feed-fetches.ts';
import { createConversionStore } from '../conversions/google-ads-feed.ts';
import { googleAdsFeedPaths } from '../conversions/google-ads-openapi.ts';
import { createGoogleAdsFeedRouter } from '../conversions/google-ads-routes.ts';
import { partnerPaths } from '../intake/partner-openapi.ts';
import { whatsappPaths } from '../intake/whatsapp-openapi.ts';
import { partnerOrigin, portalOrigin } from '@iconia/shared';
import {
  createPortalPoller,
  createPortalStore,
  type PortalCredentialSeal,
  type PortalSources,
} from '../portals/index.ts';
import type { Router } from 'express';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createGoogleAdsRouter } from '../intake/google-ads-routes.ts';
import type { IngestEnquiry } from '../intake/ingest-enquiry.ts';
import { createIntakeHttp } from '../intake/intake-http.ts';
import { createMetaRouter } from '../intake/meta-routes.ts';
import { createPartnerRouter } from '../intake/partner-routes.ts';
import { createWhatsappRouter } from '../intake/whatsapp-routes.ts';
import type { ReceiveMessages } from '../whatsapp/index.ts';
import type { Logger } from '../logger.ts';
import { createIntakeRefusalStore } from '../store/intake-refusal-store.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { META_CONVERSIONS_CHANNEL, META_GRAPH_CHANNEL } from '../store/outbox-store.ts';
import {
  createSourceHealth,
  createSourceHealthStore,
  type FigureWindow,
  type PartnerSources,
  type SourceHealth,
} from '../sources/index.ts';

export interface IntakeParts {
  config: Pick<
    Config,
    | 'intakePerSourcePerMinute'
    | 'requestTimeoutMs'
    | 'googleAdsWebhookKey'
    | 'meta'
    | 'whatsapp'
    | 'googleConversions'
  >;
  store: LeadStore;
  clock: Clock;
  logger: Logger;
  ingestEnquiry: IngestEnquiry;
  partnerSources: PartnerSources;
  /** A Meta lead's Graph read was queued. */
  wakeMetaGraph: () => void;
  /** Applies WhatsApp's messages and statuses; undefined when WhatsApp is off. */
  receiveWhatsapp: ReceiveMessages | undefined;
}

/** The doors leads come in by besides the site: Google Ads, Meta and each partner. */
export function createIntakeRouters(parts: IntakeParts): Router[] {
  const { config, store, clock, logger, ingestEnquiry } = parts;
  const intakeRefusals = createIntakeRefusalStore(store.db);
  const intakeHttp = createIntakeHttp({
    logger,
    clock,
    ceiling: { max: config.intakePerSourcePerMinute, windowMs: 60_000 },
    requestTimeoutMs: config.requestTimeoutMs,
    recordRefusal: (refusal) => intakeRefusals.record(refusal),
  });
  return [
    createGoogleAdsRouter({ http: intakeHttp, ingestEnquiry, key: config.googleAdsWebhookKey }),
    createMetaRouter({
      settings: config.meta,
      intakeHttp,
      store,
      clock,
      onQueued: parts.wakeMetaGraph,
    }),
    createPartnerRouter({ http: intakeHttp, ingestEnquiry, sources: parts.partnerSources, clock }),
    createWhatsappRouter({
      settings: config.whatsapp,
      intakeHttp,
      receive: parts.receiveWhatsapp,
      clock,
      logger,
    }),
    // Google Ads fetching what became of its clicks, not a lead coming in; it shares the ceiling.
    createGoogleAdsFeedRouter({
      settings: config.googleConversions,
      store: createConversionStore(store.db),
      fetches: createFeedFetches(store.db),
      clock,
      logger,
      perMinute: config.intakePerSourcePerMinute,
      requestTimeoutMs: config.requestTimeoutMs,
    }),
  ];
}

export interface SourceHealthParts {
  config: Pick<
    Config,
    'googleAdsWebhookKey' | 'googleConversions' | 'meta' | 'metaConversions' | 'mailTo'
  >;
  store: LeadStore;
  clock: Clock;
  logger: Logger;
  partnerSources: PartnerSources;
  portalSources: PortalSources;
  messageIdDomain: string;
  /** An alert email was queued. */
  wakeEmail: () => void;
}

/** Every lead source's figures, and the managers' alerts when one goes quiet or fails. */
export function createLeadSourceHealth(parts: SourceHealthParts): SourceHealth {
  const { config, store, clock, partnerSources } = parts;
  const { googleConversions } = config;
  const feed = googleConversions && {
    store: createConversionStore(store.db),
    fetches: createFeedFetches(store.db),
    names: googleConversions.names,
  };
  const googleFeed = feed && ((window: FigureWindow) => googleFeedStages(feed, window));
  return createSourceHealth({
    store: createSourceHealthStore(store.db, (message) => store.queueMessage(message)),
    clock,
    logger: parts.logger,
    sources: () => [
      { origin: 'site' },
      ...(config.googleAdsWebhookKey === undefined && !googleFeed
        ? []
        : [{ origin: 'google_ads' as const, ...(googleFeed && { stagesFeed: googleFeed }) }]),
      ...(config.meta || config.metaConversions
        ? [
            {
              origin: 'meta' as const,
              ...(config.meta && { graphChannel: META_GRAPH_CHANNEL }),
              ...(config.metaConversions && { stagesChannel: META_CONVERSIONS_CHANNEL }),
            },
          ]
        : []),
      ...partnerSources.list(clock.now()).map((source) => ({
        origin: partnerOrigin(source.name),
        disabled: source.disabled,
      })),
      ...parts.portalSources.list().map((source) => ({
        origin: portalOrigin(source.name),
        disabled: source.disabled,
        polls: {
          lastSuccessAt: source.lastSuccessAt ?? undefined,
          since: source.createdAt,
          failingSince: source.failingSince ?? undefined,
          lastError: source.lastError ?? undefined,
        },
      })),
    ],
    fallbackTo: config.mailTo,
    messageIdDomain: parts.messageIdDomain,
    onQueued: parts.wakeEmail,
  });
}

/** The property portals' polls, storing each lead through the intake as every channel's. */
export function createPortalPolling(
  parts: {
    config: Pick<Config, 'portalPollMs'>;
    store: LeadStore;
    clock: Clock;
    logger: Logger;
    portals: { seal: PortalCredentialSeal };
  },
  ingestEnquiry: IngestEnquiry,
) {
  return createPortalPoller({
    store: createPortalStore(parts.store.db),
    seal: parts.portals.seal,
    ingest: ingestEnquiry,
    clock: parts.clock,
    logger: parts.logger,
    everyMs: parts.config.portalPollMs,
  });
}

/** The intake channels' own paths in the lead API's OpenAPI document. */
export function intakeOpenApiPaths(): JsonObject {
  return { ...partnerPaths(), ...whatsappPaths(), ...googleAdsFeedPaths() };
}
