import * as v from 'valibot';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { SALES_EMAIL_KIND } from '../store/outbox-store.ts';
import { SOURCE_ALERT_KIND, sourceAlertPayloadSchema } from '../store/source-health-store.ts';
import { renderLeadEmail, type LeadEmail, type LeadEmailAddresses } from './lead-email.ts';
import { renderSourceAlertEmail } from './source-alert-email.ts';
import type { Mailer } from './transport.ts';

/**
 * The sales inbox as an outbox channel: each message is one email, its id the Message-ID. The
 * managers' lead source alerts go the same way, to the addresses their message names.
 */
export function createEmailChannel(mailer: Mailer, addresses: LeadEmailAddresses): OutboxChannel {
  function compose({ kind, lead, messageId, payload }: Parameters<OutboxChannel['send']>[0]) {
    if (kind === SALES_EMAIL_KIND && lead) {
      return renderLeadEmail({ ...lead, messageId }, addresses);
    }
    if (kind === SOURCE_ALERT_KIND) {
      const alert = v.safeParse(sourceAlertPayloadSchema, payload);
      if (alert.success) {
        return renderSourceAlertEmail({ ...alert.output, messageId }, addresses.from);
      }
    }
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
