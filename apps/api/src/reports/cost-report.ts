import type { CostFigures, CostReport, ReportDays } from '@iconia/shared';
import { addDays, indiaDay, indiaDayStart } from '../format/india-day.ts';
import type { CostBuyerRow, createSpendQueries } from './spend-queries.ts';

/**
 * What each campaign's and platform's spend bought in the period: the buyers whose first enquiry
 * came through it (the Reports screen's campaigns, so the totals agree), how far they went, and
 * what one buyer, one site visit and one booking cost. A buyer is set against spend by the
 * platform their enquiry came from (a Google Ads lead form, or a site visit tagged utm_source
 * google; Meta's lead ads, Click-to-WhatsApp, or utm_source facebook or instagram) and by its
 * campaign: the spend's campaign name, or the campaign id the platform's export gave.
 */

type SpendQueries = ReturnType<typeof createSpendQueries>;

/** The campaign of a buyer who came through none. */
export const NO_CAMPAIGN = '(none)';

const GOOGLE_SOURCES = new Set(['google', 'adwords', 'googleads', 'google_ads']);
const META_SOURCES = new Set(['meta', 'facebook', 'fb', 'instagram', 'ig']);

/** The platform a buyer's first enquiry came through, as spend names it. */
export function platformOf(buyer: Pick<CostBuyerRow, 'origin' | 'utm_source'>): string {
  const source = buyer.utm_source?.trim().toLowerCase() || undefined;
  if (buyer.origin === 'google_ads' || (source && GOOGLE_SOURCES.has(source))) return 'google';
  if (buyer.origin === 'meta' || (source && META_SOURCES.has(source))) return 'meta';
  return source ?? buyer.origin;
}

interface Tally {
  spendPaise: number;
  buyers: number;
  contacted: number;
  siteVisits: number;
  bookings: number;
}

const emptyTally = (): Tally => ({
  spendPaise: 0,
  buyers: 0,
  contacted: 0,
  siteVisits: 0,
  bookings: 0,
});

const per = (spend: number, count: number) => (count > 0 ? Math.round(spend / count) : null);

function figures(tally: Tally): CostFigures {
  return {
    ...tally,
    costPerBuyer: per(tally.spendPaise, tally.buyers),
    costPerVisit: per(tally.spendPaise, tally.siteVisits),
    costPerBooking: per(tally.spendPaise, tally.bookings),
  };
}

function addBuyer(tally: Tally, buyer: CostBuyerRow): void {
  tally.buyers += 1;
  tally.contacted += buyer.contacted;
  tally.siteVisits += buyer.site_visit;
  tally.bookings += buyer.bookings;
}

/** The Monday of an India day's week. */
function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function tallyOf<K>(tallies: Map<K, Tally>, key: K): Tally {
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = emptyTally()));
  return tally;
}

export function buildCostReport(
  store: Pick<SpendQueries, 'spendSince' | 'spendCampaignIds' | 'costBuyers'>,
  days: ReportDays,
  now: number,
): CostReport {
  const today = indiaDay(now);
  const since = addDays(today, -(days - 1));
  const spend = store.spendSince(since).filter((row) => row.day <= today);
  const buyers = store.costBuyers(indiaDayStart(since));

  // A lead ad's enquiry carries its campaign's id; the export that named the id gives its name.
  const byId = new Map(
    store
      .spendCampaignIds()
      .map((row) => [`${row.platform}\n${row.campaign_id.toLowerCase()}`, row.campaign_key]),
  );
  const names = new Map<string, string>();
  const campaigns = new Map<string, Tally>();
  const platforms = new Map<string, Tally>();
  const weeks = new Map<string, { spendPaise: number; siteVisits: number }>();
  const week = (day: string) => {
    const key = weekOf(day);
    let tally = weeks.get(key);
    if (!tally) weeks.set(key, (tally = { spendPaise: 0, siteVisits: 0 }));
    return tally;
  };
  for (let monday = weekOf(since); monday <= today; monday = addDays(monday, 7)) week(monday);
  const total = emptyTally();

  for (const row of spend) {
    const key = `${row.platform}\n${row.campaign_key}`;
    names.set(key, row.campaign);
    tallyOf(campaigns, key).spendPaise += row.amount_paise;
    tallyOf(platforms, row.platform).spendPaise += row.amount_paise;
    week(row.day).spendPaise += row.amount_paise;
    total.spendPaise += row.amount_paise;
  }
  for (const buyer of buyers) {
    const platform = platformOf(buyer);
    const tagged = buyer.utm_campaign?.trim().toLowerCase() || undefined;
    const campaignKey = tagged ? (byId.get(`${platform}\n${tagged}`) ?? tagged) : NO_CAMPAIGN;
    const key = `${platform}\n${campaignKey}`;
    if (!names.has(key)) names.set(key, tagged ? buyer.utm_campaign!.trim() : NO_CAMPAIGN);
    addBuyer(tallyOf(campaigns, key), buyer);
    addBuyer(tallyOf(platforms, platform), buyer);
    addBuyer(total, buyer);
    week(indiaDay(buyer.received_at)).siteVisits += buyer.site_visit;
  }

  const bySpend = (a: Tally, b: Tally) => b.spendPaise - a.spendPaise || b.buyers - a.buyers;
  return {
    days,
    since,
    byCampaign: [...campaigns]
      .sort(([keyA, a], [keyB, b]) => bySpend(a, b) || keyA.localeCompare(keyB))
      .map(([key, tally]) => ({
        platform: key.split('\n')[0]!,
        campaign: names.get(key)!,
        ...figures(tally),
      })),
    byPlatform: [...platforms]
      .sort(([keyA, a], [keyB, b]) => bySpend(a, b) || keyA.localeCompare(keyB))
      .map(([platform, tally]) => ({ platform, ...figures(tally) })),
    total: figures(total),
    weeks: [...weeks]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([monday, tally]) => ({
        week: monday,
        spendPaise: tally.spendPaise,
        siteVisits: tally.siteVisits,
        costPerVisit: per(tally.spendPaise, tally.siteVisits),
      })),
  };
}
