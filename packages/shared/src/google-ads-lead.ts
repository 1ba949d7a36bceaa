import * as v from 'valibot';
import { NAME_MAX_LENGTH } from './lead.ts';

/*
 * The body Google Ads posts for each lead form submission (its lead form webhook), as Google
 * documents it: the lead's id, the answers as columns, the ad's ids and the advertiser's key.
 * Fields Google adds later are ignored, never refused. Messages name the field for the
 * developer reading the reply.
 */

/** Google's int64 ids arrive as JSON numbers or as text. */
const googleId = (field: string) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()], `"${field}" must be a number or text.`),
      v.transform(String),
    ),
  );

const googleText = (field: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(`"${field}" must be text.`),
      v.maxLength(max, `"${field}" must be at most ${max} characters.`),
    ),
  );

export const googleAdsColumnSchema = v.object({
  column_id: v.pipe(
    googleText('user_column_data[].column_id', 100),
    v.description(
      'What the column holds, e.g. FULL_NAME, PHONE_NUMBER, EMAIL; for a question of the advertiser’s own, an id Google made.',
    ),
  ),
  column_name: v.pipe(
    googleText('user_column_data[].column_name', 500),
    v.description('The question as the form showed it; not always present.'),
  ),
  string_value: v.pipe(
    googleText('user_column_data[].string_value', 2_000),
    v.description('The answer.'),
  ),
});

export type GoogleAdsColumn = v.InferOutput<typeof googleAdsColumnSchema>;

export const googleAdsLeadSchema = v.pipe(
  v.object(
    {
      lead_id: v.pipe(
        v.string('"lead_id" must be text.'),
        v.nonEmpty('"lead_id" must not be empty.'),
        v.maxLength(200, '"lead_id" must be at most 200 characters.'),
        v.description('Google’s id of the lead: a repeat of it is the same lead.'),
      ),
      user_column_data: v.pipe(
        v.array(googleAdsColumnSchema, '"user_column_data" must be a list of columns.'),
        v.maxLength(100, '"user_column_data" must have at most 100 columns.'),
        v.description('The person’s answers, one column each.'),
      ),
      api_version: googleText('api_version', 20),
      form_id: googleId('form_id'),
      campaign_id: googleId('campaign_id'),
      adgroup_id: googleId('adgroup_id'),
      creative_id: googleId('creative_id'),
      asset_group_id: googleId('asset_group_id'),
      gcl_id: googleText('gcl_id', 500),
      google_key: v.pipe(
        v.string('"google_key" is required.'),
        v.description('The key set in the form’s webhook settings: GOOGLE_ADS_WEBHOOK_KEY.'),
      ),
      is_test: v.optional(
        v.pipe(
          v.boolean('"is_test" must be true or false.'),
          v.description(
            'A test lead sent from the Google Ads form settings: kept, never delivered.',
          ),
        ),
      ),
      lead_submit_time: googleText('lead_submit_time', 100),
    },
    (issue) => {
      const key = issue.path?.[0]?.key;
      return typeof key === 'string' ? `"${key}" is required.` : 'The body must be a JSON object.';
    },
  ),
  v.title('GoogleAdsLead'),
  v.description('Google Ads lead form webhook body.'),
);

export type GoogleAdsLead = v.InferOutput<typeof googleAdsLeadSchema>;

/** Where Google Ads posts its leads. */
export const GOOGLE_ADS_PATH = '/intake/google-ads';

/** The Google Ads endpoint's own refusals, besides the body schema's. */
export const GOOGLE_ADS_REPLIES = {
  off: 'Not found.',
  wrongKey: 'The "google_key" is missing or wrong.',
  noName: '"user_column_data" has no FULL_NAME (or FIRST_NAME) answer.',
  nameTooLong: `FULL_NAME must be at most ${NAME_MAX_LENGTH} characters.`,
  noPhone: '"user_column_data" has no PHONE_NUMBER answer: the form must ask for the phone number.',
  badPhone: 'PHONE_NUMBER is not a valid phone number.',
} as const;
