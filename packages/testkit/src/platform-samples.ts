import { readFileSync } from 'node:fs';

/** The platforms' own sample bodies kept in `samples/` (its README says where each came from). */
export type PlatformSample =
  | 'google-ads-sample-1.json'
  | 'google-ads-sample-2.json'
  | 'google-ads-sample-3.json'
  | 'google-ads-send-test-data.json'
  | 'meta-leadgen-numeric-ids.json'
  | 'meta-testing-tool-lead.json'
  | 'whatsapp-contacts.json'
  | 'whatsapp-document.json'
  | 'whatsapp-image.json'
  | 'whatsapp-interactive-button-reply.json'
  | 'whatsapp-interactive-list-reply.json'
  | 'whatsapp-location.json'
  | 'whatsapp-reaction.json'
  | 'whatsapp-referral.json'
  | 'whatsapp-status-delivered.json'
  | 'whatsapp-status-failed.json'
  | 'whatsapp-status-read.json'
  | 'whatsapp-status-sent.json'
  | 'whatsapp-template-quick-reply.json'
  | 'whatsapp-text.json'
  | 'whatsapp-unsupported.json';

/** A sample's bytes exactly as kept, to send unchanged. */
export function platformSample(file: PlatformSample): string {
  return readFileSync(new URL(`../samples/${file}`, import.meta.url), 'utf8');
}
