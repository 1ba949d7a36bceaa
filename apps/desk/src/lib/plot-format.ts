import { formatRupees } from '@iconia/shared';
import { formatDateTime } from './format.ts';
import { FACING_LABELS } from './labels.ts';
import type { Plot } from './types.ts';

const SIZE = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

export function formatSize(sqYd: number): string {
  return `${SIZE.format(sqYd)} sq. yds`;
}

/** A plot's facts in one line: phase, size, facing, corner and price. */
export function plotFacts(plot: Plot): string {
  return [
    plot.phase,
    formatSize(plot.sizeSqYd),
    `${FACING_LABELS[plot.facing]} facing`,
    ...(plot.corner ? ['Corner'] : []),
    plot.ratePerSqYd !== null && plot.price === null
      ? `${formatRupees(plot.totalPrice)} (${formatRupees(plot.ratePerSqYd)} per sq. yd)`
      : formatRupees(plot.totalPrice),
  ].join(' · ');
}

/** For whom a plot is held or booked, by whom and until when; '' while it is available. */
export function plotStanding(plot: Plot): string {
  const buyer = (name: string) => name || 'an erased buyer';
  if (plot.status === 'booked') {
    const booking = plot.booking;
    return booking
      ? `For ${buyer(booking.buyer.name)}, approved by ${booking.decidedBy?.name ?? 'a manager'}`
      : 'Imported as booked';
  }
  if (!plot.hold) return '';
  return `For ${buyer(plot.hold.buyer.name)}, held by ${plot.hold.agent.name} until ${formatDateTime(plot.hold.expiresAt)}`;
}
