import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage, redirectTarget } from '../../lib/api.ts';
import type { LeadPage, LeadRow } from '../../lib/types.ts';

/** How many buyers a search offers to choose from. */
const SEARCH_LIMIT = 20;

/**
 * Finding the other buyer of a merge with the inbox's own search: what was typed, the buyers it
 * found (never this one, nor an erased one) and the one chosen.
 */
export function useBuyerSearch(buyerId: number) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<LeadRow[] | undefined>();
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState('');
  const [chosen, setChosen] = useState<LeadRow | undefined>();

  function reset() {
    setQuery('');
    setFound(undefined);
    setChosen(undefined);
    setSearchError('');
  }

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    setChosen(undefined);
    if (q === '') {
      setSearchError('Type a name or a mobile number to look for.');
      return;
    }
    setSearching(true);
    setSearchError('');
    try {
      const params = new URLSearchParams({ q, limit: String(SEARCH_LIMIT) });
      const page = await api<LeadPage>(`/leads?${params.toString()}`);
      setFound(page.leads.filter((row) => row.buyerId !== buyerId && !row.erased));
    } catch (error) {
      const target = redirectTarget(error);
      if (target) void navigate(target, { replace: true });
      else setSearchError(errorMessage(error));
    } finally {
      setSearching(false);
    }
  }

  return { query, setQuery, found, searching, searchError, chosen, setChosen, reset, search };
}

export type BuyerSearch = ReturnType<typeof useBuyerSearch>;
