import { CliError, UsageError, withStore } from '../cli-context.ts';
import { stringOption, type Command } from '../command.ts';
import { leadState } from '../../format/lead-stats.ts';
import { findLeadToSend } from '../find-lead.ts';
import { formatIndiaTime, shortId } from '../lead-display.ts';
import { endpointLabel } from '../../config/webhook-config.ts';
import { leadCreatedRoute } from '../../webhooks/webhook-channel.ts';

export const resendCommand: Command = {
  name: 'resend',
  summary: 'Queue a lead for delivery to the sales inbox (or the webhooks) again',
  help: `Usage: pnpm leads resend <id> [--channel email|webhook]

Puts the lead back in the outbox, due now, whatever its status (sent, failed, duplicate,
spam or held).
The running server emails it within a few seconds; if it is stopped, it sends it when it starts.
<id> is the lead's id as the list shows it (its first 8 characters) or in full, as in the
lead email's "Lead ID" line.

The email keeps the lead's Message-ID, so mail programs thread it with the first copy. Some
services (Gmail among them) show a message whose Message-ID they already hold only once: if the
first copy is still in the mailbox, look for it there.

With --channel webhook the lead is posted again to every endpoint in WEBHOOK_URL instead, with
the same webhook-id as before and a fresh day of retries; "pnpm leads list --webhook dead" lists
the leads whose post was given up.

Options:
  --channel <name>  email (the default) or webhook
  -h, --help        Show this help
`,
  options: { channel: { type: 'string' } },
  operands: { min: 1, max: 1 },
  async run(context, values, [id = '']) {
    const channel = stringOption(values, 'channel') ?? 'email';
    if (channel !== 'email' && channel !== 'webhook') {
      throw new UsageError(`--channel must be email or webhook (got "${channel}").`);
    }
    const endpoints = channel === 'webhook' ? webhookEndpoints(context.config().webhooks) : [];
    const message = await withStore(context, (store) => {
      const lead = findLeadToSend(store, id);
      const before = leadState(lead);
      const routes = channel === 'email' ? [undefined] : endpoints.map(leadCreatedRoute);
      let queued = lead;
      for (const route of routes) {
        const requeued = store.requeueLead(lead.publicId, context.clock.now(), route);
        if (!requeued) throw new CliError(`The lead ${id} was deleted meanwhile.`);
        queued = requeued;
      }
      const was =
        before === 'sent' && lead.sentAt !== undefined
          ? `sent ${formatIndiaTime(lead.sentAt)}`
          : before;
      const described = `Lead ${shortId(queued.publicId)} (${queued.name}, ${queued.kind === 'brochure' ? 'brochure request' : 'enquiry'}, received ${formatIndiaTime(queued.receivedAt)}`;
      if (channel === 'webhook') {
        return [
          `${described}) is queued for posting to ${endpoints.map(endpointLabel).join(', ')}.`,
          'The running server posts it within a few seconds; "pnpm leads list --webhook pending" shows it until then.',
          '',
        ].join('\n');
      }
      return [
        `${described}; was ${was}) is queued for delivery.`,
        `It keeps its Message-ID ${queued.messageId}.`,
        'The running server emails it within a few seconds; "pnpm leads list --status pending" shows it until then.',
        '',
      ].join('\n');
    });
    context.out(message);
  },
};

function webhookEndpoints(settings: { endpoints: string[] } | undefined): string[] {
  if (!settings) {
    throw new CliError(
      'No webhook is configured: set WEBHOOK_URL and WEBHOOK_SECRET as the server has them.',
    );
  }
  return settings.endpoints;
}
