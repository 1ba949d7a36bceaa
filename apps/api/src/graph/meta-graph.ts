/**
 * The Graph API version the Meta channel reads leads with, pinned (v27.0 was introduced on
 * 4 November 2026). Moving to a newer one is this constant, a read of that version's changelog
 * for the Lead node, and a run of the channel's tests.
 */
export const GRAPH_API_VERSION = 'v27.0';

/** Where leads are read by default: Graph's host with the pinned version. */
export const DEFAULT_META_GRAPH_URL = `https://graph.facebook.com/${GRAPH_API_VERSION}`;

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
