import { formatOrigin, isLeadOrigin } from '@iconia/shared';
import { dayLabel, indiaDay } from '../format/india-day.ts';
import type { ClaimQueries, ClaimRow } from './broker-queries.ts';

/**
 * The registration rule, pure but for the reads it makes in the caller's transaction: a
 * registration claims the buyer when the mobile is new to the desk, or known with no visit, no
 * booking, no live claim and no enquiry of its own through another origin. Otherwise the answer
 * is the reason in words; `overridable` says whether a manager may override it (a buyer who came
 * first through another origin).
 */
export type RuleAnswer = { claim: true } | { claim: false; reason: string; overridable: boolean };

const day = (epochMs: number) => dayLabel(indiaDay(epochMs));

function liveClaimReason(live: ClaimRow, brokerId: number): string {
  if (live.broker_id === brokerId) {
    return `You registered this client on ${day(live.registered_at)}; the registration runs until ${day(live.until)}.`;
  }
  return live.status === 'proven'
    ? 'Already registered by another channel partner, whose claim was proven at the site visit.'
    : `Already registered by another channel partner until ${day(live.until)}.`;
}

export function checkRegistration(
  claims: ClaimQueries,
  registration: { brokerId: number; mobile: string },
  now: number,
): RuleAnswer {
  // A claim past its end has lapsed, whether or not the sweep has said so yet.
  claims.lapseDue(now);
  const live = claims.live(registration.mobile);
  if (live)
    return {
      claim: false,
      reason: liveClaimReason(live, registration.brokerId),
      overridable: false,
    };
  const known = claims.known(registration.mobile);
  if (!known) return { claim: true };
  if (known.stage === 'booked') {
    return { claim: false, reason: 'Already a booked buyer of the project.', overridable: false };
  }
  if (known.visited === 1) {
    return {
      claim: false,
      reason: 'This client has already visited the site.',
      overridable: false,
    };
  }
  if (known.first_other_at !== null) {
    const origin = known.first_other_origin;
    const through = origin && isLeadOrigin(origin) ? ` through ${formatOrigin(origin)}` : '';
    return {
      claim: false,
      reason: `Already an enquiry with our sales team since ${day(known.first_other_at)}${through}; the buyer keeps that origin unless a manager decides otherwise.`,
      overridable: true,
    };
  }
  return { claim: true };
}
