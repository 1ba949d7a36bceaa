import { MESSAGES } from './messages.ts';
import { isValidMobile, normalizeMobile } from './mobile.ts';
import { isPlotRange, type PlotRange } from './plot-ranges.ts';

export const NAME_MAX_LENGTH = 100;
export const LOCATION_MAX_LENGTH = 200;
export const ATTRIBUTION_MAX_LENGTH = 500;

/** The two kinds of lead and the endpoint each is posted to. */
export const LEAD_ENDPOINTS = {
  brochure: '/send-email',
  contact: '/contact-form',
} as const;

export type LeadKind = keyof typeof LEAD_ENDPOINTS;

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

/** Campaign parameters captured on the visitor's first landing. */
export const CAMPAIGN_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
] as const;

export type CampaignField = (typeof CAMPAIGN_FIELDS)[number];

export type Attribution = Partial<Record<CampaignField, string>> & {
  source?: LeadSource;
  page?: string;
};

/** Attribution fields a form may send with a lead: the form, the page and the campaign. */
export const ATTRIBUTION_FIELDS = ['source', 'page', ...CAMPAIGN_FIELDS] as const;

export interface BrochureLead {
  name: string;
  /** Ten digits. */
  mobile: string;
  plotRange?: PlotRange;
}

export interface ContactEnquiry {
  name: string;
  /** Ten digits. */
  mobile: string;
  location?: string;
}

export type LeadFields =
  ({ kind: 'brochure' } & BrochureLead) | ({ kind: 'contact' } & ContactEnquiry);

export type FieldError = { field: string; message: string };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: FieldError };

// Control characters (C0, DEL, C1) and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

type RawInput = Record<string, unknown>;

function text(input: RawInput, field: string): string {
  const value = input[field];
  return typeof value === 'string' ? value : '';
}

export function parseName(raw: string): ParseResult<string> {
  const name = raw.trim();
  if (name.length === 0) return fail('name', MESSAGES.nameRequired);
  if (CONTROL_CHARACTERS.test(name)) return fail('name', MESSAGES.nameInvalid);
  if ([...name].length > NAME_MAX_LENGTH) return fail('name', MESSAGES.nameTooLong);
  return { ok: true, value: name };
}

export function parseMobile(raw: string): ParseResult<string> {
  const mobile = normalizeMobile(raw);
  if (!isValidMobile(mobile)) return fail('mobile', MESSAGES.invalidMobile);
  return { ok: true, value: mobile };
}

export function parsePlotRange(raw: string): ParseResult<PlotRange | undefined> {
  const plotRange = raw.trim();
  if (plotRange === '') return { ok: true, value: undefined };
  if (!isPlotRange(plotRange)) return fail('plotRange', MESSAGES.plotRangeInvalid);
  return { ok: true, value: plotRange };
}

export function parseLocation(raw: string): ParseResult<string | undefined> {
  const location = raw.trim();
  if (location === '') return { ok: true, value: undefined };
  if (CONTROL_CHARACTERS.test(location.replace(/[\r\n\t]/g, ' '))) {
    return fail('location', MESSAGES.locationInvalid);
  }
  if ([...location].length > LOCATION_MAX_LENGTH) return fail('location', MESSAGES.locationTooLong);
  return { ok: true, value: location };
}

/** Server-side reading of a brochure lead: name and mobile required, plot range optional. */
export function parseBrochureLead(input: RawInput): ParseResult<BrochureLead> {
  const name = parseName(text(input, 'name'));
  if (!name.ok) return name;
  const mobile = parseMobile(text(input, 'mobile'));
  if (!mobile.ok) return mobile;
  const plotRange = parsePlotRange(text(input, 'plotRange'));
  if (!plotRange.ok) return plotRange;
  return {
    ok: true,
    value: {
      name: name.value,
      mobile: mobile.value,
      ...(plotRange.value ? { plotRange: plotRange.value } : {}),
    },
  };
}

/** Server-side reading of a contact enquiry: name and mobile required, location optional. */
export function parseContactEnquiry(input: RawInput): ParseResult<ContactEnquiry> {
  const name = parseName(text(input, 'name'));
  if (!name.ok) return name;
  const mobile = parseMobile(text(input, 'mobile'));
  if (!mobile.ok) return mobile;
  const location = parseLocation(text(input, 'location'));
  if (!location.ok) return location;
  return {
    ok: true,
    value: {
      name: name.value,
      mobile: mobile.value,
      ...(location.value ? { location: location.value } : {}),
    },
  };
}

/**
 * Attribution is best effort: a value that is not a short single line is dropped rather than
 * costing the visitor their lead.
 */
export function parseAttribution(input: RawInput): Attribution {
  const attribution: Attribution = {};
  const source = text(input, 'source').trim();
  if (isLeadSource(source)) attribution.source = source;
  for (const field of ['page', ...CAMPAIGN_FIELDS] as const) {
    const value = text(input, field).trim();
    if (value && value.length <= ATTRIBUTION_MAX_LENGTH && !CONTROL_CHARACTERS.test(value)) {
      attribution[field] = value;
    }
  }
  return attribution;
}

function fail(field: string, message: string): { ok: false; error: FieldError } {
  return { ok: false, error: { field, message } };
}
