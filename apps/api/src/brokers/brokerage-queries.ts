import type Database from 'better-sqlite3';
import type { BrokerageStatus } from '@iconia/shared';

/** `brokerage`: what each booking of a claimed buyer earns its broker, and the report per broker. */

export interface BrokerageRow {
  id: number;
  broker_id: number;
  firm: string;
  client: string;
  plot: string;
  price_paise: number;
  rate_bp: number;
  amount_paise: number;
  status: BrokerageStatus;
  reference: string | null;
  at: number;
}

export interface BrokerReportRow {
  id: number;
  firm: string;
  registrations: number;
  lapsed: number;
  visits: number;
  bookings: number;
  due_paise: number;
  paid_paise: number;
}

const COLUMNS = `g.id, g.broker_id, b.firm, g.client, g.plot, g.price_paise, g.rate_bp, g.amount_paise,
  g.status, g.reference, g.at`;

export function createBrokerageQueries(db: Database.Database) {
  const insert = db.prepare<{
    claim: number;
    broker: number;
    booking: number;
    plot: string;
    client: string;
    price: number;
    rate: number;
    amount: number;
    now: number;
  }>(`INSERT INTO brokerage (claim_id, broker_id, booking_id, plot, client, price_paise, rate_bp,
        amount_paise, at, changed_at)
      VALUES (@claim, @broker, @booking, @plot, @client, @price, @rate, @amount, @now, @now)
      ON CONFLICT (booking_id) DO NOTHING`);
  const byId = db.prepare<[number], BrokerageRow>(
    `SELECT ${COLUMNS} FROM brokerage g JOIN brokers b ON b.id = g.broker_id WHERE g.id = ?`,
  );
  const ofBroker = db.prepare<[number], BrokerageRow>(
    `SELECT ${COLUMNS} FROM brokerage g JOIN brokers b ON b.id = g.broker_id
     WHERE g.broker_id = ? ORDER BY g.at DESC, g.id DESC`,
  );
  const all = db.prepare<[], BrokerageRow>(
    `SELECT ${COLUMNS} FROM brokerage g JOIN brokers b ON b.id = g.broker_id ORDER BY g.at DESC, g.id DESC`,
  );
  const cancel = db.prepare<[number, number]>(
    `UPDATE brokerage SET status = 'cancelled', changed_at = ? WHERE booking_id = ? AND status <> 'paid'`,
  );
  const move = db.prepare<{
    id: number;
    from: string;
    to: string;
    reference: string | null;
    now: number;
  }>(
    `UPDATE brokerage SET status = @to, reference = coalesce(@reference, reference), changed_at = @now
     WHERE id = @id AND status = @from`,
  );
  const report = db.prepare<[number, number], BrokerReportRow>(
    `SELECT b.id, b.firm,
       (SELECT count(*) FROM broker_claims c WHERE c.broker_id = b.id AND c.registered_at >= ?1
          AND c.registered_at < ?2) AS registrations,
       (SELECT count(*) FROM broker_claims c WHERE c.broker_id = b.id AND c.status = 'lapsed'
          AND c.ended_at >= ?1 AND c.ended_at < ?2) AS lapsed,
       (SELECT count(*) FROM broker_claims c JOIN buyers y ON y.mobile = c.mobile
          JOIN visits v ON v.buyer_id = y.id AND v.status IN ('arrived', 'done')
          WHERE c.broker_id = b.id AND v.starts_at >= ?1 AND v.starts_at < ?2) AS visits,
       (SELECT count(*) FROM brokerage g WHERE g.broker_id = b.id AND g.status <> 'cancelled'
          AND g.at >= ?1 AND g.at < ?2) AS bookings,
       (SELECT coalesce(sum(g.amount_paise), 0) FROM brokerage g WHERE g.broker_id = b.id
          AND g.status IN ('due', 'approved') AND g.at >= ?1 AND g.at < ?2) AS due_paise,
       (SELECT coalesce(sum(g.amount_paise), 0) FROM brokerage g WHERE g.broker_id = b.id
          AND g.status = 'paid' AND g.at >= ?1 AND g.at < ?2) AS paid_paise
     FROM brokers b WHERE b.status IN ('approved', 'disabled') ORDER BY b.firm, b.id`,
  );

  return {
    /** Once per booking: a booking approved again (it cannot be) would change nothing. */
    insert: (row: Parameters<typeof insert.run>[0]) => insert.run(row).changes > 0,
    byId: (id: number) => byId.get(id),
    ofBroker: (brokerId: number) => ofBroker.all(brokerId),
    all: () => all.all(),
    /** A cancelled booking cancels what it earned, unless that was already paid. */
    cancelBooking: (bookingId: number, now: number) => cancel.run(now, bookingId).changes,
    move: (change: Parameters<typeof move.run>[0]) => move.run(change).changes > 0,
    report: (since: number, until: number) => report.all(since, until),
  };
}

export type BrokerageQueries = ReturnType<typeof createBrokerageQueries>;
