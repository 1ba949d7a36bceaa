import type Database from 'better-sqlite3';
import { STAGE_RANK } from '@iconia/shared';
import { FIRST_ENQUIRY } from './report-queries.ts';
import type { SpendImportRow } from './spend-csv.ts';

/** The spend's reads and writes (`ad_spend`, store/spend-schema.ts), and the buyers it is set against. */

export interface SpendDbRow {
  platform: string;
  campaign: string;
  campaign_key: string;
  campaign_id: string | null;
  day: string;
  amount_paise: number;
  how: 'google' | 'meta' | 'hand';
  entered_by_name: string | null;
}

/** A buyer whose first enquiry is in the period, as the cost report sets them against spend. */
export interface CostBuyerRow {
  origin: string;
  utm_source: string | null;
  utm_campaign: string | null;
  received_at: number;
  contacted: number;
  site_visit: number;
  bookings: number;
}

export interface SpendWrite extends SpendImportRow {
  platform: string;
  how: SpendDbRow['how'];
}

export function createSpendQueries(db: Database.Database) {
  const upsert = db.prepare<
    [string, string, string, string | null, string, number, string, number, number]
  >(
    `INSERT INTO ad_spend (platform, campaign, campaign_key, campaign_id, day, amount_paise, how,
                           entered_by, entered_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (platform, campaign_key, day) DO UPDATE SET
       campaign = excluded.campaign, campaign_id = coalesce(excluded.campaign_id, campaign_id),
       amount_paise = excluded.amount_paise, how = excluded.how,
       entered_by = excluded.entered_by, entered_at = excluded.entered_at`,
  );
  const existing = db.prepare<[string, string, string], { found: number }>(
    'SELECT 1 AS found FROM ad_spend WHERE platform = ? AND campaign_key = ? AND day = ?',
  );
  const remove = db.prepare<[string, string, string]>(
    'DELETE FROM ad_spend WHERE platform = ? AND campaign_key = ? AND day = ?',
  );
  const since = db.prepare<[string], SpendDbRow>(
    `SELECT s.platform, s.campaign, s.campaign_key, s.campaign_id, s.day, s.amount_paise, s.how,
            u.name AS entered_by_name
     FROM ad_spend s LEFT JOIN desk_users u ON u.id = s.entered_by
     WHERE s.day >= ? ORDER BY s.day DESC, s.platform, s.campaign_key`,
  );
  const campaignIds = db.prepare<
    [],
    { platform: string; campaign_id: string; campaign_key: string }
  >(
    `SELECT DISTINCT platform, campaign_id, campaign_key FROM ad_spend
     WHERE campaign_id IS NOT NULL`,
  );
  // The same buyers as the Reports screen's campaigns: first touch, spam, test and held aside.
  const buyers = db.prepare<[number], CostBuyerRow>(
    `SELECT l.origin, l.utm_source, l.utm_campaign, l.received_at,
            w.furthest_stage >= ${STAGE_RANK.contacted} AS contacted,
            EXISTS (SELECT 1 FROM visits v WHERE v.buyer_id = w.id
              AND v.status IN ('arrived', 'done')) AS site_visit,
            (SELECT count(*) FROM plot_bookings b
              WHERE b.buyer_id = w.id AND b.status = 'approved') AS bookings
     FROM leads l JOIN buyers w ON w.id = l.buyer_id WHERE ${FIRST_ENQUIRY}`,
  );

  return {
    /** Writes the rows of one import or entry in one transaction; answers how many replaced a day. */
    saveSpend: db.transaction((rows: readonly SpendWrite[], userId: number, now: number) => {
      let replaced = 0;
      for (const row of rows) {
        const key = row.campaign.trim().toLowerCase();
        if (existing.get(row.platform, key, row.day)) replaced += 1;
        if (row.how === 'hand' && row.amountPaise === 0) {
          remove.run(row.platform, key, row.day);
          continue;
        }
        upsert.run(
          row.platform,
          row.campaign.trim(),
          key,
          row.campaignId,
          row.day,
          row.amountPaise,
          row.how,
          userId,
          now,
        );
      }
      return replaced;
    }),
    spendSince: (day: string) => since.all(day),
    spendCampaignIds: () => campaignIds.all(),
    costBuyers: (sinceMs: number) => buyers.all(sinceMs),
  };
}
