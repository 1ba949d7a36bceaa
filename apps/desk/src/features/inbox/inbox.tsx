import { useLoaderData, useLocation } from 'react-router';
import { CallFirst } from '../../components/call-first.tsx';
import { LeadList } from '../../components/lead-list.tsx';
import { ErrorText } from '../../components/status.tsx';
import { buttonClass } from '../../components/ui.ts';
import { useUser } from '../../lib/session.ts';
import { ExportCsv } from './export-csv.tsx';
import { InboxFilters } from './inbox-filters.tsx';
import type { InboxData, inboxLoader } from './inbox-loader.ts';
import { isFiltered, leadFiltersQuery } from './lead-filters.ts';
import styles from './inbox.module.css';
import { useLiveLeads, type LiveState } from './use-live-leads.ts';

const LIVE_TEXT: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  replaced: 'Paused: open in newer tabs. Reload to resume.',
};

export function InboxPage() {
  const data = useLoaderData<typeof inboxLoader>();
  const user = useUser();
  // A new filter is a new list: its own pages and its own live additions.
  const { search } = useLocation();
  const query = leadFiltersQuery(data.filters).toString();

  return (
    <>
      <div className={styles.head}>
        <h1>Inbox</h1>
        {user.role === 'manager' ? <ExportCsv query={query} /> : null}
      </div>
      <CallFirst initial={data.unanswered} />
      <InboxFilters key={`filters${search}`} filters={data.filters} people={data.people} />
      <InboxList key={`list?${query}`} data={data} myId={user.id} />
    </>
  );
}

function InboxList({ data, myId }: { data: InboxData; myId: number }) {
  const list = useLiveLeads(data.page, data.filters, myId);
  const filtered = isFiltered(data.filters);
  return (
    <section aria-labelledby="inbox-list">
      <div className={styles.head}>
        <h2 id="inbox-list">{filtered ? 'Matching leads' : 'All leads, newest first'}</h2>
        <span className={styles.live} data-state={list.live}>
          {LIVE_TEXT[list.live]}
        </span>
      </div>
      <p className="visually-hidden" role="status">
        {list.announcement}
      </p>
      <LeadList
        label="Leads"
        leads={list.leads}
        fresh={list.fresh}
        empty={
          filtered
            ? 'No lead matches these filters.'
            : 'No leads yet. New ones appear here as they arrive.'
        }
      />
      <ErrorText>{list.loadError}</ErrorText>
      {list.hasMore ? (
        <div className={styles.more}>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void list.loadMore()}
            disabled={list.loadingMore}
          >
            {list.loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
