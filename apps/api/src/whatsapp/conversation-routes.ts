import {
  clearOptOutSchema,
  deskIdSchema,
  whatsappConversationSchema,
  whatsappMessageAnswerSchema,
  whatsappQuickReplySchema,
  whatsappReplySchema,
  whatsappTemplateSendSchema,
} from '@iconia/shared';
import type { Request } from 'express';
import * as v from 'valibot';
import { findLead, type BuyerStore } from '../buyers/index.ts';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError, MESSAGES } from '../desk/desk-error.ts';
import { pathId } from '../desk/desk-input.ts';
import { routeFor } from '../desk/route.ts';
import { setOwnPolicy } from '../format/own-policy.ts';
import type { Logger } from '../logger.ts';
import type { Conversation } from './conversation.ts';

export interface ConversationRouteDeps {
  conversation: Conversation;
  store: BuyerStore;
  clock: Clock;
  logger: Logger;
}

const route = routeFor<ConversationRouteDeps>();

const leadOf = (req: Request, store: BuyerStore) =>
  findLead(store, pathId(req, MESSAGES.leadNotFound));

const SENT = {
  status: 201,
  description: 'The message, queued to go at once.',
  json: whatsappMessageAnswerSchema,
};

/** A buyer's WhatsApp conversation, read and written by whoever may work the buyer. */
export const conversationRoutes = [
  route({
    method: 'get',
    path: '/leads/{id}/whatsapp',
    summary: "The buyer's WhatsApp conversation",
    who: 'signed in',
    description:
      'Every message to and from the buyer behind the lead, oldest first, with the status WhatsApp last reported; whether the 24-hour window for free text is open, and whether the buyer opted out.',
    answer: { status: 200, description: 'The conversation.', json: whatsappConversationSchema },
    handle: ({ req, res }, { conversation, store, clock }) =>
      conversation.view(currentUser(res), leadOf(req, store), clock.now()),
  }),
  route({
    method: 'get',
    path: '/leads/{id}/whatsapp/media/{messageId}',
    summary: 'A file the buyer sent on WhatsApp',
    who: 'signed in',
    description:
      "The image or document of one of the buyer's messages, as it was fetched from WhatsApp's media endpoint (types: JPEG, PNG, WebP, PDF, Ogg audio, MP4 video; at most 16 MB). Sent with its content type, as an attachment, with `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy. 404 when the message is not the buyer's or has no file kept.",
    answer: {
      status: 200,
      description: 'The file.',
      content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    },
    handle: async ({ req, res }, { conversation, store }) => {
      const messageId = v.safeParse(deskIdSchema, req.params.messageId);
      if (!messageId.success) throw new DeskError(404, 'This message has no file the desk keeps.');
      const user = currentUser(res);
      const file = await conversation.mediaFile(user, leadOf(req, store), messageId.output);
      // A buyer's PDF never runs as a page of the desk's origin, even opened on its own.
      setOwnPolicy(res, "sandbox; default-src 'none'; frame-ancestors 'none'");
      res
        .status(200)
        .set('Content-Type', file.type)
        .set('Content-Disposition', `attachment; filename="${file.name}"`)
        .set('X-Content-Type-Options', 'nosniff')
        .send(file.bytes);
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/whatsapp/replies',
    summary: 'Reply to the buyer on WhatsApp in free text',
    who: 'signed in',
    description:
      "Only within 24 hours of the buyer's last message, and never to a buyer who opted out (409); 503 when WhatsApp is not set up. The owner's message answers their first-response clock as a call does.",
    body: whatsappReplySchema,
    answer: SENT,
    errors: [409, 503],
    handle: ({ req, res, body: { text } }, { conversation, store, clock, logger }) => {
      const user = currentUser(res);
      const message = conversation.reply(user, leadOf(req, store), text, clock.now());
      logger.info({ userId: user.id, messageId: message.id }, 'whatsapp reply queued');
      return { message };
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/whatsapp/quick-replies',
    summary: 'Send the buyer the brochure, the site’s location or the next free visit slots',
    who: 'signed in',
    description:
      "The brochure PDF as a document (its public link under SITE_URL), the site office as a location pin, or the next three free site visit slots as text. Like a reply: only within 24 hours of the buyer's last message, never to a buyer who opted out (409); 503 when WhatsApp is not set up.",
    body: whatsappQuickReplySchema,
    answer: SENT,
    errors: [409, 503],
    handle: ({ req, res, body: { reply } }, { conversation, store, clock, logger }) => {
      const user = currentUser(res);
      const message = conversation.quickReply(user, leadOf(req, store), reply, clock.now());
      logger.info({ userId: user.id, messageId: message.id, reply }, 'whatsapp quick reply queued');
      return { message };
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/whatsapp/templates',
    summary: 'Send the buyer an approved WhatsApp template',
    who: 'signed in',
    description:
      'At any time, inside the 24-hour window or not; never to a buyer who opted out (409); 503 when WhatsApp is not set up.',
    body: whatsappTemplateSendSchema,
    answer: SENT,
    errors: [409, 503],
    handle: ({ req, res, body }, { conversation, store, clock, logger }) => {
      const user = currentUser(res);
      const lead = leadOf(req, store);
      const message = conversation.sendTemplate(
        user,
        lead,
        body.template,
        body.detail,
        clock.now(),
      );
      logger.info({ userId: user.id, messageId: message.id }, 'whatsapp template queued');
      return { message };
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/whatsapp/opt-out/clear',
    summary: "Clear the buyer's WhatsApp opt-out on their written request",
    who: 'manager',
    description:
      "The buyer's written request is recorded as the reason, on the buyer's timeline. 409 when the buyer has not opted out.",
    body: clearOptOutSchema,
    answer: { status: 204, description: 'Cleared: messages may go to the buyer again.' },
    errors: [409],
    handle: ({ req, res, body: { reason } }, { conversation, store, clock, logger }) => {
      const user = currentUser(res);
      conversation.clearOptOut(user, leadOf(req, store), reason, clock.now());
      logger.info({ userId: user.id }, 'whatsapp opt-out cleared');
    },
  }),
];
