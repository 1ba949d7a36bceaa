import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { SALES_EMAIL_KIND } from '../store/outbox-store.ts';
import { renderLeadEmail, type LeadEmailAddresses } from './lead-email.ts';
import type { Mailer } from './transport.ts';

/** The sales inbox as an outbox channel: each message is one email, its id the Message-ID. */
export function createEmailChannel(mailer: Mailer, addresses: LeadEmailAddresses): OutboxChannel {
  return {
    name: EMAIL_CHANNEL,
    messages: {
      sent: 'lead emailed',
      failed: 'lead email failed; will retry',
      dead: 'email given up',
      backlog:
        'leads are waiting too long for delivery; check the mail settings and the SMTP server',
    },
    async send({ kind, lead, messageId }) {
      if (kind !== SALES_EMAIL_KIND || !lead) throw new UnsendableMessageError(EMAIL_CHANNEL, kind);
      const { savedTo } = await mailer.send(renderLeadEmail({ ...lead, messageId }, addresses));
      return savedTo ? { savedTo } : {};
    },
  };
}
