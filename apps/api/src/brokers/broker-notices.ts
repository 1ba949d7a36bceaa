import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { createOutboxStatements } from '../store/outbox-store.ts';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { BROKER_NOTICE_KIND, type BrokerNoticePayload } from '../store/broker-schema.ts';

export interface NoticeSettings {
  /** The site's public address, which the emails' links start with. */
  siteUrl: string;
  messageIdDomain: string;
  /** Wakes the email worker once a notice is queued. */
  wakeEmail?: (() => void) | undefined;
}

/**
 * The channel partners' emails, queued in the outbox in the caller's transaction (so a refused
 * change sends nothing and a restart loses none): to a broker, or to every active manager.
 */
export function createBrokerNotices(db: Database.Database, settings: NoticeSettings) {
  const outbox = createOutboxStatements(db);
  const managers = db.prepare<[], { name: string; email: string }>(
    `SELECT name, email FROM desk_users WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id`,
  );

  function queue(payload: BrokerNoticePayload): void {
    outbox.queue({
      messageId: `<broker-${randomUUID()}@${settings.messageIdDomain}>`,
      channel: EMAIL_CHANNEL,
      kind: BROKER_NOTICE_KIND,
      payload,
      dueAt: payload.at,
    });
  }

  return {
    siteUrl: settings.siteUrl,
    toBroker(
      broker: { person: string; email: string },
      notice: Omit<BrokerNoticePayload, 'to'>,
    ): void {
      queue({ ...notice, to: [{ name: broker.person, address: broker.email }] });
    },
    /** Nothing is queued when no manager account is active: the desk shows the same. */
    toManagers(notice: Omit<BrokerNoticePayload, 'to'>): void {
      const to = managers.all().map((manager) => ({ name: manager.name, address: manager.email }));
      if (to.length > 0) queue({ ...notice, to });
    },
    /** After the transaction that queued notices commits. */
    wake(): void {
      settings.wakeEmail?.();
    },
  };
}

export type BrokerNotices = ReturnType<typeof createBrokerNotices>;
