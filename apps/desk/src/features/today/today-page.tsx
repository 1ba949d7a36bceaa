import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CallFirst, unansweredLoader } from '../../components/call-first.tsx';
import { LeadList } from '../../components/lead-list.tsx';
import { ui } from '../../components/ui.ts';
import { api } from '../../lib/api.ts';
import type { TodayLists, UnansweredBuyer } from '../../lib/types.ts';

interface TodayData {
  lists: TodayLists;
  unanswered: UnansweredBuyer[];
}

export async function todayLoader({ request }: LoaderFunctionArgs): Promise<TodayData> {
  const [lists, unanswered] = await Promise.all([
    api<TodayLists>('/today', { signal: request.signal }),
    unansweredLoader(request.signal),
  ]);
  return { lists: withoutCallFirst(lists, unanswered.buyers), unanswered: unanswered.buyers };
}

/**
 * A buyer under "Call these first" is not listed again among the new leads nobody has
 * contacted: the page lists each buyer once, where the clock runs.
 */
export function withoutCallFirst(lists: TodayLists, callFirst: UnansweredBuyer[]): TodayLists {
  const first = new Set(callFirst.map(({ lead }) => lead.buyerId));
  return { ...lists, uncontacted: lists.uncontacted.filter((lead) => !first.has(lead.buyerId)) };
}

const SECTIONS = [
  { key: 'overdue', title: 'Overdue follow-ups', empty: 'Nothing overdue.' },
  { key: 'dueToday', title: 'Follow-ups due today', empty: 'No follow-ups due today.' },
  {
    key: 'uncontacted',
    title: 'New leads nobody has contacted',
    empty: 'Every new lead has been contacted.',
  },
] as const;

/** What the signed-in person should do today: their new buyers to call first, then the rest, oldest first. */
export function TodayPage() {
  const { lists, unanswered } = useLoaderData<typeof todayLoader>();
  return (
    <>
      <h1>Today</h1>
      <CallFirst initial={unanswered} />
      {SECTIONS.map((section) => (
        <section key={section.key} className={ui.card} aria-labelledby={`today-${section.key}`}>
          <h2 id={`today-${section.key}`}>
            {section.title} ({lists[section.key].length})
          </h2>
          <LeadList
            label={section.title}
            leads={lists[section.key]}
            empty={section.empty}
            showFollowUp={section.key !== 'uncontacted'}
          />
        </section>
      ))}
    </>
  );
}
