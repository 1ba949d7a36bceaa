import * as v from 'valibot';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import {
  AGENT_ALERT_KIND,
  MANAGER_ALERT_KIND,
  MANAGER_SUMMARY_KIND,
  agentAlertPayloadSchema,
  managerAlertPayloadSchema,
  managerSummaryPayloadSchema,
} from '../store/routing-alert-payloads.ts';
import { renderManagerSummaryEmail } from './manager-summary-email.ts';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { SALES_EMAIL_KIND } from '../store/outbox-store.ts';
import { SOURCE_ALERT_KIND, sourceAlertPayloadSchema } from '../store/source-health-schema.ts';
import { renderLeadEmail, type LeadEmail, type LeadEmailSettings } from './lead-email.ts';
import { renderAgentAlertEmail, renderManagerAlertEmail } from './routing-alert-email.ts';
import { renderSourceAlertEmail } from './source-alert-email.ts';
import type { Mailer } from './transport.ts';
import {
  VISIT_REMINDER_KIND,
  visitReminderPayloadSchema,
  type VisitLookup,
} from '../store/visit-schema.ts';
import { renderVisitReminderEmail } from './visit-reminder-email.ts';
import {
  WHATSAPP_WAITING_EMAIL_KIND,
  whatsappWaitingEmailSchema,
} from '../store/whatsapp-schema.ts';
import { renderWhatsappWaitingEmail } from './whatsapp-waiting-email.ts';
import { BROKER_NOTICE_KIND, brokerNoticePayloadSchema } from '../store/broker-schema.ts';
import { renderBrokerNoticeEmail } from './broker-notice-email.ts';

export interface EmailChannelOptions {
  /** The visits a reminder is about, read when it goes out (its owner may have changed). */
  visits?: VisitLookup;
  /** The buyers' names a managers' summary lists, read when it goes out (none once erased). */
  leadNames?: (leadIds: readonly number[]) => ReadonlyMap<number, string>;
  /** For the reminders' Date header. */
  now?: () => number;
}

/**
 * The sales inbox as an outbox channel: each message is one email, its id the Message-ID. The
 * managers' lead source alerts and routing's alerts go the same way, to the addresses their
 * message names.
 */
export function createEmailChannel(
  mailer: Mailer,
  settings: LeadEmailSettings,
  options: EmailChannelOptions = {},
): OutboxChannel {
  const { from, siteUrl } = settings;
  /** Each kind of message about no lead in particular: its payload's schema and its email. */
  const payloadEmails: Record<
    string,
    (payload: unknown, messageId: string) => LeadEmail | undefined
  > = {
    [SOURCE_ALERT_KIND]: (payload, messageId) =>
      withPayload(sourceAlertPayloadSchema, payload, (alert) =>
        renderSourceAlertEmail({ ...alert, messageId }, from),
      ),
    [AGENT_ALERT_KIND]: (payload, messageId) =>
      withPayload(agentAlertPayloadSchema, payload, (alert) =>
        renderAgentAlertEmail({ ...alert, messageId }, from, siteUrl),
      ),
    [MANAGER_ALERT_KIND]: (payload, messageId) =>
      withPayload(managerAlertPayloadSchema, payload, (alert) =>
        renderManagerAlertEmail({ ...alert, messageId }, from, siteUrl),
      ),
    [WHATSAPP_WAITING_EMAIL_KIND]: (payload, messageId) =>
      withPayload(whatsappWaitingEmailSchema, payload, (alert) =>
        renderWhatsappWaitingEmail({ ...alert, messageId }, from, siteUrl),
      ),
    [BROKER_NOTICE_KIND]: (payload, messageId) =>
      withPayload(brokerNoticePayloadSchema, payload, (notice) =>
        renderBrokerNoticeEmail({ ...notice, messageId }, from),
      ),
    [MANAGER_SUMMARY_KIND]: (payload, messageId) =>
      withPayload(managerSummaryPayloadSchema, payload, (summary) => {
        const leadIds = [
          ...summary.items.map((item) => item.leadId),
          ...summary.overdue.map((buyer) => buyer.leadId),
        ];
        const names = options.leadNames?.(leadIds) ?? new Map<number, string>();
        return renderManagerSummaryEmail({ ...summary, messageId }, names, from, siteUrl);
      }),
    [VISIT_REMINDER_KIND]: (payload, messageId) => {
      const reminder = v.safeParse(visitReminderPayloadSchema, payload);
      if (!reminder.success) return undefined;
      const visit = options.visits?.byId(reminder.output.visitId);
      // A visit moved, cancelled or checked in since drops its pending reminders in the same
      // transaction; one that still slips through (claimed that very moment) is not sent.
      if (visit?.status !== 'scheduled' || visit.revision !== reminder.output.revision) {
        return undefined;
      }
      return renderVisitReminderEmail(visit, reminder.output.which, {
        messageId,
        from,
        siteUrl,
        now: options.now?.() ?? Date.now(),
      });
    },
  };

  function compose({ kind, lead, messageId, payload }: Parameters<OutboxChannel['send']>[0]) {
    if (kind === SALES_EMAIL_KIND && lead) {
      return renderLeadEmail({ ...lead, messageId }, settings);
    }
    const email = payloadEmails[kind]?.(payload, messageId);
    if (email) return email;
    throw new UnsendableMessageError(EMAIL_CHANNEL, kind);
  }
  return {
    name: EMAIL_CHANNEL,
    messages: {
      sent: 'lead emailed',
      failed: 'lead email failed; will retry',
      dead: 'email given up',
      backlog:
        'leads are waiting too long for delivery; check the mail settings and the SMTP server',
    },
    async send(delivery) {
      const email: LeadEmail = compose(delivery);
      const { savedTo } = await mailer.send(email);
      return savedTo ? { savedTo } : {};
    },
  };
}

/** The email of a payload its schema accepts; undefined for one it refuses (never sendable). */
function withPayload<T>(
  schema: v.GenericSchema<unknown, T>,
  payload: unknown,
  render: (valid: T) => LeadEmail,
): LeadEmail | undefined {
  const parsed = v.safeParse(schema, payload);
  return parsed.success ? render(parsed.output) : undefined;
}
