import type { LoaderFunctionArgs } from 'react-router';
import { unansweredLoader } from '../../components/call-first.tsx';
import { api } from '../../lib/api.ts';
import type { LeadPage, PeopleAnswer, Person, UnansweredBuyer } from '../../lib/types.ts';
import { leadFiltersQuery, parseLeadFilters, type LeadFilters } from './lead-filters.ts';

export const PAGE_SIZE = 50;

export interface InboxData {
  filters: LeadFilters;
  page: LeadPage;
  people: Person[];
  /** The signed-in person's buyers nobody has called yet: shown first. */
  unanswered: UnansweredBuyer[];
}

export function leadsPath(filters: LeadFilters, cursor?: string): string {
  const query = leadFiltersQuery(filters);
  query.set('limit', String(PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return `/leads?${query.toString()}`;
}

export async function inboxLoader({ request }: LoaderFunctionArgs): Promise<InboxData> {
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const [page, people, unanswered] = await Promise.all([
    api<LeadPage>(leadsPath(filters), { signal: request.signal }),
    api<PeopleAnswer>('/users?short=1', { signal: request.signal }),
    unansweredLoader(request.signal),
  ]);
  return { filters, page, people: people.users, unanswered: unanswered.buyers };
}
