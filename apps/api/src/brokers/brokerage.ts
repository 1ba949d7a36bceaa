import type { Brokerage, BrokerReportRow } from '@iconia/shared';
import { DeskError } from '../desk/desk-error.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import type { BrokerAccountQueries, ClaimQueries } from './broker-queries.ts';
import type { BrokerageQueries, BrokerageRow } from './brokerage-queries.ts';

export function brokerageJson(row: BrokerageRow): Brokerage {
  return {
    id: row.id,
    broker: { id: row.broker_id, firm: row.firm },
    client: row.client,
    plot: row.plot,
    pricePaise: row.price_paise,
    rateBasisPoints: row.rate_bp,
    amountPaise: row.amount_paise,
    status: row.status,
    reference: row.reference,
    at: indiaTimestamp(row.at),
  };
}

/** Rate × price, exactly: basis points of paise, rounded to the paisa only when it must be. */
export const brokerageAmount = (pricePaise: number, rateBp: number): number =>
  Math.round((pricePaise * rateBp) / 10_000);

export interface BookingFacts {
  bookingId: number;
  buyerId: number;
  plot: string;
  /** The plot's price in whole rupees. */
  price: number;
  at: number;
}

/**
 * What a claimed buyer's booking earns the broker, recorded when a manager approves the booking
 * (in its transaction) and cancelled with it; then approved for payment and paid, by a manager.
 */
export function createBrokerage(deps: {
  brokerage: BrokerageQueries;
  claims: ClaimQueries;
  accounts: BrokerAccountQueries;
}) {
  const { brokerage, claims, accounts } = deps;

  return {
    /** The plots' hook, in the approval's transaction. */
    bookingApproved(booking: BookingFacts): void {
      const claim = claims.ofBuyer(booking.buyerId);
      if (!claim) return;
      const broker = accounts.byId(claim.broker_id);
      if (!broker) return;
      const rate = broker.rate_bp ?? claims.settings().default_bp;
      const pricePaise = booking.price * 100;
      brokerage.insert({
        claim: claim.id,
        broker: broker.id,
        booking: booking.bookingId,
        plot: booking.plot,
        client: claim.name,
        price: pricePaise,
        rate,
        amount: brokerageAmount(pricePaise, rate),
        now: booking.at,
      });
    },

    /** The plots' hook, in the cancellation's transaction. */
    bookingCancelled(bookingId: number, at: number): void {
      brokerage.cancelBooking(bookingId, at);
    },

    list: () => brokerage.all().map(brokerageJson),
    statement: (brokerId: number) => brokerage.ofBroker(brokerId).map(brokerageJson),

    /** Due → approved for payment → paid (with the payment's reference). */
    advance(id: number, to: 'approved' | 'paid', reference: string | null, now: number): Brokerage {
      const row = brokerage.byId(id);
      if (!row) throw new DeskError(404, 'There is no brokerage with this id.');
      const from = to === 'approved' ? 'due' : 'approved';
      if (!brokerage.move({ id, from, to, reference, now })) {
        throw new DeskError(
          409,
          to === 'approved'
            ? `Only brokerage that is due can be approved for payment; this one is ${row.status}.`
            : `Only brokerage approved for payment can be paid; this one is ${row.status}.`,
        );
      }
      return brokerageJson(brokerage.byId(id)!);
    },

    report(since: number, until: number): BrokerReportRow[] {
      return brokerage.report(since, until).map((row) => ({
        broker: { id: row.id, firm: row.firm },
        registrations: row.registrations,
        lapsed: row.lapsed,
        visits: row.visits,
        bookings: row.bookings,
        brokerageDuePaise: row.due_paise,
        brokeragePaidPaise: row.paid_paise,
      }));
    },
  };
}

export type BrokerageBook = ReturnType<typeof createBrokerage>;
