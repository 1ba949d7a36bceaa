/** Which form a lead came from. */
export const LEAD_SOURCES = [
  'inline-brochure',
  'brochure-modal',
  'location-modal',
  'contact-form',
] as const;

export type LeadSource = (typeof LEAD_SOURCES)[number];

export function isLeadSource(value: unknown): value is LeadSource {
  return typeof value === 'string' && (LEAD_SOURCES as readonly string[]).includes(value);
}
