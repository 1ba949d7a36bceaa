import { CliError, withStore } from '../cli-context.ts';
import type { Command } from '../command.ts';
import { leadState } from '../../reports/lead-stats.ts';
import { findLead } from '../find-lead.ts';
import { formatIndiaTime, shortId } from '../lead-display.ts';

export const resendCommand: Command = {
  name: 'resend',
  summary: 'Queue a lead for delivery to the sales inbox again',
  help: `Usage: pnpm leads resend <id>

Puts the lead back in the outbox, due now, whatever its status (sent, failed, duplicate,
spam or held).
The running server emails it within a few seconds; if it is stopped, it sends it when it starts.
<id> is the lead's id as the list shows it (its first 8 characters) or in full, as in the
lead email's "Lead ID" line.

The email keeps the lead's Message-ID, so mail programs thread it with the first copy. Some
services (Gmail among them) show a message whose Message-ID they already hold only once: if the
first copy is still in the mailbox, look for it there.

Options:
  -h, --help  Show this help
`,
  options: {},
  operands: { min: 1, max: 1 },
  async run(context, _values, [id = '']) {
    const message = await withStore(context, (store) => {
      const lead = findLead(store, id);
      const before = leadState(lead);
      const queued = store.requeueLead(lead.publicId, context.clock.now());
      if (!queued) throw new CliError(`The lead ${id} was deleted meanwhile.`);
      const was =
        before === 'sent' && lead.sentAt !== undefined
          ? `sent ${formatIndiaTime(lead.sentAt)}`
          : before;
      return [
        `Lead ${shortId(queued.publicId)} (${queued.name}, ${queued.kind === 'brochure' ? 'brochure request' : 'enquiry'}, received ${formatIndiaTime(queued.receivedAt)}; was ${was}) is queued for delivery.`,
        `It keeps its Message-ID ${queued.messageId}.`,
        'The running server emails it within a few seconds; "pnpm leads list --status pending" shows it until then.',
        '',
      ].join('\n');
    });
    context.out(message);
  },
};
