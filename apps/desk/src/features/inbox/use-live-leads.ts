import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, API_BASE, errorMessage, redirectTarget, SIGN_IN_PATH } from '../../lib/api.ts';
import { signedInUser } from '../../lib/session.ts';
import type { LeadPage, LeadRow, LeadView } from '../../lib/types.ts';
import { leadsPath } from './inbox-loader.ts';
import { matchesFilters, type LeadFilters } from './lead-filters.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'replaced';

const RECONNECT_MS = 5_000;

/**
 * The inbox list: the first page from the loader, more pages on request, and leads that arrive
 * or change while the page is open, pushed by the server as events.
 */
export function useLiveLeads(first: LeadPage, filters: LeadFilters, myId: number) {
  const navigate = useNavigate();
  const [leads, setLeads] = useState<LeadRow[]>(first.leads);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [live, setLive] = useState<LiveState>('connecting');
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadError, setLoadError] = useState('');
  // The list as last shown, read when catching up after a reconnection.
  const shown = useRef(leads);
  useEffect(() => {
    shown.current = leads;
  }, [leads]);

  const handleFailure = useCallback(
    (error: unknown): string => {
      const target = redirectTarget(error);
      if (target) void navigate(target, { replace: true });
      return errorMessage(error);
    },
    [navigate],
  );

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: number | undefined;

    // A new enquiry from a buyer already listed moves their row to the top: one row per buyer.
    const addNew = (arrived: LeadRow[]) => {
      if (arrived.length === 0) return;
      setLeads((current) => {
        const seen = new Set(current.map((row) => row.id));
        const newest = new Map<number, LeadRow>();
        for (const row of arrived) {
          if (!seen.has(row.id) && !newest.has(row.buyerId)) newest.set(row.buyerId, row);
        }
        return [...newest.values(), ...current.filter((row) => !newest.has(row.buyerId))];
      });
      setFresh((current) => new Set([...current, ...arrived.map((row) => row.id)]));
      setAnnouncement(
        arrived.length === 1 ? `New lead: ${arrived[0]?.name}` : `${arrived.length} new leads`,
      );
    };

    const onLead = (event: MessageEvent<string>) => {
      const lead = JSON.parse(event.data) as LeadRow;
      if (matchesFilters(lead, filters, myId)) addNew([lead]);
    };

    // Events only tell of leads stored while connected: on every (re)connection, the newest
    // page fills in whatever arrived before it or during a dropped connection.
    const catchUp = () => {
      api<LeadPage>(leadsPath(filters)).then(({ leads: newest }) => {
        const newestShown = Date.parse(shown.current[0]?.receivedAt ?? '') || 0;
        addNew(newest.filter((row) => Date.parse(row.receivedAt) > newestShown));
      }, handleFailure);
    };

    // A change elsewhere (stage, owner, follow-up) refreshes that row if it is on screen.
    const onChanged = (event: MessageEvent<string>) => {
      const { id, buyerId } = JSON.parse(event.data) as { id: number; buyerId: number };
      api<LeadView>(`/leads/${id}`).then(({ lead }) => {
        setLeads((rows) => rows.map((row) => (row.buyerId === buyerId ? lead : row)));
      }, handleFailure);
    };

    const connect = () => {
      source = new EventSource(`${API_BASE}/events`);
      source.addEventListener('open', () => {
        setLive('live');
        catchUp();
      });
      source.addEventListener('lead', onLead);
      source.addEventListener('lead-changed', onChanged);
      // The session ended elsewhere (sign-out everywhere, a disabled account, expiry).
      source.addEventListener('signed-out', () => {
        source?.close();
        void navigate(SIGN_IN_PATH, { replace: true });
      });
      // The same person opened more desk tabs than the server keeps live; this, the oldest,
      // stops listening rather than take a stream back from a newer tab.
      source.addEventListener('replaced', () => {
        source?.close();
        setLive('replaced');
      });
      source.addEventListener('error', () => {
        setLive('reconnecting');
        // The browser retries by itself after a dropped connection; a refused one (a 401
        // after signing out elsewhere, a restart) closes for good, so check why and retry.
        if (source?.readyState !== EventSource.CLOSED) return;
        signedInUser().then(() => {
          retry = window.setTimeout(connect, RECONNECT_MS);
        }, handleFailure);
      });
    };
    connect();
    return () => {
      window.clearTimeout(retry);
      source?.close();
    };
  }, [filters, myId, handleFailure, navigate]);

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    setLoadError('');
    try {
      const page = await api<LeadPage>(leadsPath(filters, cursor));
      setLeads((current) => {
        const seen = new Set(current.map((row) => row.id));
        return [...current, ...page.leads.filter((row) => !seen.has(row.id))];
      });
      setCursor(page.nextCursor);
    } catch (error) {
      setLoadError(handleFailure(error));
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    leads,
    fresh,
    announcement,
    live,
    hasMore: cursor !== null,
    loadMore,
    loadingMore,
    loadError,
  };
}
