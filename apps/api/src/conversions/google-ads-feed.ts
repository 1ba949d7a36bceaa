/**
 * Google Ads' offline conversions, read from the desk's records: for every buyer who came from a
 * Google ad (a `gclid`, or on iOS a `gbraid` or `wbraid`), each stage they reached, as one row
 * of Google's upload template per click id and stage. Reads leads, buyers, the timeline and plot
 * bookings; writes nothing.
 *
 * When a stage was reached: the first time the timeline shows the buyer moved to it or past it.
 * A buyer who jumped stages (New straight to Booked when a plot was booked for them) reached
 * every stage on the way at that moment, so each named stage is reported with that time, as
 * Google counts a booking that never had a visit as no visit. Lost is reported when the buyer
 * first became Lost. Moving back does not unsay a stage once reached.
 */
import type Database from 'better-sqlite3';
import { STAGE_LABELS, STAGE_RANK, STAGES, type Stage } from '@iconia/shared';
import type { ReportedStage } from '../config/google-conversions-config.ts';
import { toCsv } from '../format/csv.ts';

/** Google takes conversions of clicks up to 90 days old; older stages are left out. */
export const FEED_DAYS = 90;
const DAY_MS = 86_400_000;

/** India keeps one offset all year, so Google reads every time in the file at it. */
export const FEED_TIME_ZONE = '+0530';
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

export const FEED_PARAMETERS = `Parameters:TimeZone=${FEED_TIME_ZONE}`;
export const FEED_HEADER = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
  'GBRAID',
  'WBRAID',
] as const;

/** Google's click ids are URL-safe base64; anything else in the link was not Google's. */
const CLICK_ID = /^[A-Za-z0-9_-]{1,500}$/;

export interface Click {
  kind: 'gclid' | 'gbraid' | 'wbraid';
  id: string;
}

export interface FeedRow {
  click: Click;
  stage: ReportedStage;
  at: number;
  /** The booked plot's price in rupees, on a Booked row when the inventory has one. */
  value: number | null;
}

const LABEL_TO_STAGE = new Map<string, Stage>(STAGES.map((stage) => [STAGE_LABELS[stage], stage]));
const STAGE_CHANGE = /^Stage changed from .+ to (.+)$/;

export interface ConversionStore {
  /** Rows for stages reached at or after `since`, oldest first. */
  rows(since: number): FeedRow[];
}

export function createConversionStore(db: Database.Database): ConversionStore {
  // One click per lead, gclid first: Google takes one id per row. Test and spam leads are not
  // enquiries, and an erased buyer is no one's business any more.
  const clicks = db.prepare<
    [],
    { buyer_id: number; gclid: string | null; gbraid: string | null; wbraid: string | null }
  >(`
    SELECT DISTINCT l.buyer_id, l.gclid, l.gbraid, l.wbraid
    FROM leads l JOIN buyers b ON b.id = l.buyer_id
    WHERE b.erased_at IS NULL AND l.status NOT IN ('test', 'spam')
      AND (l.gclid IS NOT NULL OR l.gbraid IS NOT NULL OR l.wbraid IS NOT NULL)`);
  const stageEvents = db.prepare<[number], { at: number; text: string }>(`
    SELECT e.at, e.text FROM lead_events e JOIN leads l ON l.id = e.lead_id
    WHERE l.buyer_id = ? AND e.type = 'stage' ORDER BY e.at, e.id`);
  const bookedPrice = db.prepare<[number], { price: number | null }>(`
    SELECT p.price FROM plot_bookings k JOIN plots p ON p.id = k.plot_id
    WHERE k.buyer_id = ? AND k.status = 'approved' ORDER BY k.decided_at DESC LIMIT 1`);

  const reachedBy = (buyerId: number): Map<ReportedStage, number> => {
    const reached = new Map<ReportedStage, number>();
    for (const event of stageEvents.all(buyerId)) {
      const stage = LABEL_TO_STAGE.get(STAGE_CHANGE.exec(event.text)?.[1] ?? '');
      if (stage === undefined || stage === 'new') continue;
      const passed: ReportedStage[] =
        stage === 'lost'
          ? ['lost']
          : STAGES.filter(
              (earlier): earlier is Exclude<ReportedStage, 'lost'> =>
                earlier !== 'new' && earlier !== 'lost' && STAGE_RANK[earlier] <= STAGE_RANK[stage],
            );
      for (const each of passed) if (!reached.has(each)) reached.set(each, event.at);
    }
    return reached;
  };

  return {
    rows(since) {
      const byBuyer = new Map<number, Click[]>();
      for (const row of clicks.all()) {
        const click: Click | undefined =
          row.gclid !== null
            ? { kind: 'gclid', id: row.gclid }
            : row.gbraid !== null
              ? { kind: 'gbraid', id: row.gbraid }
              : row.wbraid !== null
                ? { kind: 'wbraid', id: row.wbraid }
                : undefined;
        if (!click || !CLICK_ID.test(click.id)) continue;
        const known = byBuyer.get(row.buyer_id) ?? [];
        if (!known.some((each) => each.kind === click.kind && each.id === click.id)) {
          byBuyer.set(row.buyer_id, [...known, click]);
        }
      }
      const rows: FeedRow[] = [];
      for (const [buyerId, buyerClicks] of byBuyer) {
        for (const [stage, at] of reachedBy(buyerId)) {
          if (at < since) continue;
          const value = stage === 'booked' ? (bookedPrice.get(buyerId)?.price ?? null) : null;
          for (const click of buyerClicks) rows.push({ click, stage, at, value });
        }
      }
      return rows.sort((a, b) => a.at - b.at);
    },
  };
}

/** The start of the feed's window at `now`. */
export const feedSince = (now: number): number => now - FEED_DAYS * DAY_MS;

/** `2026-11-21 15:45:00`, India time, as Google reads it with the file's time zone. */
function feedTime(epochMs: number): string {
  return new Date(epochMs + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The file Google fetches: its time zone line, the header, then the rows named in the settings. */
export function googleAdsCsv(
  rows: readonly FeedRow[],
  names: ReadonlyMap<ReportedStage, string>,
): { csv: string; count: number } {
  const named = rows.filter((row) => names.has(row.stage));
  const cells = named.map((row) => [
    row.click.kind === 'gclid' ? row.click.id : '',
    names.get(row.stage),
    feedTime(row.at),
    row.value,
    row.value === null ? '' : 'INR',
    row.click.kind === 'gbraid' ? row.click.id : '',
    row.click.kind === 'wbraid' ? row.click.id : '',
  ]);
  const csv = `${FEED_PARAMETERS}\r\n${toCsv(FEED_HEADER, cells, { guardFormulas: false })}`;
  return { csv, count: named.length };
}
