import {
  BROCHURE,
  OFFICE_ADDRESS,
  PROJECT_NAME,
  SITE_ADDRESS_LINE,
  type WhatsappQuickReply,
} from '@iconia/shared';
import { addDays, dayLabel, indiaDay } from '../format/india-day.ts';
import type { OutgoingContent } from './cloud-api.ts';

/** A day's visit slots with their room, as the visits feature answers them. */
export type SlotAvailability = (
  day: string,
  now: number,
) => ReadonlyArray<{ time: string; left: number; past: boolean }>;

/** How many free slots the buyer is offered, and how far ahead they are looked for. */
export const SLOTS_OFFERED = 3;
const DAYS_AHEAD = 14;

/** The next free site visit slots from now, at most three, over the coming two weeks. */
export function nextFreeSlots(availability: SlotAvailability, now: number): string[] {
  const found: string[] = [];
  const today = indiaDay(now);
  for (let ahead = 0; ahead < DAYS_AHEAD && found.length < SLOTS_OFFERED; ahead += 1) {
    const day = addDays(today, ahead);
    for (const slot of availability(day, now)) {
      if (found.length < SLOTS_OFFERED && slot.left > 0 && !slot.past) {
        found.push(`${dayLabel(day)}, ${slot.time}`);
      }
    }
  }
  return found;
}

/** The slots as the buyer reads them, or why there are none. */
export function slotsText(slots: readonly string[]): string {
  if (slots.length === 0) {
    return `No site visit slots at ${PROJECT_NAME} are free in the next two weeks; we will call you to find a time.`;
  }
  return [
    `The next free site visit slots at ${PROJECT_NAME}:`,
    ...slots.map((slot) => `- ${slot}`),
    'Reply with the one that suits you and we will book it.',
  ].join('\n');
}

/**
 * A quick reply as the conversation stores it: its kind and the words the desk shows. The
 * brochure is the one document and the site office the one location the desk sends, so the send
 * is built from the kind (`quickReplyContent`).
 */
export function quickReplyMessage(
  reply: WhatsappQuickReply,
  slots: () => readonly string[],
): { kind: 'document' | 'location' | 'text'; text: string } {
  if (reply === 'brochure') return { kind: 'document', text: BROCHURE.fileName };
  if (reply === 'location') return { kind: 'location', text: SITE_ADDRESS_LINE };
  return { kind: 'text', text: slotsText(slots()) };
}

/** The Cloud API's document or location message of a stored quick reply. */
export function quickReplyContent(kind: 'document' | 'location', siteUrl: string): OutgoingContent {
  if (kind === 'document') {
    return {
      type: 'document',
      link: new URL(BROCHURE.path, siteUrl).href,
      filename: BROCHURE.fileName,
    };
  }
  return {
    type: 'location',
    place: {
      latitude: OFFICE_ADDRESS.geo.latitude,
      longitude: OFFICE_ADDRESS.geo.longitude,
      name: OFFICE_ADDRESS.name,
      address: OFFICE_ADDRESS.lines.join(', '),
    },
  };
}
