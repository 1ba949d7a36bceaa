import { CliError, withStore } from '../cli-context.ts';
import type { Command } from '../command.ts';
import { findLeadToSend } from '../find-lead.ts';
import { formatIndiaTime, shortId } from '../lead-display.ts';
import { createRouting, releaseHeldLead, routingOptionsOf } from '../../routing/index.ts';
import { leadCreatedRoute } from '../../webhooks/webhook-channel.ts';

export const releaseCommand: Command = {
  name: 'release',
  summary: 'Send a held lead (one over the rate limit) to the sales inbox',
  help: `Usage: pnpm leads release <id>

A lead that came in over the per-address rate limit is stored as held and not emailed
("pnpm leads list --status held" lists them). Releasing one puts it in the outbox, due now; the
running server emails it within a few seconds, or when it next starts; with WEBHOOK_URL set, it
is posted to the webhooks too. Its buyer is then routed like a new lead: to the next person on
duty in turn (or their owner), or left waiting until someone is.
<id> is the lead's id as the list shows it (its first 8 characters) or in full.

Options:
  -h, --help  Show this help
`,
  options: {},
  operands: { min: 1, max: 1 },
  async run(context, _values, [id = '']) {
    const message = await withStore(context, (store) => {
      const lead = findLeadToSend(store, id);
      if (lead.status !== 'held') {
        throw new CliError(
          `The lead ${shortId(lead.publicId)} is not held (it is ${lead.status}); "pnpm leads resend ${shortId(lead.publicId)}" sends it again.`,
        );
      }
      const config = context.config();
      const queued = releaseHeldLead(
        store,
        createRouting(store.db, routingOptionsOf(config)),
        lead,
        context.clock.now(),
        (config.webhooks?.endpoints ?? []).map(leadCreatedRoute),
      );
      if (!queued) throw new CliError(`The lead ${id} was deleted meanwhile.`);
      return [
        `Lead ${shortId(queued.publicId)} (${queued.name}, ${queued.kind === 'brochure' ? 'brochure request' : 'enquiry'}, received ${formatIndiaTime(queued.receivedAt)}) is released and queued for delivery.`,
        'The running server emails it within a few seconds; "pnpm leads list --status pending" shows it until then.',
        '',
      ].join('\n');
    });
    context.out(message);
  },
};
