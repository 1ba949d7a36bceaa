import { textResponse, type Json, type JsonObject } from '../http/openapi-parts.ts';
import { methodNotAllowed, REPLIES } from '../http/replies.ts';
import { FEED_HEADER, FEED_PARAMETERS } from './google-ads-feed.ts';
import { FEED_REALM, FEED_REPLIES, GOOGLE_ADS_FEED_PATH } from './google-ads-routes.ts';

function feedOperation(): JsonObject {
  return {
    summary: "Google Ads' offline conversions, for its scheduled upload",
    description: `The file Google Ads fetches on a schedule (Goals > Conversions > Uploads > Schedules, source HTTPS), in Google's offline conversion import template: the line \`${FEED_PARAMETERS}\`, the header \`${FEED_HEADER.join(',')}\`, then one row per click id and stage the buyer reached in the last 90 days, in India time. A row carries one click id: \`Google Click ID\` (gclid), else \`GBRAID\` or \`WBRAID\`. Only the stages GOOGLE_CONVERSION_NAMES names are listed, under their conversion names; a buyer who jumped stages reached the skipped ones at the same moment. Booked carries the booked plot's price in INR when the inventory has one. No name, number or email; test leads and erased buyers are never listed. Each fetch is logged with its row count.`,
    security: [{ googleConversionsBasic: [] }],
    responses: {
      '200': {
        description: 'The conversions, as CSV.',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
      '401': {
        ...textResponse('The username or password is missing or wrong.', [
          FEED_REPLIES.wrongCredentials,
        ]),
        headers: {
          'WWW-Authenticate': {
            description: 'The basic auth challenge.',
            schema: { type: 'string', const: `Basic realm="${FEED_REALM}", charset="UTF-8"` },
          },
        },
      },
      '404': textResponse(
        'GOOGLE_CONVERSIONS_USER, GOOGLE_CONVERSIONS_PASSWORD and GOOGLE_CONVERSION_NAMES are unset: the feed is off.',
        [REPLIES.notFound],
      ),
      '405': {
        ...textResponse('Only GET is answered.', [methodNotAllowed(['GET'])]),
        headers: { Allow: { schema: { type: 'string', const: 'GET, HEAD' } } },
      },
      '429': {
        ...textResponse(
          'This address fetched more than INTAKE_PER_SOURCE_PER_MINUTE times a minute.',
          [FEED_REPLIES.tooMany],
        ),
        headers: {
          'Retry-After': {
            description: 'Seconds until the address may fetch again.',
            schema: { type: 'integer', minimum: 1 },
          },
        },
      },
    },
  };
}

/** The feed's path in the lead API's document. */
export function googleAdsFeedPaths(): Record<string, Json> {
  return { [GOOGLE_ADS_FEED_PATH]: { get: feedOperation() } };
}
