import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type * as v from 'valibot';
import {
  CLAIM_CODE_TRIES,
  CLAIM_NOTICE_DAYS,
  type clientRegistrationSchema,
  type BuyerClaim,
  type ClientStatus,
  type PartnerClient,
} from '@iconia/shared';
import { DeskError } from '../desk/desk-error.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import { dayLabel, indiaDay, indiaTimestamp } from '../format/india-day.ts';
import type { IngestEnquiry } from '../intake/ingest-enquiry.ts';
import type { BrokerRow, ClaimQueries, ClaimRow } from './broker-queries.ts';
import type { BrokerNotices } from './broker-notices.ts';
import { checkRegistration } from './claim-rule.ts';

type Registration = v.InferOutput<typeof clientRegistrationSchema>;

const DAY_MS = 86_400_000;
const day = (epochMs: number) => dayLabel(indiaDay(epochMs));

export function clientStatus(claim: ClaimRow): ClientStatus {
  if (claim.status === 'refused' || claim.status === 'lapsed') return claim.status;
  if (claim.buyer_stage === 'booked') return 'booked';
  if (claim.booking_requested === 1) return 'booking_requested';
  if (claim.visit_status === 'arrived' || claim.visit_status === 'done') return 'visited';
  if (claim.visit_status === 'scheduled') return 'visit_booked';
  return 'registered';
}

export function clientJson(claim: ClaimRow): PartnerClient {
  return {
    id: claim.id,
    name: claim.name,
    mobile: claim.mobile,
    plotRange: claim.plot_range,
    status: clientStatus(claim),
    registeredAt: indiaTimestamp(claim.registered_at),
    until: indiaDay(claim.until),
    proven: claim.status === 'proven',
  };
}

function codeHash(claimId: number, code: string): Buffer {
  return createHash('sha256').update(`${claimId}:${code}`).digest();
}

function claimView(claims: ClaimQueries, buyerId: number): BuyerClaim | null {
  const claim = claims.ofBuyer(buyerId);
  if (!claim) return null;
  return {
    id: claim.id,
    broker: { id: claim.broker_id, firm: claim.firm, person: claim.person },
    since: indiaTimestamp(claim.registered_at),
    until: indiaDay(claim.until),
    proven: claim.status === 'proven',
    codeIssued: claim.code_hash !== null,
  };
}

type Proof = { ok: true } | { error: string; status: number };

/**
 * The code the client received, typed at check-in with the broker present: right, the claim is
 * proven and locked to the booking; wrong three times, the claim is refused and the managers are
 * told.
 */
