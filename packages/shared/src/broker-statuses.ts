/*
 * The channel partners' fixed words and numbers, apart from their schemas so that the partner
 * app takes them without the schemas' code.
 */

/** The rule's defaults, until a manager changes them in the desk. */
export const DEFAULT_CLAIM_DAYS = 60;
export const DEFAULT_BROKERAGE_PERCENT = 1;
/** A claim without a visit lapses at its end; its broker hears of it this many days before. */
export const CLAIM_NOTICE_DAYS = 7;
/** Wrong check-in codes before the claim is refused and a manager alerted. */
export const CLAIM_CODE_TRIES = 3;

export const BROKER_STATUSES = ['applied', 'approved', 'refused', 'disabled'] as const;

/** Where a broker's client stands, as the broker sees it (never the desk's notes). */
export const CLIENT_STATUSES = [
  'registered',
  'visit_booked',
  'visited',
  'booking_requested',
  'booked',
  'lapsed',
  'refused',
] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  registered: 'Registered',
  visit_booked: 'Visit booked',
  visited: 'Visited',
  booking_requested: 'Booking requested',
  booked: 'Booked',
  lapsed: 'Lapsed',
  refused: 'Claim refused',
};

export const BROKERAGE_STATUSES = ['due', 'approved', 'paid', 'cancelled'] as const;
export type BrokerageStatus = (typeof BROKERAGE_STATUSES)[number];

export const BROKERAGE_LABELS: Record<BrokerageStatus, string> = {
  due: 'Due',
  approved: 'Approved for payment',
  paid: 'Paid',
  cancelled: 'Cancelled with the booking',
};
