import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LeadList } from '../../components/lead-list.tsx';
import { ui } from '../../components/ui.ts';
import { api } from '../../lib/api.ts';
import type { TodayLists } from '../../lib/types.ts';

export function todayLoader({ request }: LoaderFunctionArgs): Promise<TodayLists> {
  return api<TodayLists>('/today', { signal: request.signal });
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

/** What the signed-in person should do today, oldest first. */
export function TodayPage() {
  const lists = useLoaderData<typeof todayLoader>();
  return (
    <>
      <h1>Today</h1>
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
