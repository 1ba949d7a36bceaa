/** Which form a lead came from. */
export const LEAD_SOURCES = [
  'inline-brochure',
  'brochure-modal',
  'location-modal',
  'contact-form',
] as const;

export type LeadSource = (typeof LEAD_SOURCES)[number];

/** How sales staff read each form, in the sales email, the desk and `pnpm leads` alike. */
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  'inline-brochure': 'Brochure form on the home page',
  'brochure-modal': 'Download Brochure pop-up',
  'location-modal': 'Location highlights enquiry pop-up',
  'contact-form': 'Contact form',
};

export function isLeadSource(value: unknown): value is LeadSource {
  return typeof value === 'string' && (LEAD_SOURCES as readonly string[]).includes(value);
}
