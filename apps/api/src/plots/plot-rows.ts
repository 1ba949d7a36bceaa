import type { Facing, PlotEventType, PlotStatus } from '@iconia/shared';

/** A plot as the inventory lists it, with its current hold and open booking, if any. */
export interface PlotRow {
  id: number;
  number: string;
  phase: string;
  size_sq_yd: number;
  facing: Facing;
  corner: 0 | 1;
  price: number | null;
  rate_per_sq_yd: number | null;
  status: PlotStatus;
  updated_at: number;
  hold_id: number | null;
  hold_buyer_id: number | null;
  hold_lead_id: number | null;
  hold_buyer_name: string | null;
  hold_agent_id: number | null;
  hold_agent_name: string | null;
  held_at: number | null;
  expires_at: number | null;
  booking_id: number | null;
  booking_status: 'requested' | 'approved' | null;
  booking_buyer_id: number | null;
  booking_lead_id: number | null;
  booking_buyer_name: string | null;
  requested_by: number | null;
  requested_by_name: string | null;
  requested_at: number | null;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: number | null;
}

export interface PlotEventRow {
  at: number;
  type: PlotEventType;
  actor_id: number | null;
  actor_name: string | null;
  buyer_id: number | null;
  buyer_lead_id: number | null;
  buyer_name: string | null;
  text: string;
}

/** A plot's own facts, as an import row or a manager's edit gives them. */
export interface PlotFacts {
  number: string;
  phase: string;
  sizeSqYd: number;
  facing: Facing;
  corner: boolean;
  price: number | null;
  ratePerSqYd: number | null;
}

/**
 * An import's row: the facts, and the status a CSV may set: booked (a sale made outside the
 * desk), available, or `desk` (held or booking requested, as the inventory export writes them:
 * the desk's own state, left as it is).
 */
export interface ImportRow extends PlotFacts {
  line: number;
  status?: 'available' | 'booked' | 'desk' | undefined;
}

/** A booking record as the bookings export lists it. */
export interface BookingExportRow {
  id: number;
  number: string;
  phase: string;
  size_sq_yd: number;
  price: number | null;
  rate_per_sq_yd: number | null;
  status: string;
  buyer_name: string;
  lead_id: number | null;
  origin: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  requested_by_name: string;
  requested_at: number;
  decided_by_name: string | null;
  decided_at: number | null;
  cancelled_by_name: string | null;
  cancelled_at: number | null;
  cancel_reason: string | null;
}

export interface PlotFilter {
  phase?: string | undefined;
  facing?: Facing | undefined;
  corner?: boolean | undefined;
  status?: PlotStatus | undefined;
  minSize?: number | undefined;
  maxSize?: number | undefined;
  holderId?: number | undefined;
}

/** A row of an import that cannot be applied, by its line in the file (the header is 1). */
export interface ImportProblem {
  line: number;
  message: string;
}

export interface NewEvent {
  plotId: number;
  type: PlotEventType;
  actorId: number | null;
  buyerId: number | null;
  text: string;
  at: number;
}
