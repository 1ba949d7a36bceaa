import { api } from '../../lib/api.ts';
import type { LeadView } from '../../lib/types.ts';
import { FOR_BUYER_PARAM } from './plot-filters.ts';

/** The buyer a plot is being chosen for: one of their enquiries and their name. */
export interface ChoosingFor {
  leadId: number;
  name: string;
}

/** The buyer named by `?for=`, when Plots was opened from a buyer to hold a plot for them. */
export async function loadChoosingFor(
  params: URLSearchParams,
  signal: AbortSignal,
): Promise<ChoosingFor | null> {
  const leadId = params.get(FOR_BUYER_PARAM) ?? '';
  if (!/^\d{1,15}$/.test(leadId)) return null;
  const { lead } = await api<LeadView>(`/leads/${leadId}`, { signal });
  return lead.erased ? null : { leadId: lead.id, name: lead.name };
}
