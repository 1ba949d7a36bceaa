import * as v from 'valibot';
import { readMetaSettings, type MetaSettings } from './meta-config.ts';
import {
  readMetaConversionsSettings,
  type MetaConversionsSettings,
} from './meta-conversions-config.ts';
import { readWebhookSettings, type WebhookSettings } from './webhook-config.ts';
import { text, wholeNumber, type Env, type EnvOutput } from './env-schema.ts';

/** The doors leads come in by besides the site (Google Ads, Meta, partners) and the CRM webhooks. */
export interface ChannelsConfig {
  /** Signed webhook posts of every lead; undefined: none. */
  webhooks: WebhookSettings | undefined;
  /**
   * Requests each intake source (Google Ads, Meta, each partner) may make per minute, apart from
   * the site's per-address limit; 0 turns the ceiling off (benchmarks).
   */
  intakePerSourcePerMinute: number;
  /** The key Google Ads sends as `google_key` with each lead; undefined: the channel is off. */
  googleAdsWebhookKey: string | undefined;
  /** Meta lead ads (`/intake/meta` and the Graph reads); undefined: the channel is off. */
  meta: MetaSettings | undefined;
  /** The desk's stages sent to Meta's Conversions API; undefined: none are queued. */
  metaConversions: MetaConversionsSettings | undefined;
}

export const CHANNELS_DEFAULTS = {
  INTAKE_PER_SOURCE_PER_MINUTE: '120',
} as const;

export const CHANNELS_ENV = {
  // Webhooks are read as a group (all or none); their own module checks the group.
  WEBHOOK_URL: text(),
  WEBHOOK_SECRET: text(),
  WEBHOOK_INCLUDE_MESSAGES: text(),
  INTAKE_PER_SOURCE_PER_MINUTE: wholeNumber(
    CHANNELS_DEFAULTS.INTAKE_PER_SOURCE_PER_MINUTE,
    0,
    1_000_000,
  ),
  // The key is never echoed back.
  GOOGLE_ADS_WEBHOOK_KEY: v.pipe(
    text(),
    v.check(
      (key) => key === undefined || (key.length >= 16 && key.length <= 500),
      'must be 16 to 500 characters: a long random key, as Google Ads suggests.',
    ),
  ),
  // Meta lead ads: the three secrets together or none, checked by the channel's own reader.
  META_APP_SECRET: text(),
  META_VERIFY_TOKEN: text(),
  META_PAGE_ACCESS_TOKEN: text(),
  META_GRAPH_URL: text(),
  // The Conversions API for CRM: the dataset and its token together or neither.
  META_DATASET_ID: text(),
  META_CONVERSIONS_TOKEN: text(),
};

/** The webhook and Meta variables, each group read together by its channel's own reader. */
export function readChannelGroups(env: Env) {
  const webhooks = readWebhookSettings({
    urls: env.WEBHOOK_URL,
    secret: env.WEBHOOK_SECRET,
    includeMessages: env.WEBHOOK_INCLUDE_MESSAGES,
  });
  const meta = readMetaSettings({
    appSecret: env.META_APP_SECRET,
    verifyToken: env.META_VERIFY_TOKEN,
    pageAccessToken: env.META_PAGE_ACCESS_TOKEN,
    graphUrl: env.META_GRAPH_URL,
  });
  const metaConversions = readMetaConversionsSettings({
    datasetId: env.META_DATASET_ID,
    token: env.META_CONVERSIONS_TOKEN,
    graphUrl: env.META_GRAPH_URL,
  });
  return {
    problems: [...webhooks.problems, ...meta.problems, ...metaConversions.problems],
    webhooks: webhooks.settings,
    meta: meta.settings,
    metaConversions: metaConversions.settings,
  };
}

export function channelsConfig(
  read: EnvOutput<typeof CHANNELS_ENV>,
  groups: Pick<ChannelsConfig, 'webhooks' | 'meta' | 'metaConversions'>,
): ChannelsConfig {
  return {
    webhooks: groups.webhooks,
    intakePerSourcePerMinute: read.INTAKE_PER_SOURCE_PER_MINUTE,
    googleAdsWebhookKey: read.GOOGLE_ADS_WEBHOOK_KEY,
    meta: groups.meta,
    metaConversions: groups.metaConversions,
  };
}
