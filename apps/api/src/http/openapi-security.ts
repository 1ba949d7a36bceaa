import type { Json, JsonObject } from './openapi-parts.ts';

/*
 * How the lead API's callers are authenticated, in OpenAPI's terms. Every operation says it: the
 * site's forms and the probes are open to anyone; Meta and the partners sign in headers, which
 * security schemes describe. Google Ads puts its key in the body, which no scheme can name (they
 * reach headers, the query and cookies), so its operation lists none and its body says where the
 * key is.
 */

/** Anyone may call: the site's forms (held to origin and rate limits, not a credential), the probes. */
export const ANYONE: Json = [{}];

/** The three Standard Webhooks headers, all together. */
export const STANDARD_WEBHOOKS: Json = [
  { webhookId: [], webhookTimestamp: [], webhookSignature: [] },
];

const header = (name: string, description: string): JsonObject => ({
  type: 'apiKey',
  in: 'header',
  name,
  description,
});

/**
 * Standard Webhooks (https://www.standardwebhooks.com): how the partners sign what they post to
 * `/intake/partners/{name}`, and how this server signs what it posts to WEBHOOK_URL.
 */
export function standardWebhooksSchemes(): JsonObject {
  return {
    webhookId: header(
      'webhook-id',
      'Standard Webhooks: the message id, the same on every retry; signed with the body, and the idempotency key.',
    ),
    webhookTimestamp: header(
      'webhook-timestamp',
      "Standard Webhooks: Unix seconds when signed, part of what is signed; a post far from the receiver's clock is refused (more than 5 minutes, on /intake/partners).",
    ),
    webhookSignature: header(
      'webhook-signature',
      "Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint's secret (the base64 after `whsec_`, decoded): each partner source's own on /intake/partners/{name}, WEBHOOK_SECRET on the posts this server sends. Several may be given, space-separated; one that matches is enough.",
    ),
  };
}

/**
 * HTTP basic auth as Google Ads' scheduled uploads send it, on the conversions feed
 * (`/conversions/google-ads.csv`).
 */
export function googleConversionsSchemes(): JsonObject {
  return {
    googleConversionsBasic: {
      type: 'http',
      scheme: 'basic',
      description:
        'The username GOOGLE_CONVERSIONS_USER and password GOOGLE_CONVERSIONS_PASSWORD, typed into the schedule in Google Ads; both compared in constant time.',
    },
  };
}
