import { mobileSearchDigits, type LeadFilterQuery } from '@iconia/shared';
import { DeskError, MESSAGES } from '../desk/desk-error.ts';
import type { DeskUser, LeadFilter } from '../desk/desk-types.ts';
import { addDays, indiaDayStart } from '../format/india-day.ts';

/** The inbox's filters (and the export's) as the query asked them, for this person, now. */
export function leadFilterOf(query: LeadFilterQuery, user: DeskUser, now: number): LeadFilter {
  const filter: LeadFilter = {
    spam: query.spam === true,
    held: query.held === true,
    test: query.test === true,
    stage: query.stage,
    form: query.form,
    utmSource: query.utmSource,
    utmCampaign: query.utmCampaign,
    owner: query.owner === 'me' ? user.id : query.owner,
  };
  // A test lead is the team's own check of an ad platform's form: the managers' business.
  if (filter.test && user.role !== 'manager') throw new DeskError(403, MESSAGES.managersOnly);
  if (query.from !== undefined) filter.since = indiaDayStart(query.from);
  if (query.to !== undefined) filter.until = indiaDayStart(addDays(query.to, 1));
  if (query.due === true) filter.dueBy = now;
  if (query.waiting === true) filter.whatsappWaiting = true;
  if (query.q !== undefined && query.q !== '') {
    const digits = mobileSearchDigits(query.q);
    if (digits !== undefined) filter.mobilePart = digits;
    else filter.namePart = query.q;
  }
  return filter;
}
