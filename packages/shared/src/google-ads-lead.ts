import * as v from 'valibot';

/*
 * The body Google Ads posts for each lead form submission (its lead form webhook), as Google
 * documents it: the lead's id, the answers as columns, the ad's ids and the advertiser's key.
 * Once the key matches, the lead is kept whatever it holds: Google's format is not ours to
 * enforce, so a field of an unexpected type is read as absent rather than refused, and fields
 * Google adds later are ignored.
 */

/** A field read as absent when it is not what Google documents. */
const lenient = <Schema extends v.GenericSchema>(schema: Schema, description: string) =>
  v.fallback(v.optional(v.pipe(schema, v.description(description))), undefined);

/** Google's ids (int64) as text, exactly as sent, whether they came as JSON numbers or text. */
const googleId = (description: string) =>
  lenient(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), description);

const googleText = (description: string) => lenient(v.string(), description);

export const googleAdsColumnSchema = v.looseObject({
  column_id: googleText(
    'What the column holds, e.g. FULL_NAME, PHONE_NUMBER, WORK_PHONE, EMAIL; for a question of the advertiser’s own, an id Google made.',
  ),
  column_name: googleText('The question as the form showed it; not always present.'),
  string_value: googleText('The answer.'),
});

export type GoogleAdsColumn = v.InferOutput<typeof googleAdsColumnSchema>;

export const googleAdsLeadSchema = v.pipe(
  v.looseObject({
    lead_id: googleId(
      'Google’s id of the lead: a repeat of it is the same lead. Without one, the body’s SHA-256 stands in for it.',
    ),
    user_column_data: v.fallback(
      v.optional(
        v.pipe(
          v.array(v.fallback(googleAdsColumnSchema, {})),
          v.description('The person’s answers, one column each.'),
        ),
        [],
      ),
      [],
    ),
    api_version: googleText('The version of Google’s payload.'),
    form_id: googleId('The lead form (int64, kept as text exactly as sent).'),
    campaign_id: googleId('The campaign (int64, kept as text exactly as sent).'),
    adgroup_id: googleId('The ad group (int64, kept as text exactly as sent).'),
    creative_id: googleId('The ad (int64, kept as text exactly as sent).'),
    asset_group_id: googleId('The Performance Max asset group (int64, kept as text).'),
    gcl_id: googleText('The Google click id of the ad click.'),
    google_key: v.pipe(
      v.string(),
      v.description('The key set in the form’s webhook settings: GOOGLE_ADS_WEBHOOK_KEY.'),
    ),
    is_test: lenient(
      v.boolean(),
      'A test lead sent from the Google Ads form settings: kept under Test, never delivered.',
    ),
    lead_submit_time: googleText('When the form was sent, ISO 8601.'),
  }),
  v.title('GoogleAdsLead'),
  v.description('Google Ads lead form webhook body.'),
);

export type GoogleAdsLead = v.InferOutput<typeof googleAdsLeadSchema>;

/** Where Google Ads posts its leads. */
export const GOOGLE_ADS_PATH = '/intake/google-ads';

/** The Google Ads endpoint's own refusals, besides a body that is not JSON. */
export const GOOGLE_ADS_REPLIES = {
  off: 'Not found.',
  wrongKey: 'The "google_key" is missing or wrong.',
} as const;
