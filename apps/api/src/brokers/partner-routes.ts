import * as v from 'valibot';
import {
  brokerApplicationSchema,
  brokerageSchema,
  clientRegistrationSchema,
  partnerClientSchema,
  partnerLinkRequestSchema,
  partnerPasswordSchema,
  signInSchema,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { routeFor } from '../desk/route.ts';
import { addDays, indiaDay } from '../format/india-day.ts';
import type { BrokerRow } from './broker-queries.ts';
import type { BrokerAccounts } from './broker-accounts.ts';
import type { BrokerageBook } from './brokerage.ts';
import type { Claims } from './claims.ts';
import { currentBroker, type PartnerAuth } from './partner-auth.ts';

/** A day's visit slots, as the visits feature tells them. */
export type SlotAvailability = (
  day: string,
  now: number,
) => ReadonlyArray<{ time: string; left: number; past: boolean }>;

/** How many days ahead the partner app shows the free visit slots. */
const SLOT_DAYS = 7;

export interface PartnerRouteDeps {
  /** The site visits' slots with what each has left. */
  availability: SlotAvailability;
  /** The plots on sale now, with their prices. */
  priceSheet: () => ReadonlyArray<v.InferOutput<typeof priceSheetRowSchema>>;
  accounts: BrokerAccounts;
  claims: Claims;
  brokerage: BrokerageBook;
  auth: PartnerAuth;
  clock: Clock;
  logger: Logger;
}

const route = routeFor<PartnerRouteDeps>();

const text = v.string();
const meSchema = v.object({
  broker: v.object({ firm: text, person: text, email: text, rera: text, ratePercent: v.number() }),
});
const messageSchema = v.object({ message: text });
const priceSheetRowSchema = v.object({
  number: text,
  phase: text,
  sizeSqYd: v.number(),
  facing: text,
  corner: v.boolean(),
  price: v.pipe(v.number(), v.description('Whole rupees.')),
});

const me = (broker: BrokerRow, accounts: BrokerAccounts) => {
  const { firm, person, email, rera, ratePercent } = accounts.json(broker);
  return { broker: { firm, person, email, rera, ratePercent } };
};

export const APPLIED =
  'Thank you. Your application is with our sales managers; you will get an email when it is decided.';
export const LINK_SENT =
  'If an approved channel partner has this email, a sign-in link is on its way to it.';

/**
 * The partner app's API, under /partners/api (docs/partners.md): applying, signing in through the
 * emailed link, and then a broker's own registrations and brokerage, never anyone else's.
 */
export const partnerRoutes = [
  route({
    method: 'post',
    path: '/applications',
    summary: 'Apply as a channel partner',
    who: 'anyone',
    body: brokerApplicationSchema,
    answer: {
      status: 201,
      description: 'The application is kept for the managers.',
      json: messageSchema,
    },
    errors: [409],
    handle: ({ body }, { accounts, clock, logger }) => {
      const broker = accounts.apply(body, clock.now());
      logger.info({ brokerId: broker.id }, 'channel partner applied');
      return { message: APPLIED };
    },
  }),
  route({
    method: 'post',
    path: '/session',
    summary: 'Sign in',
    who: 'anyone',
    body: signInSchema,
    answer: { status: 200, description: 'Signed in; the session cookie is set.', json: meSchema },
    errors: [401, 429],
    handle: async ({ req, res, body }, { auth, accounts }) =>
      me(await auth.signIn(req, res, body.email, body.password), accounts),
  }),
  route({
    method: 'delete',
    path: '/session',
    summary: 'Sign out',
    who: 'anyone',
    answer: { status: 204, description: 'Signed out; the cookie is cleared.' },
    handle: ({ req, res }, { auth }) => {
      auth.signOut(req, res);
    },
  }),
  route({
    method: 'post',
    path: '/password',
    summary: 'Choose a password with the emailed link',
    who: 'anyone',
    body: partnerPasswordSchema,
    answer: {
      status: 200,
      description: 'The password is set and the broker signed in.',
      json: meSchema,
    },
    handle: async ({ req, res, body }, { auth, accounts }) =>
      me(await auth.choosePassword(req, res, body.token, body.password), accounts),
  }),
  route({
    method: 'post',
    path: '/sign-in-link',
    summary: 'Ask for a new sign-in link',
    who: 'anyone',
    body: partnerLinkRequestSchema,
    answer: {
      status: 202,
      description: 'The same answer whether or not the email is known.',
      json: messageSchema,
    },
    handle: ({ body }, { accounts, clock }) => {
      accounts.requestLink(body.email, clock.now());
      return { message: LINK_SENT };
    },
  }),
  route({
    method: 'get',
    path: '/me',
    summary: 'The signed-in broker',
    who: 'signed in',
    answer: { status: 200, description: 'The broker signed in.', json: meSchema },
    handle: ({ res }, { accounts }) => me(currentBroker(res), accounts),
  }),
  route({
    method: 'get',
    path: '/clients',
    summary: "The broker's registered clients",
    who: 'signed in',
    answer: {
      status: 200,
      description: 'Newest first, each with where it stands; never the desk’s notes.',
      json: v.object({ clients: v.array(partnerClientSchema) }),
    },
    handle: ({ res }, { claims }) => ({ clients: claims.clients(currentBroker(res).id) }),
  }),
  route({
    method: 'post',
    path: '/clients',
    summary: 'Register a client',
    who: 'signed in',
    body: clientRegistrationSchema,
    answer: {
      status: 201,
      description: 'The client is claimed until the date given, unless proven at the visit.',
      json: v.object({ client: partnerClientSchema }),
    },
    errors: [409],
    handle: async ({ res, body }, { claims, clock, logger }) => {
      const broker = currentBroker(res);
      const client = await claims.register(broker, body, clock.now());
      logger.info(
        { brokerId: broker.id, claimId: client.id },
        'client registered by a channel partner',
      );
      return { client };
    },
  }),
  route({
    method: 'get',
    path: '/visit-slots',
    summary: 'The next free site-visit slots',
    description: `The next ${SLOT_DAYS} days (India, today first), each with the times that still have a place.`,
    who: 'signed in',
    answer: {
      status: 200,
      description: 'Days with at least one free slot.',
      json: v.object({
        days: v.array(
          v.object({ day: text, times: v.array(v.object({ time: text, left: v.number() })) }),
        ),
      }),
    },
    handle: (_input, { availability, clock }) => {
      const now = clock.now();
      const today = indiaDay(now);
      const days = Array.from({ length: SLOT_DAYS }, (_, index) => addDays(today, index))
        .map((day) => ({
          day,
          times: availability(day, now)
            .filter((slot) => !slot.past && slot.left > 0)
            .map(({ time, left }) => ({ time, left })),
        }))
        .filter((day) => day.times.length > 0);
      return { days };
    },
  }),
  route({
    method: 'get',
    path: '/price-sheet',
    summary: 'The plots on sale now, with their prices',
    who: 'signed in',
    answer: {
      status: 200,
      description: 'Every available plot, by phase and number; none held or booked.',
      json: v.object({ plots: v.array(priceSheetRowSchema) }),
    },
    handle: (_input, { priceSheet }) => ({ plots: priceSheet() }),
  }),
  route({
    method: 'get',
    path: '/statement',
    summary: "The broker's brokerage statement",
    who: 'signed in',
    answer: {
      status: 200,
      description:
        'Each booking of a claimed client: due, approved for payment, paid or cancelled.',
      json: v.object({ brokerage: v.array(brokerageSchema) }),
    },
    handle: ({ res }, { brokerage }) => ({ brokerage: brokerage.statement(currentBroker(res).id) }),
  }),
];
