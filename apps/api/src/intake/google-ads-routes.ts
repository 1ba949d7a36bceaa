import { createHash } from 'node:crypto';
import { Router } from 'express';
import * as v from 'valibot';
import {
  GOOGLE_ADS_PATH,
  GOOGLE_ADS_REPLIES,
  googleAdsLeadSchema,
  isPlatformTestValue,
  readPlatformPhone,
  type GoogleAdsLead,
} from '@iconia/shared';
import { isSameKey } from '../http/same-key.ts';
import type { ChannelEnquiry, IngestEnquiry } from './ingest-enquiry.ts';
import { readExactJsonBody, type IntakeAnswer, type IntakeHttp } from './intake-http.ts';

/** Google Ads' refusals and ceiling count under this source. */
export const GOOGLE_ADS_SOURCE = 'google_ads';

/** The columns the lead's own fields come from, in order of preference; every other column is kept as an answer. */
const NAME_COLUMNS = ['FULL_NAME', 'FIRST_NAME', 'LAST_NAME'];
const PHONE_COLUMNS = ['PHONE_NUMBER', 'WORK_PHONE'];
const EMAIL_COLUMNS = ['EMAIL', 'WORK_EMAIL'];

/** Google's ids of the form and the ad that brought the lead, kept as answers under these names. */
const AD_IDS = ['form_id', 'adgroup_id', 'creative_id', 'asset_group_id'] as const;

function columnValues(lead: GoogleAdsLead): Map<string, string> {
  const values = new Map<string, string>();
  for (const column of lead.user_column_data) {
    const value = column.string_value?.trim() ?? '';
    if (column.column_id && value !== '' && !values.has(column.column_id)) {
      values.set(column.column_id, value);
    }
  }
  return values;
}

const firstOf = (values: Map<string, string>, columns: readonly string[]) =>
  columns.map((column) => values.get(column)).find(Boolean);

/**
 * Reads a lead Google sent into an enquiry. Nothing in it is refused: a missing or unusable
 * phone, or a missing name, is a problem the desk shows; Google's test leads (`is_test`, or the
 * `dummy_value` that "Send test data" puts in every column) are test leads. Without a `lead_id`,
 * the body's SHA-256 is the lead's id, so a redelivery is still one lead.
 */
export function readGoogleAdsLead(lead: GoogleAdsLead, body: Buffer): ChannelEnquiry {
  const values = columnValues(lead);
  const name =
    values.get('FULL_NAME') ??
    [values.get('FIRST_NAME'), values.get('LAST_NAME')].filter(Boolean).join(' ');
  const phone = readPlatformPhone(firstOf(values, PHONE_COLUMNS));

  const answers: Record<string, string> = {};
  const own = new Set([...NAME_COLUMNS, ...PHONE_COLUMNS, ...EMAIL_COLUMNS]);
  for (const column of lead.user_column_data) {
    const value = column.string_value?.trim() ?? '';
    if (value === '' || (column.column_id !== undefined && own.has(column.column_id))) continue;
    const question = column.column_name?.trim() || column.column_id;
    if (question) answers[question] = value;
  }
  for (const id of AD_IDS) {
    const value = lead[id];
    if (value !== undefined) answers[id] = value;
  }

  return {
    origin: 'google_ads',
    externalId: lead.lead_id ?? `sha256:${createHash('sha256').update(body).digest('hex')}`,
    name,
    mobile: phone.mobile,
    email: firstOf(values, EMAIL_COLUMNS),
    campaign: {
      utm_source: 'google',
      utm_medium: 'lead_form',
      utm_campaign: lead.campaign_id,
      gclid: lead.gcl_id,
    },
    answers,
    test: lead.is_test === true || [...values.values()].some(isPlatformTestValue),
    problems: phone.problem === undefined ? [] : [phone.problem],
  };
}

export interface GoogleAdsRoutesOptions {
  http: IntakeHttp;
  ingestEnquiry: IngestEnquiry;
  /** GOOGLE_ADS_WEBHOOK_KEY; undefined: the endpoint answers 404. */
  key: string | undefined;
}

/** `POST /intake/google-ads`: Google Ads lead form webhook. */
export function createGoogleAdsRouter(options: GoogleAdsRoutesOptions): Router {
  const { http, ingestEnquiry, key } = options;
  const router = Router();
  router
    .route(GOOGLE_ADS_PATH)
    .post(
      ...http.endpoint(GOOGLE_ADS_SOURCE, async (request): Promise<IntakeAnswer> => {
        if (key === undefined) return { status: 404, reason: GOOGLE_ADS_REPLIES.off };
        const json = readExactJsonBody(request);
        if (!json.ok) return json.answer;
        // The key first: whoever does not hold it learns nothing about the body's rules.
        const given = (json.value as { google_key?: unknown } | null)?.google_key;
        if (typeof given !== 'string' || !isSameKey(given, key)) {
          return { status: 401, reason: GOOGLE_ADS_REPLIES.wrongKey };
        }
        // A body holding the right key is Google's: whatever else it holds, the lead is kept.
        const lead = v.parse(googleAdsLeadSchema, json.value);
        await ingestEnquiry(readGoogleAdsLead(lead, request.body));
        return { status: 200 };
      }),
    )
    .all(http.otherMethods(['POST']));
  return router;
}
