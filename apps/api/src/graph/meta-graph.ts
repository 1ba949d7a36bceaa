// The pinned version is a setting: config/ reads META_GRAPH_URL against it.
export { GRAPH_API_VERSION } from '../config/meta-config.ts';

/** The Lead fields read for each `leadgen_id`, as the issue names them. */
export const META_LEAD_FIELDS = [
  'id',
  'created_time',
  'field_data',
  'ad_id',
  'adset_id',
  'campaign_id',
  'form_id',
] as const;
