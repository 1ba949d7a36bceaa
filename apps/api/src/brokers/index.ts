/**
 * Channel partners (brokers): their applications and accounts (the partner app's own sign-in),
 * the registration rule and each claim's proof at the visit, the claims that lapse, and the
 * brokerage a claimed buyer's booking earns. Its tables are `brokers`, `broker_sessions`,
 * `broker_claims`, `claim_refusals`, `brokerage` and `broker_settings`
 * (store/broker-schema.ts); routing asks it who owns a claimed buyer, plots tell it of bookings.
 */
export { createBrokers, brokerClaimOwner, type Brokers, type BrokersOptions } from './brokers.ts';
export { brokerDeskRoutes, type BrokerDeskDeps, type SendClaimCode } from './broker-desk-routes.ts';
export { partnerRoutes, type PartnerRouteDeps, type SlotAvailability } from './partner-routes.ts';
export { PARTNER_COOKIE } from './partner-auth.ts';
export type { BookingFacts } from './brokerage.ts';
