import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import * as v from 'valibot';
import {
  characterCount,
  cleanText,
  GOOGLE_ADS_PATH,
  GOOGLE_ADS_REPLIES,
  googleAdsLeadSchema,
  NAME_MAX_LENGTH,
  parseMobile,
  type GoogleAdsLead,
} from '@iconia/shared';
import type { ChannelEnquiry, IngestEnquiry } from './ingest-enquiry.ts';
import { readJsonBody, type IntakeAnswer, type IntakeHttp } from './intake-http.ts';

/** Google Ads' refusals and ceiling count under this source. */
export const GOOGLE_ADS_SOURCE = 'google_ads';

/** The columns the lead's own fields come from; every other column is kept as an answer. */
const NAME_COLUMNS = ['FULL_NAME', 'FIRST_NAME', 'LAST_NAME'];
const PHONE_COLUMN = 'PHONE_NUMBER';
const EMAIL_COLUMNS = ['EMAIL', 'WORK_EMAIL'];

/** Google's ids of the form and the ad that brought the lead, kept as answers under these names. */
const AD_IDS = ['form_id', 'adgroup_id', 'creative_id', 'asset_group_id'] as const;

/** Equal keys, compared in constant time whatever their lengths. */
export function isSameKey(given: string, expected: string): boolean {
  const digest = (key: string) => createHash('sha256').update(key).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function columnValues(lead: GoogleAdsLead): Map<string, string> {
  const values = new Map<string, string>();
  for (const column of lead.user_column_data) {
    const value = cleanText(column.string_value ?? '');
    if (column.column_id && value !== '' && !values.has(column.column_id)) {
      values.set(column.column_id, value);
    }
  }
  return values;
}

/** Reads a lead Google sent into an enquiry, or the 400 naming what is missing or wrong. */
export function readGoogleAdsLead(
  lead: GoogleAdsLead,
): { ok: true; enquiry: ChannelEnquiry } | { ok: false; answer: IntakeAnswer } {
  const refuse = (reason: string) => ({
    ok: false as const,
    answer: { status: 400 as const, reason },
  });
  const values = columnValues(lead);
  const name =
    values.get('FULL_NAME') ??
    [values.get('FIRST_NAME'), values.get('LAST_NAME')].filter(Boolean).join(' ');
  if (name === '') return refuse(GOOGLE_ADS_REPLIES.noName);
  if (characterCount(name) > NAME_MAX_LENGTH) return refuse(GOOGLE_ADS_REPLIES.nameTooLong);
  const phone = values.get(PHONE_COLUMN);
  if (phone === undefined) return refuse(GOOGLE_ADS_REPLIES.noPhone);
  const mobile = parseMobile(phone);
  if (mobile === undefined) return refuse(GOOGLE_ADS_REPLIES.badPhone);
  const email = EMAIL_COLUMNS.map((column) => values.get(column)).find(Boolean);

  const answers: Record<string, string> = {};
  const own = new Set([...NAME_COLUMNS, PHONE_COLUMN, ...EMAIL_COLUMNS]);
  for (const column of lead.user_column_data) {
    const value = cleanText(column.string_value ?? '');
    if (value === '' || (column.column_id !== undefined && own.has(column.column_id))) continue;
    const question = cleanText(column.column_name ?? '') || column.column_id;
    if (question) answers[question] = value;
  }
  for (const id of AD_IDS) {
    const value = lead[id];
    if (value !== undefined) answers[id] = value;
  }

  return {
    ok: true,
    enquiry: {
      origin: 'google_ads',
      externalId: lead.lead_id,
      name,
      mobile,
      email,
      campaign: {
        utm_source: 'google',
        utm_medium: 'lead_form',
        utm_campaign: lead.campaign_id,
        gclid: lead.gcl_id,
      },
      answers,
      test: lead.is_test === true,
    },
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
        const json = readJsonBody(request);
        if (!json.ok) return json.answer;
        // The key first: whoever does not hold it learns nothing about the body's rules.
        const given = (json.value as { google_key?: unknown } | null)?.google_key;
        if (typeof given !== 'string' || !isSameKey(given, key)) {
          return { status: 401, reason: GOOGLE_ADS_REPLIES.wrongKey };
        }
        const parsed = v.safeParse(googleAdsLeadSchema, json.value);
        if (!parsed.success) {
          return { status: 400, reason: parsed.issues[0]?.message ?? 'The body is invalid.' };
        }
        const read = readGoogleAdsLead(parsed.output);
        if (!read.ok) return read.answer;
        await ingestEnquiry(read.enquiry);
        return { status: 200 };
      }),
    )
    .all(http.otherMethods(['POST']));
  return router;
}
