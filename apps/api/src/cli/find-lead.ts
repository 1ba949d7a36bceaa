import type { LeadStore } from '../store/lead-store.ts';
import type { ListedLead } from '../store/lead-queries.ts';
import { CliError, UsageError } from './cli-context.ts';

const ID_START = /^[0-9a-f-]{6,36}$/i;

/** The one lead whose public id starts with `id`, as `pnpm leads list` shows it. */
export function findLead(store: LeadStore, id: string): ListedLead {
  if (!ID_START.test(id)) {
    throw new UsageError(
      `The lead id is the one "pnpm leads list" shows, e.g. 3f2a9c1e (got "${id}").`,
    );
  }
  const matches = store.queryLeads({ idPrefix: id });
  const [lead] = matches;
  if (!lead) throw new CliError(`No lead has an id starting with ${id}.`);
  if (matches.length > 1) {
    throw new CliError(
      `${matches.length} leads have an id starting with ${id}: ${matches
        .map((match) => match.publicId)
        .join(', ')}. Give more of the id.`,
    );
  }
  return lead;
}

/** As `findLead`, for sending: a lead erased at the person's request has nothing left to send. */
export function findLeadToSend(store: LeadStore, id: string): ListedLead {
  const lead = findLead(store, id);
  if (lead.mobile === '') {
    throw new CliError(
      `The lead ${id} was erased at the person's request (sales desk); there is nothing to send.`,
    );
  }
  return lead;
}
