import type { LoaderFunctionArgs } from 'react-router';
import { api } from '../../lib/api.ts';
import type { LeadPage, PeopleAnswer, Person } from '../../lib/types.ts';
import { leadFiltersQuery, parseLeadFilters, type LeadFilters } from './lead-filters.ts';

export const PAGE_SIZE = 50;

export interface InboxData {
  filters: LeadFilters;
  page: LeadPage;
  people: Person[];
}

export function leadsPath(filters: LeadFilters, cursor?: string): string {
  const query = leadFiltersQuery(filters);
  query.set('limit', String(PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return `/leads?${query.toString()}`;
}

export async function inboxLoader({ request }: LoaderFunctionArgs): Promise<InboxData> {
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const [page, people] = await Promise.all([
    api<LeadPage>(leadsPath(filters), { signal: request.signal }),
    api<PeopleAnswer>('/users?short=1', { signal: request.signal }),
  ]);
  return { filters, page, people: people.users };
}