function proveClaim(
  deps: ClaimDeps,
  buyerId: number,
  code: string,
  user: DeskUser,
  now: number,
): void {
  const { claims, notices } = deps;
  const result = deps.transaction((): Proof => {
    const claim = claims.ofBuyer(buyerId);
    if (!claim) throw new DeskError(404, 'This buyer has no channel partner’s claim.');
    if (claim.status === 'proven') return { ok: true };
    if (claim.code_hash === null) throw new DeskError(409, 'Send the client a code first.');
    if (timingSafeEqual(Buffer.from(claim.code_hash, 'hex'), codeHash(claim.id, code))) {
      claims.prove(claim.id, user.id, now);
      return { ok: true };
    }
    const failures = claims.failCode(claim.id);
    if (failures < CLAIM_CODE_TRIES) {
      const left = CLAIM_CODE_TRIES - failures;
      return {
        error: `That code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        status: 400,
      };
    }
    claims.end(claim.id, 'refused', now);
    notices.toManagers({
      subject: `Channel partner claim refused: ${claim.firm}`,
      lines: [
        `${user.name} typed a wrong check-in code ${CLAIM_CODE_TRIES} times for ${claim.name} (${claim.mobile}), registered by ${claim.firm} (${claim.person}) on ${day(claim.registered_at)}.`,
        'The claim is refused: the buyer is no longer the broker’s. Check with the client and the broker before the booking.',
      ],
      at: now,
    });
    return {
      error: `The code was wrong ${CLAIM_CODE_TRIES} times: the claim is refused and the managers are told.`,
      status: 409,
    };
  });
  notices.wake();
  if ('error' in result) throw new DeskError(result.status, result.error);
}

/** Claims past their end lapse; their brokers hear a week before. Returns how many lapsed. */
function sweepClaims(deps: ClaimDeps, now: number): number {
  const { claims, notices } = deps;
  const lapsed = deps.transaction(() => {
    for (const claim of claims.noticeDue(now + CLAIM_NOTICE_DAYS * DAY_MS, now)) {
      notices.toBroker(
        { person: claim.person, email: claim.broker_email },
        {
          subject: `Registration of ${claim.name} ends on ${day(claim.until)}`,
          lines: [
            `Hello ${claim.person},`,
            `Your registration of ${claim.name} (${claim.mobile}) ends on ${day(claim.until)}. Bring the client to a site visit before then to prove it; otherwise it lapses and the client may be registered by anyone.`,
          ],
          link: { href: `${notices.siteUrl}/partners/`, label: 'See your clients' },
          at: now,
        },
      );
      claims.noticed(claim.id, now);
    }
    return claims.lapseDue(now);
  });
  notices.wake();
  return lapsed;
}

export interface ClaimDeps {
  claims: ClaimQueries;
  notices: BrokerNotices;
  ingest: IngestEnquiry;
  transaction: <T>(work: () => T) => T;
}

/**
 * A broker's registrations under the rule, each claim's proof at the visit, and the claims that
 * lapse. A registration that claims the buyer stores an enquiry (origin `broker`) as every
 * channel does, so the desk sees and routes the client at once.
 */
export function createClaims(deps: ClaimDeps) {
  const { claims, transaction } = deps;
  const ofBuyer = (buyerId: number) => claimView(claims, buyerId);

  async function storeEnquiry(broker: BrokerRow, registration: Registration, claimId: number) {
    const visit = registration.visitDay
      ? ` Preferred visit day: ${dayLabel(registration.visitDay)}.`
      : '';
    await deps.ingest({
      origin: 'broker',
      externalId: `claim-${claimId}`,
      name: registration.name,
      mobile: registration.mobile,
      plotRange: registration.plotRange,
      message: `Registered by ${broker.firm} (${broker.person}), channel partner.${visit}`,
      answers: {},
    });
  }

  return {
    /** The claim, or the refusal kept for the managers; either way the broker is told why. */
    async register(
      broker: BrokerRow,
      registration: Registration,
      now: number,
    ): Promise<PartnerClient> {
      const outcome = transaction((): { refused: string } | { claimId: number } => {
        const rule = checkRegistration(
          claims,
          { brokerId: broker.id, mobile: registration.mobile },
          now,
        );
        const fields = {
          broker: broker.id,
          mobile: registration.mobile,
          name: registration.name,
          plotRange: registration.plotRange,
        };
        if (!rule.claim) {
          claims.insertRefusal({ ...fields, reason: rule.reason, now });
          return { refused: rule.reason };
        }
        const until = now + claims.settings().claim_days * DAY_MS;
        const id = claims.insert({
          ...fields,
          visitDay: registration.visitDay ?? null,
          now,
          until,
          overrideBy: null,
          overrideReason: null,
        });
        return { claimId: id };
      });
      if ('refused' in outcome) throw new DeskError(409, outcome.refused);
      try {
        await storeEnquiry(broker, registration, outcome.claimId);
      } catch (error) {
        // Not stored, not claimed: the broker may register again.
        claims.remove(outcome.claimId);
        throw error;
      }
      return clientJson(claims.byId(outcome.claimId)!);
    },

    clients: (brokerId: number) => claims.ofBroker(brokerId).map(clientJson),

    /** The buyer's live claim as the desk shows it, or null. */
    ofBuyer,

    /** A one-time code for the client's mobile, shown to the agent to read out on a call-back. */
    issueCode(buyerId: number, now: number): { code: string } {
      const claim = claims.ofBuyer(buyerId);
      if (!claim) throw new DeskError(404, 'This buyer has no channel partner’s claim.');
      if (claim.status === 'proven') throw new DeskError(409, 'This claim is already proven.');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      claims.issueCode(claim.id, codeHash(claim.id, code).toString('hex'), now);
      return { code };
    },

    prove: (buyerId: number, code: string, user: DeskUser, now: number): BuyerClaim => {
      proveClaim(deps, buyerId, code, user, now);
      const claim = ofBuyer(buyerId);
      if (!claim) throw new DeskError(404, 'This buyer has no channel partner’s claim.');
      return claim;
    },

    sweep: (now: number): number => sweepClaims(deps, now),
  };
}

export type Claims = ReturnType<typeof createClaims>;

/**
 * A manager overrides a refusal (a buyer who came first through another origin): the broker's
 * claim starts now, with the manager and their reason recorded. A live claim or a visit since
 * still stands in the way.
 */
export function overrideRefusal(
  deps: Pick<ClaimDeps, 'claims' | 'transaction'>,
  refusalId: number,
  reason: string,
  user: DeskUser,
  now: number,
): PartnerClient {
  const { claims } = deps;
  const claimId = deps.transaction(() => {
    const refusal = claims.refusal(refusalId);
    if (!refusal) throw new DeskError(404, 'There is no refused registration with this id.');
    if (refusal.override_name !== null)
      throw new DeskError(409, 'This refusal was already overridden.');
    const rule = checkRegistration(
      claims,
      { brokerId: refusal.broker_id, mobile: refusal.mobile },
      now,
    );
    if (!rule.claim && !rule.overridable) throw new DeskError(409, rule.reason);
    claims.overridden(refusalId, user.id, reason, now);
    return claims.insert({
      broker: refusal.broker_id,
      mobile: refusal.mobile,
      name: refusal.name,
      plotRange: refusal.plot_range,
      visitDay: null,
      now,
      until: now + claims.settings().claim_days * DAY_MS,
      overrideBy: user.id,
      overrideReason: reason,
    });
  });
  return clientJson(claims.byId(claimId)!);
}
