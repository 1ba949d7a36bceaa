import { LEAD_SOURCE_LABELS, type LeadSource } from './lead-source.ts';

/**
 * Where a lead entered: the site's own forms, an ad platform's lead form, a partner's signed
 * push (`partner:<name>`), a channel partner's registered client (`broker`), or a property portal the server polls (`portal:<name>`). A lead's
 * `source` keeps its older meaning: which of the site's forms.
 */
export type LeadOrigin =
  'site' | 'google_ads' | 'meta' | 'whatsapp' | 'broker' | `partner:${string}` | `portal:${string}`;

/** The kind of a lead from any channel but the site's forms. */
export const ENQUIRY_KIND = 'enquiry';

/** A partner source's name, as its intake path and `pnpm leads sources` write it. */
export const PARTNER_NAME_PATTERN = /^[a-z0-9-]{2,40}$/;

const PARTNER_PREFIX = 'partner:';
const PORTAL_PREFIX = 'portal:';

/** Every origin as text, for schemas that check it: a fixed channel, `partner:` or `portal:<name>`. */
export const ORIGIN_PATTERN =
  /^(?:site|google_ads|meta|whatsapp|broker|(?:partner|portal):[a-z0-9-]{2,40})$/;

/** The fixed origins and how sales staff read them. */
export const ORIGIN_LABELS = {
  site: 'Website',
  google_ads: 'Google Ads',
  meta: 'Meta lead ads',
  whatsapp: 'WhatsApp',
  broker: 'Channel partner',
} as const satisfies Record<string, string>;

export function partnerOrigin(name: string): LeadOrigin {
  return `${PARTNER_PREFIX}${name}`;
}

/** The partner's name of a `partner:<name>` origin, or undefined for any other origin. */
export function partnerName(origin: LeadOrigin): string | undefined {
  return origin.startsWith(PARTNER_PREFIX) ? origin.slice(PARTNER_PREFIX.length) : undefined;
}

export function portalOrigin(name: string): LeadOrigin {
  return `${PORTAL_PREFIX}${name}`;
}

/** The source's name of a `portal:<name>` origin, or undefined for any other origin. */
export function portalName(origin: LeadOrigin): string | undefined {
  return origin.startsWith(PORTAL_PREFIX) ? origin.slice(PORTAL_PREFIX.length) : undefined;
}

export function isLeadOrigin(value: unknown): value is LeadOrigin {
  return typeof value === 'string' && ORIGIN_PATTERN.test(value);
}

/** How sales staff read an origin: "Google Ads", "Partner: acme-realty", "Portal: 99acres". */
export function formatOrigin(origin: LeadOrigin): string {
  const partner = partnerName(origin);
  if (partner !== undefined) return `Partner: ${partner}`;
  const portal = portalName(origin);
  if (portal !== undefined) return `Portal: ${portal}`;
  return ORIGIN_LABELS[origin as keyof typeof ORIGIN_LABELS] ?? origin;
}

/** A post to the site's endpoints that named no form (a script, a test with curl, an old page). */
export const SITE_WITHOUT_FORM = 'Website, no form named';

/**
 * Where an enquiry came from, as sales staff read it wherever it shows: the site's form, "Website,
 * no form named", or the channel ("Google Ads", "Partner: acme-realty").
 */
export function enquirySourceLabel(lead: { origin: string; form: LeadSource | null }): string {
  if (lead.origin !== 'site' && isLeadOrigin(lead.origin)) return formatOrigin(lead.origin);
  return lead.form ? LEAD_SOURCE_LABELS[lead.form] : SITE_WITHOUT_FORM;
}
