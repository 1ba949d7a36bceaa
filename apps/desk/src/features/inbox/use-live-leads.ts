import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage, redirectTarget } from '../../lib/api.ts';
import { useLiveEvent, useLiveState, type LiveState } from '../../lib/live-events.tsx';
import type { LeadPage, LeadRow, LeadView } from '../../lib/types.ts';
import { leadsPath } from './inbox-loader.ts';
import { matchesFilters, type LeadFilters } from './lead-filters.ts';

export type { LiveState };

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
  const live = useLiveState();
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

  // A new enquiry from a buyer already listed moves their row to the top: one row per buyer.
  const addNew = useCallback((arrived: LeadRow[]) => {
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
  }, []);

  // Events only tell of leads stored while connected: on every (re)connection, and as the list
  // is shown, the newest page fills in whatever arrived before it or during a dropped connection.
  const catchUp = useCallback(() => {
    api<LeadPage>(leadsPath(filters)).then(({ leads: newest }) => {
      const newestShown = Date.parse(shown.current[0]?.receivedAt ?? '') || 0;
      addNew(newest.filter((row) => Date.parse(row.receivedAt) > newestShown));
    }, handleFailure);
  }, [filters, addNew, handleFailure]);
  useEffect(catchUp, [catchUp]);
  useLiveEvent('open', catchUp);

  useLiveEvent('lead', (data) => {
    const lead = JSON.parse(data) as LeadRow;
    if (matchesFilters(lead, filters, myId)) addNew([lead]);
  });

  // A change elsewhere (stage, owner, follow-up) refreshes that row if it is on screen.
  useLiveEvent('lead-changed', (data) => {
    const { id, buyerId } = JSON.parse(data) as { id: number; buyerId: number };
    api<LeadView>(`/leads/${id}`).then(({ lead }) => {
      setLeads((rows) => rows.map((row) => (row.buyerId === buyerId ? lead : row)));
    }, handleFailure);
  });

  // A WhatsApp message or status changes what waits for our reply: the row is read again, and a
  // buyer now matching the filters ("Waiting for our reply") joins the top of the list.
  useLiveEvent('whatsapp', (data) => {
    const { id, buyerId } = JSON.parse(data) as { id: number; buyerId: number };
    api<LeadView>(`/leads/${id}`).then(({ lead }) => {
      setLeads((rows) =>
        rows.some((row) => row.buyerId === buyerId)
          ? rows.map((row) => (row.buyerId === buyerId ? lead : row))
          : matchesFilters(lead, filters, myId)
            ? [lead, ...rows]
            : rows,
      );
    }, handleFailure);
  });

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
