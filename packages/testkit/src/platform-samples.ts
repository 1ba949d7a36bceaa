import { readFileSync } from 'node:fs';

/** The platforms' own sample bodies kept in `samples/` (its README says where each came from). */
export type PlatformSample =
  | 'google-ads-sample-1.json'
  | 'google-ads-sample-2.json'
  | 'google-ads-sample-3.json'
  | 'google-ads-send-test-data.json'
  | 'meta-leadgen-numeric-ids.json'
  | 'meta-testing-tool-lead.json'
  | 'whatsapp-text-message.json'
  | 'whatsapp-status-delivered.json'
  | 'whatsapp-unsupported-message.json';

/** A sample's bytes exactly as kept, to send unchanged. */
export function platformSample(file: PlatformSample): string {
  return readFileSync(new URL(`../samples/${file}`, import.meta.url), 'utf8');
}
