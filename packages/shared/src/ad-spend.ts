import * as v from 'valibot';
import { isDay } from './day.ts';
import { count, optionalText, text } from './desk-fields.ts';

/* Ad spend: what the manager paid each platform per campaign and day, and what it bought. */

/** The platforms whose own spend exports the desk reads. */
export const SPEND_EXPORTS = ['google', 'meta'] as const;

/** Largest spend of one campaign on one day: ₹1 crore, in paise. */
export const MAX_DAY_SPEND_PAISE = 1_00_00_000_00;

const paise = (description: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description));
const costPer = (what: string) =>
  v.pipe(
    v.nullable(v.number()),
    v.description(
      `Spend divided by ${what}, in paise rounded to the paisa; null when there are none.`,
    ),
  );

/** An amount in rupees as people type it: 1234, 1,234.5 or 1234.56. */
export function paiseOf(amount: string): number | undefined {
  const plain = amount
    .trim()
    .replace(/^(₹|Rs\.?|INR)\s*/i, '')
    .replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return undefined;
  const [rupees = '0', fraction = ''] = plain.split('.');
  const value = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
  return value <= MAX_DAY_SPEND_PAISE ? value : undefined;
}

const platformText = v.pipe(
  v.string('Say where the money went: google, meta, a portal or a hoarding.'),
  v.regex(
    /^\s*[A-Za-z0-9][A-Za-z0-9 _.:-]{0,39}\s*$/,
    'The platform is one word or two of letters and digits, at most 40: google, meta, 99acres, hoarding.',
  ),
  v.transform((platform) => platform.trim().toLowerCase()),
);

export const spendEntrySchema = v.object({
  platform: v.pipe(
    platformText,
    v.description('google, meta, or what else was paid for (99acres, hoarding).'),
  ),
  campaign: v.pipe(
    v.string('Name the campaign.'),
    v.check((campaign) => campaign.trim() !== '', 'Name the campaign.'),
    v.maxLength(200, 'The campaign name is at most 200 characters.'),
    v.transform((campaign) => campaign.trim()),
    v.description('As the platform names it (or as the leads’ utm_campaign says it).'),
  ),
  day: v.pipe(
    v.string('Give the day as YYYY-MM-DD.'),
    v.check(isDay, 'Give the day as YYYY-MM-DD.'),
    v.description('The India day the money was spent.'),
  ),
  amount: v.pipe(
    v.union([v.string(), v.number()], 'Give the amount in rupees, e.g. 1500 or 1500.50.'),
    v.transform(String),
    v.transform(paiseOf),
    v.number('Give the amount in rupees with at most two decimals, up to ₹1 crore: e.g. 1500.50.'),
    v.description('Rupees spent that day (0 takes the day’s spend back). Answered in paise.'),
  ),
});
export type SpendEntry = v.InferOutput<typeof spendEntrySchema>;

export const spendRowSchema = v.object({
  platform: text,
  campaign: text,
  campaignId: v.pipe(
    optionalText,
    v.description('The platform’s id of the campaign, when its export gave one.'),
  ),
  day: text,
  amountPaise: paise('What was spent that day, in paise.'),
  how: v.pipe(
    v.picklist(['google', 'meta', 'hand']),
    v.description('Imported from which export, or typed.'),
  ),
  enteredBy: v.pipe(optionalText, v.description('Who imported or typed it.')),
});
export type SpendRow = v.InferOutput<typeof spendRowSchema>;

export const spendImportAnswerSchema = v.object({
  platform: v.picklist(SPEND_EXPORTS),
  rows: v.pipe(count, v.description('Campaign days in the file.')),
  campaigns: count,
  firstDay: text,
  lastDay: text,
  replaced: v.pipe(
    count,
    v.description('Of the rows, those that replaced a day already imported.'),
  ),
  amountPaise: paise('The file’s total, in paise.'),
});
export type SpendImportAnswer = v.InferOutput<typeof spendImportAnswerSchema>;

/** One line of a cost table: spend, the funnel of the buyers it brought, and the cost of each. */
const costFigures = {
  spendPaise: paise('Spent in the period, in paise.'),
  buyers: v.pipe(count, v.description('Buyers whose first enquiry in the period came through it.')),
  contacted: v.pipe(count, v.description('Of them, reached Contacted or beyond.')),
  siteVisits: v.pipe(
    count,
    v.description('Of them, came to the site: a visit checked in or done.'),
  ),
  bookings: v.pipe(count, v.description('Plots booked (approved) for them.')),
  costPerBuyer: costPer('buyers'),
  costPerVisit: costPer('site visits'),
  costPerBooking: costPer('bookings'),
};
const costLineSchema = v.object(costFigures);
export type CostFigures = v.InferOutput<typeof costLineSchema>;

export const costReportSchema = v.object({
  days: count,
  since: v.pipe(text, v.description('The first India day of the period.')),
  byCampaign: v.pipe(
    v.array(v.object({ platform: text, campaign: text, ...costFigures })),
    v.description(
      'Per platform and campaign: a campaign with spend, or with buyers, in the period; the buyers who came through no campaign are the row with campaign "(none)".',
    ),
  ),
  byPlatform: v.pipe(
    v.array(v.object({ platform: text, ...costFigures })),
    v.description(
      'The same, per platform (google, meta, site for untagged site visitors, partner:<name>, portal:<name>, whatsapp, and the platforms typed by hand).',
    ),
  ),
  total: costLineSchema,
  weeks: v.pipe(
    v.array(
      v.object({
        week: v.pipe(text, v.description('Its Monday, as an India day.')),
        spendPaise: paise('Spent that week.'),
        siteVisits: v.pipe(
          count,
          v.description('Site visits of the buyers who first wrote that week.'),
        ),
        costPerVisit: costPer('those site visits'),
      }),
    ),
    v.description('Cost per site visit by week of the buyers’ first enquiry, oldest first.'),
  ),
});
export type CostReport = v.InferOutput<typeof costReportSchema>;
