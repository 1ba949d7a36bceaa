import { VISIT_STAGES } from '@iconia/shared';
import { formatIndiaTime } from '../format/lead-format.ts';
import { DeskError, MESSAGES } from '../desk/desk-error.ts';
import type { BuyerStore } from './buyer-store.ts';
import type { InboxRow } from './inbox-queries.ts';
import type { NewEvent } from './timeline-queries.ts';
import type { WorkRow } from './work-queries.ts';
import {
  STAGE_LABELS,
  STAGE_RANK,
  type ContactChannel,
  type DeskUser,
  type Stage,
} from '../desk/desk-types.ts';

/** Routing's part of the desk's writes, run in the same transaction. */
export interface RoutingOfWork {
  /** A call, a WhatsApp tap or a stage change: the buyer's current assignment is answered. */
  answered(buyerId: number, at: number): void;
  /** Someone chose the buyer's owner by hand: the running clock ends. */
  ownerChosen(buyerId: number, leadId: number, ownerId: number | null, at: number): void;
}

export interface LeadChange {
  stage?: Stage;
  lostReason?: string;
  followUpAt?: number | null;
  ownerId?: number | null;
}

/** The work of a buyer nobody has touched yet. */
export const NEW_WORK: WorkRow = {
  stage: 'new',
  furthest_stage: 0,
  owner_id: null,
  follow_up_at: null,
  lost_reason: null,
  first_contact_at: null,
  first_contact_by: null,
};

/** Booked follows the record: a plot's booking approved by a manager, never a hand-set stage. */
export const BOOKED_BY_HAND =
  'A buyer becomes Booked when a manager approves the booking of a plot held for them; request the booking from the Plots screen.';

/** A booked buyer's stage stays Booked until a manager cancels the booking on the plot's page. */
export function bookedPlotRefusal(plotNumber: string): string {
  return `Plot ${plotNumber} is booked for this buyer; a manager cancels the booking on the plot's page before their stage can change.`;
}

function isVisitStage(stage: Stage): boolean {
  return (VISIT_STAGES as readonly Stage[]).includes(stage);
}

export function findLead(store: BuyerStore, id: number): InboxRow {
  const lead = store.leadById(id);
  if (!lead) throw new DeskError(404, MESSAGES.leadNotFound);
  return lead;
}

/** Agents work their own leads and unassigned ones; managers work every lead. */
export function assertMayWork(user: DeskUser, lead: InboxRow): void {
  if (user.role === 'manager') return;
  if (lead.owner_id !== null && lead.owner_id !== user.id) {
    throw new DeskError(403, MESSAGES.notYourLead);
  }
}

function assertNotErased(lead: InboxRow): void {
  if (lead.erased_at !== null) {
    throw new DeskError(409, "This lead's personal data was erased; it can no longer be worked.");
  }
}

/** The first contact is the first call, WhatsApp message or move out of New, by whoever did it. */
function withFirstContact(work: WorkRow, user: DeskUser, now: number): WorkRow {
  return work.first_contact_at === null
    ? { ...work, first_contact_at: now, first_contact_by: user.id }
    : work;
}

