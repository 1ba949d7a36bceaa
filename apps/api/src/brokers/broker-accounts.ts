import type { BrokerApproval, Broker } from '@iconia/shared';
import type * as v from 'valibot';
import type { brokerApplicationSchema } from '@iconia/shared';
import { DeskError } from '../desk/desk-error.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import type { BrokerAccountQueries, BrokerRow, ClaimQueries } from './broker-queries.ts';
import type { BrokerNotices } from './broker-notices.ts';
import type { PartnerAuth } from './partner-auth.ts';

type Application = v.InferOutput<typeof brokerApplicationSchema>;

export function brokerJson(row: BrokerRow, defaultBp: number): Broker {
  return {
    id: row.id,
    firm: row.firm,
    person: row.person,
    mobile: row.mobile,
    email: row.email,
    rera: row.rera,
    pan: row.pan,
    status: row.status,
    appliedAt: indiaTimestamp(row.applied_at),
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    ratePercent: (row.rate_bp ?? defaultBp) / 100,
    refusal: row.refusal,
  };
}

export interface BrokerAccountDeps {
  accounts: BrokerAccountQueries;
  claims: Pick<ClaimQueries, 'settings'>;
  auth: Pick<PartnerAuth, 'issueLink'>;
  notices: BrokerNotices;
  /** Whether a desk account may own brokers: active, any role. */
  activeUser: (id: number) => { id: number; name: string } | undefined;
  transaction: <T>(work: () => T) => T;
}

/**
 * Applications and the brokers' accounts: a broker applies, a manager approves (with the agent
 * who owns the broker and the rate) or refuses, and an approved broker gets a sign-in link by
 * email, then a new one whenever they ask.
 */
export function createBrokerAccounts(deps: BrokerAccountDeps) {
  const { accounts, claims, auth, notices } = deps;
  const json = (row: BrokerRow) => brokerJson(row, claims.settings().default_bp);

  function sendLink(broker: BrokerRow, now: number, first: boolean): void {
    const token = auth.issueLink(broker.id);
    notices.toBroker(broker, {
      subject: first ? 'Your channel partner account is approved' : 'Your sign-in link',
      lines: [
        `Hello ${broker.person},`,
        first
          ? `${broker.firm} is approved as a channel partner of Elegant Iconia. Choose your password with the link below; it works for 72 hours.`
          : 'Choose a new password with the link below; it works for 72 hours. If you did not ask for it, ignore this email.',
      ],
      link: { href: `${notices.siteUrl}/partners/welcome#${token}`, label: 'Choose your password' },
      at: now,
    });
  }

  return {
    json,
    list: () => accounts.list().map(json),

    apply(application: Application, now: number): Broker {
      const id = deps.transaction(() => {
        const existing = accounts.liveByEmail(application.email);
        if (existing) {
          throw new DeskError(
            409,
            existing.status === 'approved'
              ? 'A channel partner with this email is already approved: sign in, or ask for a new sign-in link.'
              : 'An application with this email is already waiting for a decision.',
          );
        }
        const inserted = accounts.insert({ ...application, pan: application.pan ?? null, now });
        notices.toManagers({
          subject: `Channel partner application: ${application.firm}`,
          lines: [
            `${application.person} of ${application.firm} applied as a channel partner (TG-RERA ${application.rera}, ${application.mobile}, ${application.email}).`,
            'Approve or refuse the application on the desk’s Brokers screen.',
          ],
          link: { href: `${notices.siteUrl}/desk/brokers`, label: 'Open Brokers' },
          at: now,
        });
        return inserted;
      });
      notices.wake();
      return json(accounts.byId(id)!);
    },

    approve(
      id: number,
      approval: v.InferOutput<v.GenericSchema<BrokerApproval>>,
      by: DeskUser,
      now: number,
    ): Broker {
      deps.transaction(() => {
        const owner = deps.activeUser(approval.ownerId);
        if (!owner) throw new DeskError(400, '"ownerId" must be the id of an active desk account.');
        const rate =
          approval.ratePercent === undefined ? null : Math.round(approval.ratePercent * 100);
        if (!accounts.approve({ id, by: by.id, owner: owner.id, rate, now }))
          throw notApplied(accounts.byId(id));
        sendLink(accounts.byId(id)!, now, true);
      });
      notices.wake();
      return json(accounts.byId(id)!);
    },

    refuse(id: number, reason: string, by: DeskUser, now: number): Broker {
      deps.transaction(() => {
        if (!accounts.refuse({ id, by: by.id, reason, now })) throw notApplied(accounts.byId(id));
        const broker = accounts.byId(id)!;
        notices.toBroker(broker, {
          subject: 'Your channel partner application',
          lines: [
            `Hello ${broker.person},`,
            `We could not approve ${broker.firm} as a channel partner: ${reason}`,
          ],
          at: now,
        });
      });
      notices.wake();
      return json(accounts.byId(id)!);
    },

    /** A new link for the approved broker with this email; nothing (and no sign of it) otherwise. */
    requestLink(email: string, now: number): void {
      const broker = accounts.liveByEmail(email);
      if (broker?.status !== 'approved') return;
      deps.transaction(() => sendLink(broker, now, false));
      notices.wake();
    },
  };
}

function notApplied(broker: BrokerRow | undefined): DeskError {
  if (!broker) return new DeskError(404, 'There is no broker with this id.');
  return new DeskError(
    409,
    `This application was already decided: the broker is ${broker.status}.`,
  );
}

export type BrokerAccounts = ReturnType<typeof createBrokerAccounts>;
