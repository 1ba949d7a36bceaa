import * as v from 'valibot';
import { REPORT_DAYS, STAGES, personSchema } from './desk.ts';
import { count, optionalText, text } from './desk-fields.ts';
import { LEAD_SOURCES } from './lead-source.ts';

/* The Reports screen's answer: leads by day and campaign, the funnel, speed to lead and visits. */

/**
 * First-response figures of one row of the response tables, in working minutes (the clock runs
 * only in the routing's working hours).
 */
const responseFigures = {
  buyers: v.pipe(count, v.description('Buyers assigned (for an agent: assignments received).')),
  answered: v.pipe(
    count,
    v.description('Of them, answered by a call, a WhatsApp tap or a stage change.'),
  ),
  medianMinutes: v.pipe(
    v.nullable(v.number()),
    v.description(
      'Median working minutes to the first response, of those answered; null when none.',
    ),
  ),
  p90Minutes: v.pipe(
    v.nullable(v.number()),
    v.description('90th percentile (nearest rank) of the same; null when none.'),
  ),
  withinTargetPercent: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
    v.description(
      'Share answered within the first-response target, of those answered or past their target; null when none is yet.',
    ),
  ),
  reassigned: v.pipe(
    count,
    v.description('Buyers moved on unanswered (for an agent: moved away from them).'),
  ),
};

/** Speed to lead: per agent from their own assignment, per origin and per form from the enquiry. */
export const responseReportSchema = v.object({
  targetMinutes: v.pipe(count, v.description('The first-response target in working minutes.')),
  byAgent: v.array(v.object({ user: personSchema, ...responseFigures })),
  byOrigin: v.array(
    v.object({
      origin: v.pipe(
        v.string(),
        v.description(
          'Where the enquiry entered: site, google_ads, meta, whatsapp, broker, partner:<name> or portal:<name>.',
        ),
      ),
      ...responseFigures,
    }),
  ),
  bySource: v.array(
    v.object({
      source: v.pipe(
        v.nullable(v.picklist(LEAD_SOURCES)),
        v.description("The site's form the enquiry came from; null for the other channels."),
      ),
      ...responseFigures,
    }),
  ),
});
export type ResponseReport = v.InferOutput<typeof responseReportSchema>;
export type ResponseFigures = Omit<ResponseReport['byOrigin'][number], 'origin'>;

/** What became of the site visits booked in a report's period, from the visit records. */
const visitCounts = {
  booked: v.pipe(count, v.description('Site visits booked in the period.')),
  visited: v.pipe(count, v.description('Of those, checked in as arrived or done.')),
  noShows: v.pipe(count, v.description('Of those, the visitor did not come.')),
  cancelled: v.pipe(count, v.description('Of those, cancelled.')),
};
const visitOrigin = {
  origin: v.pipe(
    v.nullable(v.string()),
    v.description(
      'The origin of the buyer’s first enquiry (site, google_ads, meta, whatsapp, broker, partner:<name> or portal:<name>); null when none of their enquiries is kept any more.',
    ),
  ),
};

export const deskReportSchema = v.object({
  days: v.picklist(REPORT_DAYS),
  perDay: v.pipe(
    v.array(
      v.object({
        day: v.pipe(text, v.metadata({ format: 'date' })),
        origin: v.pipe(
          v.string(),
          v.description(
            'Where the enquiry entered: site, google_ads, meta, whatsapp, broker, partner:<name> or portal:<name>.',
          ),
        ),
        form: v.pipe(
          v.nullable(v.picklist(LEAD_SOURCES)),
          v.description(
            "The site's form the enquiry came from; null for the other channels and for a post that named no form.",
          ),
        ),
        count,
      }),
    ),
    v.description(
      'Buyers by the India day of their first enquiry in the period (spam and test leads aside, held ones until released): the same buyers as the funnel and the campaigns, so their totals agree.',
    ),
  ),
  byCampaign: v.array(
    v.object({
      origin: v.pipe(
        v.string(),
        v.description(
          'The origin of the buyers’ first enquiry: site, google_ads, meta, whatsapp, broker, partner:<name> or portal:<name>.',
        ),
      ),
      utmSource: optionalText,
      utmCampaign: optionalText,
      leads: count,
      siteVisits: v.pipe(
        count,
        v.description('Buyers who came to the site: a visit of theirs checked in or done.'),
      ),
      bookings: v.pipe(
        count,
        v.description('Plots booked (bookings a manager approved) for these buyers.'),
      ),
    }),
  ),
  funnel: v.array(v.object({ stage: v.picklist(STAGES), count })),
  firstContact: v.pipe(
    v.array(
      v.object({
        user: personSchema,
        leads: count,
        medianMinutes: v.nullable(v.number()),
        p90Minutes: v.nullable(v.number()),
      }),
    ),
    v.description(
      "Per person, the buyers whose first call or WhatsApp was theirs: working minutes from the buyer's first enquiry to it, counted in working hours as speed to lead counts them.",
    ),
  ),
  bookingsByAgent: v.pipe(
    v.array(v.object({ user: personSchema, bookings: count })),
    v.description('Bookings approved in the period, by the agent who asked for each; most first.'),
  ),
  response: responseReportSchema,
  visitsByCampaign: v.pipe(
    v.array(
      v.object({
        ...visitOrigin,
        utmSource: optionalText,
        utmCampaign: optionalText,
        ...visitCounts,
      }),
    ),
    v.description(
      'The site visits booked in the period, by the campaign of their buyer’s first enquiry; most booked first.',
    ),
  ),
  visitsByOrigin: v.pipe(
    v.array(v.object({ ...visitOrigin, ...visitCounts })),
    v.description(
      'The same visits by the origin of their buyer’s first enquiry; most booked first.',
    ),
  ),
  visitsByAgent: v.pipe(
    v.array(v.object({ user: personSchema, ...visitCounts })),
    v.description(
      'The same visits by the person who booked each; each of the three adds up to the same totals.',
    ),
  ),
});
export type DeskReport = v.InferOutput<typeof deskReportSchema>;