/** Applies the change to the lead's buyer; returns whether their stage or owner changed. */
export function changeLead(
  store: BuyerStore,
  routing: RoutingOfWork,
  user: DeskUser,
  lead: InboxRow,
  change: LeadChange,
  now: number,
): boolean {
  assertMayWork(user, lead);
  assertNotErased(lead);
  let work: WorkRow = store.workOf(lead.id) ?? NEW_WORK;
  const events: NewEvent[] = [];
  const changed: Array<'stage' | 'owner'> = [];
  const event = (type: NewEvent['type'], text: string, detail?: string): void => {
    events.push({ type, actorId: user.id, text, ...(detail !== undefined ? { detail } : {}) });
  };

  if (change.ownerId !== undefined && change.ownerId !== work.owner_id) {
    if (user.role === 'agent' && !(change.ownerId === user.id && work.owner_id === null)) {
      throw new DeskError(403, 'An agent can only take an unassigned lead for themselves.');
    }
    let ownerName = 'nobody';
    if (change.ownerId !== null) {
      const owner = store.userById(change.ownerId);
      if (!owner || owner.disabled_at !== null) {
        throw new DeskError(400, 'The new owner must be an active account.');
      }
      ownerName = owner.name;
    }
    work = { ...work, owner_id: change.ownerId };
    changed.push('owner');
    event('owner', change.ownerId === user.id ? `Took the lead` : `Assigned to ${ownerName}`);
  }

  if (change.stage !== undefined && change.stage !== work.stage) {
    if (change.stage === 'booked') throw new DeskError(409, BOOKED_BY_HAND);
    const bookedPlot = store.bookedPlotOf(lead.buyer_id);
    if (bookedPlot !== undefined) throw new DeskError(409, bookedPlotRefusal(bookedPlot));
    if (isVisitStage(change.stage)) {
      throw new DeskError(
        409,
        `"${STAGE_LABELS[change.stage]}" follows the buyer's site visits: book the visit, or mark it done on the Visits screen.`,
      );
    }
    if (change.stage === 'lost') {
      const reason = change.lostReason?.trim() ?? '';
      if (reason === '') throw new DeskError(400, 'A lost lead needs a reason.');
      work = { ...work, lost_reason: reason };
    } else {
      work = {
        ...work,
        lost_reason: null,
        furthest_stage: Math.max(work.furthest_stage, STAGE_RANK[change.stage]),
      };
      if (change.stage !== 'new') work = withFirstContact(work, user, now);
    }
    event(
      'stage',
      `Stage changed from ${STAGE_LABELS[work.stage]} to ${STAGE_LABELS[change.stage]}`,
      change.stage === 'lost' ? (work.lost_reason ?? '') : undefined,
    );
    work = { ...work, stage: change.stage };
    changed.push('stage');
  } else if (change.lostReason !== undefined && work.stage === 'lost') {
    const reason = change.lostReason.trim();
    if (reason === '') throw new DeskError(400, 'A lost lead needs a reason.');
    if (reason !== work.lost_reason) {
      work = { ...work, lost_reason: reason };
      event('stage', 'Reason for Lost changed', reason);
    }
  }

  if (change.followUpAt !== undefined && change.followUpAt !== work.follow_up_at) {
    work = { ...work, follow_up_at: change.followUpAt };
    event(
      'follow_up',
      change.followUpAt === null
        ? 'Follow-up cleared'
        : `Follow-up set for ${formatIndiaTime(change.followUpAt)}`,
    );
  }

  if (events.length > 0) {
    store.transaction(() => {
      store.saveWork(lead.id, work, now, events);
      // The CRM endpoints hear of a new stage or owner in the same transaction.
      store.announceBuyerChange(lead.id, changed, now);
      if (changed.includes('owner')) {
        routing.ownerChosen(lead.buyer_id, lead.id, work.owner_id, now);
      }
      // Any stage change counts as the buyer answered, Lost included.
      if (changed.includes('stage')) routing.answered(lead.buyer_id, now);
    });
  }
  return changed.length > 0;
}

export function addNote(
  store: BuyerStore,
  user: DeskUser,
  lead: InboxRow,
  text: string,
  now: number,
): void {
  assertMayWork(user, lead);
  assertNotErased(lead);
  store.addEvent(lead.id, now, { type: 'note', actorId: user.id, text: '', detail: text });
}

export const CONTACT_TEXT: Record<ContactChannel, string> = {
  call: 'Called',
  whatsapp: 'Opened WhatsApp',
};

export function recordContact(
  store: BuyerStore,
  routing: RoutingOfWork,
  user: DeskUser,
  lead: InboxRow,
  channel: ContactChannel,
  now: number,
): void {
  assertMayWork(user, lead);
  assertNotErased(lead);
  const work = withFirstContact(store.workOf(lead.id) ?? NEW_WORK, user, now);
  store.transaction(() => {
    store.saveWork(lead.id, work, now, [
      { type: 'contact', actorId: user.id, text: CONTACT_TEXT[channel] },
    ]);
    routing.answered(lead.buyer_id, now);
  });
}

/**
 * A message the buyer's owner sent them (on WhatsApp, from the desk) answers their clock as a
 * call does, and the first one to the buyer is the first contact. Joins the caller's transaction.
 */
export function recordOwnerMessage(
  store: BuyerStore,
  routing: RoutingOfWork,
  user: DeskUser,
  lead: InboxRow,
  text: string,
  now: number,
): void {
  if (lead.owner_id !== user.id) return;
  const work = store.workOf(lead.id) ?? NEW_WORK;
  store.transaction(() => {
    if (work.first_contact_at === null) {
      store.saveWork(lead.id, withFirstContact(work, user, now), now, [
        { type: 'contact', actorId: user.id, text },
      ]);
    }
    routing.answered(lead.buyer_id, now);
  });
}
