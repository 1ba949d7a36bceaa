import * as v from 'valibot';
import {
  brokerApprovalSchema,
  brokerageSchema,
  brokeragePaymentSchema,
  brokerReportRowSchema,
  brokerSchema,
  brokerSettingsSchema,
  buyerClaimSchema,
  claimCodeSchema,
  claimRefusalSchema,
  partnerClientSchema,
  reasonSchema,
  reportQuerySchema,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import { pathId } from '../desk/desk-input.ts';
import { routeFor } from '../desk/route.ts';
import { toCsv } from '../format/csv.ts';
import { indiaDay, indiaTimestamp } from '../format/india-day.ts';
import type { Logger } from '../logger.ts';
import type { BrokerAccounts } from './broker-accounts.ts';
import type { ClaimQueries } from './broker-queries.ts';
import type { BrokerageBook } from './brokerage.ts';
import { overrideRefusal, type Claims } from './claims.ts';

/** Sends the check-in code to the client's WhatsApp; false when it cannot (opted out). */
export type SendClaimCode = (send: {
  buyerId: number;
  leadId: number;
  code: string;
  userId: number;
  at: number;
}) => boolean;

export interface BrokerDeskDeps {
  /** Set when WhatsApp is: the code goes to the client's WhatsApp rather than to the agent. */
  sendCode?: SendClaimCode | undefined;
  accounts: BrokerAccounts;
  claims: Claims;
  claimQueries: ClaimQueries;
  brokerage: BrokerageBook;
  transaction: <T>(work: () => T) => T;
  clock: Clock;
  logger: Logger;
}

const route = routeFor<BrokerDeskDeps>();
const DAY_MS = 86_400_000;
const NO_BROKER = 'There is no broker with this id.';
const NO_LEAD = 'There is no lead with this id.';

const settingsJson = (claims: ClaimQueries) => {
  const row = claims.settings();
  return { claimDays: row.claim_days, defaultRatePercent: row.default_bp / 100 };
};
const settingsAnswer = v.object({ claimDays: v.number(), defaultRatePercent: v.number() });
const brokerAnswer = v.object({ broker: brokerSchema });

/** The lead's buyer, for the claim routes that the buyer's page calls with its lead id. */
function buyerOf(deps: BrokerDeskDeps, req: Parameters<typeof pathId>[0]): number {
  const buyerId = deps.claimQueries.buyerOfLead(pathId(req, NO_LEAD));
  if (buyerId === undefined) throw new DeskError(404, NO_LEAD);
  return buyerId;
}

const brokerAccountRoutes = [
  route({
    method: 'get',
    path: '/brokers',
    summary: 'Channel partners: applications, brokers and the rule’s settings',
    who: 'manager',
    answer: {
      status: 200,
      description: 'Applications first, then approved brokers, then the rest.',
      json: v.object({ brokers: v.array(brokerSchema), settings: settingsAnswer }),
    },
    handle: (_input, { accounts, claimQueries }) => ({
      brokers: accounts.list(),
      settings: settingsJson(claimQueries),
    }),
  }),
  route({
    method: 'post',
    path: '/brokers/{id}/approve',
    summary: 'Approve an application',
    description: 'The broker gets a sign-in link by email; `ownerId` is the agent who owns them.',
    who: 'manager',
    body: brokerApprovalSchema,
    answer: { status: 200, description: 'The broker as approved.', json: brokerAnswer },
    errors: [404, 409],
    handle: ({ req, res, body }, { accounts, clock }) => ({
      broker: accounts.approve(pathId(req, NO_BROKER), body, currentUser(res), clock.now()),
    }),
  }),
  route({
    method: 'post',
    path: '/brokers/{id}/refuse',
    summary: 'Refuse an application',
    who: 'manager',
    body: reasonSchema,
    answer: {
      status: 200,
      description: 'The broker as refused; they are emailed the reason.',
      json: brokerAnswer,
    },
    errors: [404, 409],
    handle: ({ req, res, body }, { accounts, clock }) => ({
      broker: accounts.refuse(pathId(req, NO_BROKER), body.reason, currentUser(res), clock.now()),
    }),
  }),
  route({
    method: 'put',
    path: '/broker-settings',
    summary: 'The rule’s period and the default brokerage rate',
    who: 'manager',
    body: brokerSettingsSchema,
    answer: { status: 200, description: 'The settings as saved.', json: settingsAnswer },
    handle: ({ body }, { claimQueries }) => {
      claimQueries.saveSettings(body.claimDays, Math.round(body.defaultRatePercent * 100));
      return settingsJson(claimQueries);
    },
  }),
];

const claimRoutes = [
  route({
    method: 'get',
    path: '/broker-refusals',
    summary: 'Registrations the rule refused',
    who: 'manager',
    answer: {
      status: 200,
      description: 'Newest first, the latest 500.',
      json: v.object({ refusals: v.array(claimRefusalSchema) }),
    },
    handle: (_input, { claimQueries }) => ({
      refusals: claimQueries.refusals().map((row) => ({
        id: row.id,
        broker: { id: row.broker_id, firm: row.firm },
        name: row.name,
        mobile: row.mobile,
        reason: row.reason,
        at: indiaTimestamp(row.at),
        overridden:
          row.override_name === null
            ? null
            : { by: row.override_name, reason: row.override_reason ?? '' },
      })),
    }),
  }),
  route({
    method: 'post',
    path: '/broker-refusals/{id}/override',
    summary: 'Override a refusal: the broker’s claim starts now',
    who: 'manager',
    body: reasonSchema,
    answer: {
      status: 201,
      description: 'The claim.',
      json: v.object({ client: partnerClientSchema }),
    },
    errors: [404, 409],
    handle: ({ req, res, body }, deps) => ({
      client: overrideRefusal(
        { claims: deps.claimQueries, transaction: deps.transaction },
        pathId(req, 'There is no refused registration with this id.'),
        body.reason,
        currentUser(res),
        deps.clock.now(),
      ),
    }),
  }),
  route({
    method: 'get',
    path: '/leads/{id}/broker-claim',
    summary: 'The buyer’s channel partner claim',
    who: 'signed in',
    answer: {
      status: 200,
      description: 'The live claim, or null.',
      json: v.object({ claim: v.nullable(buyerClaimSchema) }),
    },
    errors: [404],
    handle: ({ req }, deps) => ({ claim: deps.claims.ofBuyer(buyerOf(deps, req)) }),
  }),
  route({
    method: 'post',
    path: '/leads/{id}/broker-claim/code',
    summary: 'A one-time code for the client’s mobile',
    description:
      'With WhatsApp set up, the code goes to the client’s WhatsApp (its `claim_code` template) and is not answered; otherwise (or when the client opted out of WhatsApp) it is answered, for the agent to read out on a call to the client’s registered mobile. The client tells it back at check-in.',
    who: 'signed in',
    answer: {
      status: 200,
      description: 'Where the code went: to WhatsApp, or back here to be read out.',
      json: v.object({ whatsapp: v.boolean(), code: v.nullable(v.string()) }),
    },
    errors: [404, 409],
    handle: ({ req, res }, deps) => {
      const leadId = pathId(req, NO_LEAD);
      const buyerId = buyerOf(deps, req);
      const user = currentUser(res);
      const now = deps.clock.now();
      const sent = deps.transaction(() => {
        const { code } = deps.claims.issueCode(buyerId, now);
        const whatsapp =
          deps.sendCode?.({ buyerId, leadId, code, userId: user.id, at: now }) ?? false;
        return whatsapp ? { whatsapp, code: null } : { whatsapp, code };
      });
      deps.logger.info({ userId: user.id, whatsapp: sent.whatsapp }, 'claim code issued');
      return sent;
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/broker-claim/proof',
    summary: 'Prove the claim with the client’s code at check-in',
    who: 'signed in',
    body: claimCodeSchema,
    answer: {
      status: 200,
      description: 'The claim, proven.',
      json: v.object({ claim: buyerClaimSchema }),
    },
    errors: [404, 409],
    handle: ({ req, res, body }, deps) => ({
      claim: deps.claims.prove(buyerOf(deps, req), body.code, currentUser(res), deps.clock.now()),
    }),
  }),
];

const REPORT_COLUMNS = [
  'broker',
  'registrations',
  'lapsed',
  'visits',
  'bookings',
  'brokerage_due_inr',
  'brokerage_paid_inr',
] as const;

const brokerageRoutes = [
  route({
    method: 'get',
    path: '/brokerage',
    summary: 'Every brokerage recorded',
    who: 'manager',
    answer: {
      status: 200,
      description: 'Newest first.',
      json: v.object({ brokerage: v.array(brokerageSchema) }),
    },
    handle: (_input, { brokerage }) => ({ brokerage: brokerage.list() }),
  }),
  route({
    method: 'post',
    path: '/brokerage/{id}/approve',
    summary: 'Approve brokerage for payment',
    who: 'manager',
    answer: {
      status: 200,
      description: 'The brokerage.',
      json: v.object({ brokerage: brokerageSchema }),
    },
    errors: [404, 409],
    handle: ({ req }, { brokerage, clock }) => ({
      brokerage: brokerage.advance(
        pathId(req, 'There is no brokerage with this id.'),
        'approved',
        null,
        clock.now(),
      ),
    }),
  }),
  route({
    method: 'post',
    path: '/brokerage/{id}/paid',
    summary: 'Record brokerage as paid',
    who: 'manager',
    body: brokeragePaymentSchema,
    answer: {
      status: 200,
      description: 'The brokerage.',
      json: v.object({ brokerage: brokerageSchema }),
    },
    errors: [404, 409],
    handle: ({ req, body }, { brokerage, clock }) => ({
      brokerage: brokerage.advance(
        pathId(req, 'There is no brokerage with this id.'),
        'paid',
        body.reference,
        clock.now(),
      ),
    }),
  }),
  route({
    method: 'get',
    path: '/broker-report',
    summary: 'Per broker: registrations, lapsed, visits, bookings, brokerage',
    who: 'manager',
    query: reportQuerySchema,
    answer: {
      status: 200,
      description: 'One row per broker.',
      json: v.object({ brokers: v.array(brokerReportRowSchema) }),
    },
    handle: ({ query: { days } }, { brokerage, clock }) => {
      const now = clock.now();
      return { brokers: brokerage.report(now - days * DAY_MS, now) };
    },
  }),
  route({
    method: 'get',
    path: '/broker-report.csv',
    summary: 'The same, as CSV',
    who: 'manager',
    query: reportQuerySchema,
    answer: {
      status: 200,
      description: 'A CSV attachment.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    handle: ({ res, query: { days } }, { brokerage, clock }) => {
      const now = clock.now();
      const rows = brokerage
        .report(now - days * DAY_MS, now)
        .map((row) => [
          row.broker.firm,
          row.registrations,
          row.lapsed,
          row.visits,
          row.bookings,
          (row.brokerageDuePaise / 100).toFixed(2),
          (row.brokeragePaidPaise / 100).toFixed(2),
        ]);
      res
        .status(200)
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set(
          'Content-Disposition',
          `attachment; filename="elegant-iconia-brokers-${indiaDay(now)}.csv"`,
        )
        .send(toCsv([...REPORT_COLUMNS], rows));
    },
  }),
];

/** The desk's side of channel partners (docs/partners.md). */
export const brokerDeskRoutes = [...brokerAccountRoutes, ...claimRoutes, ...brokerageRoutes];
