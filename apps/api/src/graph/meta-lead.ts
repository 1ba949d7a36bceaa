import { isPlatformTestValue, readPlatformPhone } from '@iconia/shared';
import type { GraphLead } from './graph-channel.ts';

/**
 * A Meta lead as the intake stores it (the shape of the intake's enquiry, which this channel
 * may not import; the composition root hands one to the other).
 */
export interface MetaEnquiry {
  origin: 'meta';
  externalId: string;
  /** Empty when the form gave none. */
  name: string;
  /** E.164; empty when the form gave no usable number (see `problems`). */
  mobile: string;
  email?: string;
  campaign: {
    utm_source: string;
    utm_medium: string;
    utm_campaign?: string;
    utm_term?: string;
    utm_content?: string;
  };
  answers: Record<string, string>;
  receivedAt: number;
  /** A lead from Meta's Lead Ads Testing Tool: kept under Test, never delivered. */
  test: boolean;
  /** What is wrong with the lead as Graph gave it, in words; it is kept all the same. */
  problems: string[];
}

/** The standard questions Meta's forms ask, read into the lead's own fields. */
const NAME_FIELDS = ['full_name', 'first_name', 'last_name'];
const CONTACT_FIELDS = ['phone_number', 'email'];

/**
 * Graph's lead → the enquiry: `full_name` (or first and last name), `phone_number` as E.164,
 * `email`; every other question (custom ones, and standard ones such as `city`) is kept as an
 * answer, several values joined by commas. The ad's campaign, ad set and ad ids are its
 * attribution: `utm_campaign`, `utm_term` and `utm_content`, under source `meta` and medium
 * `lead_ad`. Nothing is refused: a lead without a name or a usable number is kept with the
 * problem in words, and one from the Lead Ads Testing Tool (`<test lead: dummy data for …>`) is
 * a test lead.
 */
export function toMetaEnquiry(lead: GraphLead, receivedAt: number): MetaEnquiry {
  const fields = new Map(
    lead.field_data.map(({ name, values }) => [name, values.join(', ').trim()]),
  );
  const name =
    fields.get('full_name') ||
    [fields.get('first_name'), fields.get('last_name')].filter(Boolean).join(' ');
  const phone = readPlatformPhone(fields.get('phone_number'));
  const email = fields.get('email') || undefined;
  const answers = Object.fromEntries(
    [...fields].filter(
      ([field, value]) => value !== '' && ![...NAME_FIELDS, ...CONTACT_FIELDS].includes(field),
    ),
  );
  return {
    origin: 'meta',
    externalId: lead.id,
    name,
    mobile: phone.mobile,
    ...(email && { email }),
    campaign: {
      utm_source: 'meta',
      utm_medium: 'lead_ad',
      ...(lead.campaign_id && { utm_campaign: lead.campaign_id }),
      ...(lead.adset_id && { utm_term: lead.adset_id }),
      ...(lead.ad_id && { utm_content: lead.ad_id }),
    },
    answers,
    receivedAt,
    test: [...fields.values()].some(isPlatformTestValue),
    problems: phone.problem === undefined ? [] : [phone.problem],
  };
}
