import type Database from 'better-sqlite3';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import {
  WHATSAPP_CHANNEL,
  WHATSAPP_WAITING_EMAIL_KIND,
  WHATSAPP_WAITING_KIND,
  type WhatsappWaitingEmail,
  type WhatsappWaitingPayload,
} from '../store/whatsapp-schema.ts';
import { createPushStore } from '../push/index.ts';
import { workingDueAt, type WorkingHours } from '../routing/index.ts';
import { MESSAGE_KIND_WORDS } from './conversation.ts';
import type { WhatsappStore } from './whatsapp-store.ts';

/** How long a buyer's WhatsApp message may wait for a reply before its owner is alerted. */
export const WAITING_ALERT_MINUTES = 5;

/** Longest piece of the buyer's first message an alert email quotes. */
const SAID_MAX_LENGTH = 160;

export interface WaitingAlertOptions {
  /** The routing settings' working hours, read when a streak begins. */
  hours: () => WorkingHours;
  /** Of the alert emails' Message-IDs. */
  messageIdDomain: string;
}

interface BuyerToTell {
  leadId: number;
  name: string;
  mobile: string;
  status: string;
  erased: number;
  ownerId: number | null;
  ownerName: string | null;
  ownerEmail: string | null;
}

export type WaitingOutcome = 'answered' | 'owner alerted' | 'managers alerted' | 'nobody to tell';

/**
 * The alert when a buyer's WhatsApp message waits too long: when a message begins a waiting
 * streak, a step is queued in the same write, due 5 working minutes later; when it comes due and
 * that message still waits (nobody on the desk has written to the buyer since), the owner gets one
 * email and one push on each device, or the managers when the buyer has no owner. The step and
 * its messages carry ids of their own: a restart or a second run alerts no one twice, and a new
 * streak after a reply can alert again.
 */
export function createWaitingAlerts(
  db: Database.Database,
  store: Pick<WhatsappStore, 'firstWaiting'>,
  options: WaitingAlertOptions,
) {
  const outbox = createOutboxStatements(db);
  const pushes = createPushStore(db);
  const buyer = db.prepare<[number], BuyerToTell>(
    `SELECT l.id AS leadId, l.name, l.mobile, l.status, w.erased_at IS NOT NULL AS erased,
            u.id AS ownerId, u.name AS ownerName, u.email AS ownerEmail
     FROM buyers w JOIN leads l ON l.id = w.latest_lead_id
     LEFT JOIN desk_users u ON u.id = w.owner_id AND u.disabled_at IS NULL
     WHERE w.id = ?`,
  );
  const managers = db.prepare<[], { name: string; address: string }>(
    `SELECT name, email AS address FROM desk_users
     WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id`,
  );

  return {
    /** In the write that stored the buyer's message `messageId`: a new streak starts the clock. */
    onIncoming(buyerId: number, leadId: number | null, messageId: number, receivedAt: number) {
      if (store.firstWaiting(buyerId)?.id !== messageId) return;
      const payload: WhatsappWaitingPayload = { buyerId, message: messageId };
      outbox.queueOnce({
        messageId: `whatsapp-waiting:${messageId}`,
        channel: WHATSAPP_CHANNEL,
        kind: WHATSAPP_WAITING_KIND,
        leadId: leadId ?? undefined,
        payload,
        dueAt: workingDueAt(receivedAt, WAITING_ALERT_MINUTES, options.hours()),
      });
    },

    /** The step come due: tells the owner (or the managers) if the message still waits. */
    runDue: db.transaction((due: WhatsappWaitingPayload, now: number): WaitingOutcome => {
      const streak = store.firstWaiting(due.buyerId);
      if (streak?.id !== due.message) return 'answered';
      const tell = buyer.get(due.buyerId);
      if (!tell || tell.erased || tell.status === 'test') return 'nobody to tell';
      const owner =
        tell.ownerId !== null && tell.ownerEmail !== null
          ? { id: tell.ownerId, name: tell.ownerName ?? '', address: tell.ownerEmail }
          : undefined;
      const to = owner ? [{ name: owner.name, address: owner.address }] : managers.all();
      if (to.length === 0) return 'nobody to tell';
      const words = streak.text ?? MESSAGE_KIND_WORDS[streak.kind];
      const email: WhatsappWaitingEmail = {
        to,
        toManagers: !owner,
        leadId: tell.leadId,
        name: tell.name,
        mobile: tell.mobile,
        said: words.length > SAID_MAX_LENGTH ? `${words.slice(0, SAID_MAX_LENGTH)}…` : words,
        waiting: streak.waiting,
        since: streak.at,
        minutes: WAITING_ALERT_MINUTES,
      };
      outbox.queueOnce({
        messageId: `<whatsapp-waiting-${due.message}@${options.messageIdDomain}>`,
        channel: EMAIL_CHANNEL,
        kind: WHATSAPP_WAITING_EMAIL_KIND,
        leadId: tell.leadId,
        payload: email,
        dueAt: now,
      });
      const push = {
        alertId: `whatsapp-waiting-${due.message}`,
        leadId: tell.leadId,
        alert: { kind: 'whatsapp' as const, minutes: WAITING_ALERT_MINUTES },
        dueAt: now,
      };
      if (owner) pushes.queueToUser(owner.id, push);
      else pushes.queueToManagers(push);
      return owner ? 'owner alerted' : 'managers alerted';
    }),
  };
}

export type WaitingAlerts = ReturnType<typeof createWaitingAlerts>;
