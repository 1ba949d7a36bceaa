import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { MetaConversionsSettings } from '../config/meta-conversions-config.ts';
import {
  createMetaConversionsChannel,
  META_CONVERSIONS_WORKER,
} from '../conversions/meta-conversions-channel.ts';
import { createEmailChannel } from '../mail/email-channel.ts';
import { SMTP_CONNECTIONS, type Mailer } from '../mail/transport.ts';
import type { OutboxChannel } from '../outbox/outbox-channel.ts';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../outbox/outbox-worker.ts';
import { createRoutingChannel, type Routing } from '../routing/index.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { createManagerAlertStore } from '../store/manager-alert-store.ts';
import { createPushChannel, PUSH_WORKER, type PushStore, type VapidKeys } from '../push/index.ts';
import type { VisitLookup } from '../store/visit-schema.ts';
import { WEBHOOK_WORKER, type WebhookChannel } from '../webhooks/webhook-channel.ts';

/** What every outbox worker of the server shares. */
export interface WorkerContext {
  store: LeadStore;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, 'pendingAlertMs'>;
}

type WorkerSettings = Omit<
  DeliveryWorkerOptions,
  'store' | 'channel' | 'clock' | 'logger' | 'pendingAlertMs'
>;

/** One channel's worker, created stopped: the server starts every worker once it listens. */
export function outboxWorker(
  { store, clock, logger, config }: WorkerContext,
  channel: OutboxChannel,
  settings: WorkerSettings,
): DeliveryWorker {
  return createDeliveryWorker({
    store,
    channel,
    clock,
    logger,
    pendingAlertMs: config.pendingAlertMs,
    ...settings,
  });
}

export interface MessageWorkerParts {
  config: Pick<Config, 'mailFrom' | 'mailTo' | 'siteUrl' | 'smtpTimeoutMs' | 'smtpUrl'> &
    Pick<Config, 'pushSubject' | 'pushServices' | 'metaConversions'>;
  mailer: Mailer;
  routing: Routing;
  webhookChannels: readonly WebhookChannel[];
  push: { store: PushStore; keys: VapidKeys };
  visits: VisitLookup;
}

/** The workers of the messages about leads and buyers: emails, phone alerts, routing, webhooks. */
export interface MessageWorkers {
  delivery: DeliveryWorker;
  pushes: DeliveryWorker;
  routingSteps: DeliveryWorker;
  webhooks: DeliveryWorker[];
  /** The buyers' stages sent to Meta's Conversions API; undefined when it is not set. */
  metaConversions: DeliveryWorker | undefined;
  /** There is work now: wake the workers of what was just queued. */
  wake: {
    /** An email to the sales inbox or a person. */
    email: () => void;
    /** A person's alert: an email and a push per device, queued together. */
    alerts: () => void;
    /** A message to the CRM endpoints (and a stage to Meta's Conversions API). */
    webhooks: () => void;
  };
}

function emailWorker(context: WorkerContext, parts: MessageWorkerParts): DeliveryWorker {
  const { config, mailer } = parts;
  const managerAlertStore = createManagerAlertStore(context.store.db);
  const channel = createEmailChannel(
    mailer,
    { from: config.mailFrom, to: config.mailTo, siteUrl: config.siteUrl },
    {
      visits: parts.visits,
      leadNames: (leadIds) => managerAlertStore.leadNames(leadIds),
      now: () => context.clock.now(),
    },
  );
  return outboxWorker(context, channel, {
    // Long enough for one send with every SMTP timeout spent, so another instance on the same
    // file never picks up a lead this one is still sending.
    leaseMs: Math.max(60_000, config.smtpTimeoutMs * 4),
    concurrency: config.smtpUrl ? SMTP_CONNECTIONS : 1,
  });
}

export function createMessageWorkers(
  context: WorkerContext,
  parts: MessageWorkerParts,
): MessageWorkers {
  const { config } = parts;
  const { clock } = context;
  const delivery = emailWorker(context, parts);
  const pushChannel = createPushChannel({
    store: parts.push.store,
    keys: parts.push.keys,
    subject: config.pushSubject,
    services: config.pushServices,
    clock,
    visits: parts.visits,
  });
  const pushes = outboxWorker(context, pushChannel, PUSH_WORKER);
  const webhooks = parts.webhookChannels.map((channel) =>
    outboxWorker(context, channel, WEBHOOK_WORKER),
  );
  const metaConversions =
    config.metaConversions && metaConversionsWorker(context, config.metaConversions);
  const wake = {
    email: () => delivery.wake(),
    alerts: () => {
      delivery.wake();
      pushes.wake();
    },
    webhooks: () => {
      for (const worker of webhooks) worker.wake();
      metaConversions?.wake();
    },
  };
  const routingChannel = createRoutingChannel(parts.routing, clock, wake.alerts);
  const routingSteps = outboxWorker(context, routingChannel, { leaseMs: 60_000 });
  return { delivery, pushes, routingSteps, webhooks, metaConversions, wake };
}

/** The buyers' stages sent to Meta's Conversions API, on their own worker. */
function metaConversionsWorker(
  context: WorkerContext,
  settings: MetaConversionsSettings,
): DeliveryWorker {
  const channel = createMetaConversionsChannel({
    settings,
    db: context.store.db,
    clock: context.clock,
  });
  return outboxWorker(context, channel, META_CONVERSIONS_WORKER);
}
