/**
 * Where a lead entered: the site's own forms, an ad platform's lead form, or a partner's signed
 * push (`partner:<name>`). A lead's `source` keeps its older meaning: which of the site's forms.
 */
export type LeadOrigin = 'site' | 'google_ads' | 'meta' | `partner:${string}`;

/** The kind of a lead from any channel but the site's forms. */
export const ENQUIRY_KIND = 'enquiry';

/** A partner source's name, as its intake path and `pnpm leads sources` write it. */
export const PARTNER_NAME_PATTERN = /^[a-z0-9-]{2,40}$/;

const PARTNER_PREFIX = 'partner:';

/** The fixed origins and how sales staff read them. */
export const ORIGIN_LABELS = {
  site: 'Website',
  google_ads: 'Google Ads',
  meta: 'Meta lead ads',
} as const satisfies Record<string, string>;

export function partnerOrigin(name: string): LeadOrigin {
  return `${PARTNER_PREFIX}${name}`;
}

/** The partner's name of a `partner:<name>` origin, or undefined for any other origin. */
export function partnerName(origin: LeadOrigin): string | undefined {
  return origin.startsWith(PARTNER_PREFIX) ? origin.slice(PARTNER_PREFIX.length) : undefined;
}

export function isLeadOrigin(value: unknown): value is LeadOrigin {
  if (typeof value !== 'string') return false;
  if (Object.hasOwn(ORIGIN_LABELS, value)) return true;
  const partner = value.startsWith(PARTNER_PREFIX) ? value.slice(PARTNER_PREFIX.length) : '';
  return PARTNER_NAME_PATTERN.test(partner);
}

/** How sales staff read an origin: "Google Ads", "Partner: acme-realty". */
export function formatOrigin(origin: LeadOrigin): string {
  const partner = partnerName(origin);
  if (partner !== undefined) return `Partner: ${partner}`;
  return ORIGIN_LABELS[origin as keyof typeof ORIGIN_LABELS] ?? origin;
}
