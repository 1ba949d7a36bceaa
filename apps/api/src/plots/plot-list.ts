import type Database from 'better-sqlite3';
import type { PlotFilter, PlotRow } from './plot-rows.ts';

/**
 * The list's own columns: the plot, its hold and its booking, without the people's names. Read
 * for the whole inventory, seven lookups a row cost three times the plots themselves; the few
 * names are read once afterwards.
 */
const LIST_COLUMNS = `
  p.id, p.number, p.phase, p.size_sq_yd, p.facing, p.corner, p.price, p.rate_per_sq_yd, p.status,
  p.updated_at,
  h.id AS hold_id, h.buyer_id AS hold_buyer_id, h.agent_id AS hold_agent_id, h.held_at,
  h.expires_at,
  b.id AS booking_id, b.status AS booking_status, b.buyer_id AS booking_buyer_id,
  b.requested_by, b.requested_at, b.decided_by, b.decided_at`;
const LIST_FROM = `
  FROM plots p
  LEFT JOIN plot_holds h ON h.plot_id = p.id AND h.ended_at IS NULL
  LEFT JOIN plot_bookings b ON b.plot_id = p.id AND b.status IN ('requested', 'approved')`;

type ListRow = Omit<
  PlotRow,
  | 'hold_lead_id'
  | 'hold_buyer_name'
  | 'hold_agent_name'
  | 'booking_lead_id'
  | 'booking_buyer_name'
  | 'requested_by_name'
  | 'decided_by_name'
>;

/** The filter as SQL conditions on the list's columns, with their parameters. */
function whereOf(filter: PlotFilter): { where: string; params: Record<string, string | number> } {
  const conditions: string[] = [];
  const params: Record<string, string | number> = {};
  const add = (condition: string, name: string, value: string | number | undefined) => {
    if (value === undefined) return;
    conditions.push(condition);
    params[name] = value;
  };
  add('p.phase = @phase', 'phase', filter.phase);
  add('p.facing = @facing', 'facing', filter.facing);
  add('p.corner = @corner', 'corner', filter.corner === undefined ? undefined : +filter.corner);
  add('p.status = @status', 'status', filter.status);
  add('p.size_sq_yd >= @minSize', 'minSize', filter.minSize);
  add('p.size_sq_yd <= @maxSize', 'maxSize', filter.maxSize);
  add('h.agent_id = @holderId', 'holderId', filter.holderId);
  return {
    where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '',
    params,
  };
}

/** The names of the buyers and people a list's rows name, read once for the whole list. */
function createNames(db: Database.Database) {
  const userNames = db.prepare<[], { id: number; name: string }>(`SELECT id, name FROM desk_users`);
  const buyerNames = db.prepare<[string], { id: number; lead_id: number | null; name: string }>(
    `SELECT b.id, b.latest_lead_id AS lead_id, coalesce(l.name, '') AS name
     FROM buyers b LEFT JOIN leads l ON l.id = b.latest_lead_id
     WHERE b.id IN (SELECT value FROM json_each(?))`,
  );
  return (rows: ListRow[]): PlotRow[] => {
    const buyerIds = new Set<number>();
    for (const row of rows) {
      if (row.hold_buyer_id !== null) buyerIds.add(row.hold_buyer_id);
      if (row.booking_buyer_id !== null) buyerIds.add(row.booking_buyer_id);
    }
    const buyers = new Map(
      buyerIds.size === 0
        ? []
        : buyerNames.all(JSON.stringify([...buyerIds])).map((buyer) => [buyer.id, buyer]),
    );
    const users = new Map(
      buyerIds.size === 0 ? [] : userNames.all().map((user) => [user.id, user.name]),
    );
    const user = (id: number | null) => (id === null ? null : (users.get(id) ?? null));
    return rows.map((row) => {
      const held = row.hold_buyer_id === null ? undefined : buyers.get(row.hold_buyer_id);
      const booking = row.booking_buyer_id === null ? undefined : buyers.get(row.booking_buyer_id);
      return {
        ...row,
        hold_lead_id: held?.lead_id ?? null,
        hold_buyer_name: held ? held.name : null,
        hold_agent_name: user(row.hold_agent_id),
        booking_lead_id: booking?.lead_id ?? null,
        booking_buyer_name: booking ? booking.name : null,
        requested_by_name: user(row.requested_by),
        decided_by_name: user(row.decided_by),
      };
    });
  };
}

/** The inventory's list, filtered, by phase and number; each filter's statement prepared once. */
export function createPlotList(db: Database.Database): (filter: PlotFilter) => PlotRow[] {
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let found = prepared.get(sql);
    if (!found) {
      found = db.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };
  const withNames = createNames(db);
  return (filter) => {
    const { where, params } = whereOf(filter);
    return withNames(
      statement(
        `SELECT ${LIST_COLUMNS} ${LIST_FROM}
         ${where}
         ORDER BY p.phase, length(p.number), p.number`,
      ).all(params) as ListRow[],
    );
  };
}
