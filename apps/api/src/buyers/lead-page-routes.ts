import type { Request } from 'express';
import {
  contactSchema,
  entryAnswerSchema,
  leadAnswerSchema,
  leadChangeSchema,
  leadViewSchema,
  noteSchema,
  type LeadAnswer,
  type TimelineEntry,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { MESSAGES } from '../desk/desk-error.ts';
import { pathId } from '../desk/desk-input.ts';
import type { BuyerStore } from './buyer-store.ts';
import { routeFor } from '../desk/route.ts';
import { toTimelineEntry } from './lead-json.ts';
import { leadView, type ResponseClock } from './lead-view.ts';
import {
  addNote,
  changeLead,
  CONTACT_TEXT,
  findLead,
  recordContact,
  type RoutingOfWork,
} from './lead-work.ts';

export interface LeadPageRouteDeps {
  store: BuyerStore;
  clock: Clock;
  routing: RoutingOfWork & ResponseClock;
  /** Called once a change queued a message for the CRM endpoints, so it goes out at once. */
  onQueued?: (() => void) | undefined;
}

const leadId = (req: Request): number => pathId(req, MESSAGES.leadNotFound);

const route = routeFor<LeadPageRouteDeps>();

/** A lead's page, and the work on its buyer: stage, follow-up, owner, notes, calls. */
export const leadPageRoutes = [
  route({
    method: 'get',
    path: '/leads/{id}',
    summary: 'A lead, its timeline and the other leads of its mobile',
    who: 'signed in',
    answer: { status: 200, description: 'The lead.', json: leadViewSchema },
    handle: ({ req }, { store, routing, clock }) =>
      leadView(store, routing, leadId(req), clock.now()),
  }),
  route({
    method: 'patch',
    path: '/leads/{id}',
    summary: 'Change the stage, follow-up or owner',
    who: 'signed in',
    description:
      'Agents work their own and unassigned leads; managers any lead. Booked and the site-visit stages follow their records and are refused (409) by hand, as is any stage change of a buyer with a booked plot until a manager cancels that booking.',
    body: leadChangeSchema,
    answer: { status: 200, description: 'The lead as it is now.', json: leadAnswerSchema },
    errors: [409],
    handle: ({ req, res, body }, { store, routing, clock, onQueued }): LeadAnswer => {
      const lead = findLead(store, leadId(req));
      if (changeLead(store, routing, currentUser(res), lead, body, clock.now())) onQueued?.();
      return { lead: leadView(store, routing, lead.id, clock.now()).lead };
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/notes',
    summary: 'Add a note',
    who: 'signed in',
    body: noteSchema,
    answer: { status: 201, description: 'The timeline entry.', json: entryAnswerSchema },
    errors: [409],
    handle: ({ req, res, body: { text: note } }, { store, clock }): { entry: TimelineEntry } => {
      const lead = findLead(store, leadId(req));
      const user = currentUser(res);
      const now = clock.now();
      addNote(store, user, lead, note, now);
      return {
        entry: toTimelineEntry({
          at: now,
          type: 'note',
          actor_id: user.id,
          actor_name: user.name,
          text: '',
          detail: note,
          lead_id: lead.id,
        }),
      };
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/contacts',
    summary: 'Record a call or a WhatsApp message',
    who: 'signed in',
    body: contactSchema,
    answer: { status: 201, description: 'The timeline entry.', json: entryAnswerSchema },
    errors: [409],
    handle: ({ req, res, body: { channel } }, { store, routing, clock }) => {
      const lead = findLead(store, leadId(req));
      const user = currentUser(res);
      const now = clock.now();
      recordContact(store, routing, user, lead, channel, now);
      const entry: TimelineEntry = toTimelineEntry({
        at: now,
        type: 'contact',
        actor_id: user.id,
        actor_name: user.name,
        text: CONTACT_TEXT[channel],
        detail: null,
        lead_id: lead.id,
      });
      return { entry };
    },
  }),
];
