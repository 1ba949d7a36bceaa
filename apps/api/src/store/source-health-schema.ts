import { SOURCE_CONDITIONS } from '@iconia/shared';
import * as v from 'valibot';

/**
 * The alerts raised about the lead sources (their queries: `sources/source-health-store.ts`), and
 * the outbox's email that tells the managers of one, which the email channel sends.
 */

/** The email to the managers about a source that went quiet, fails, or recovered. */
export const SOURCE_ALERT_KIND = 'source-alert';

const address = v.object({ name: v.string(), address: v.string() });

/** The payload of a `source-alert` message: everything its email says, fixed when queued. */
export const sourceAlertPayloadSchema = v.object({
  to: v.pipe(v.array(address), v.minLength(1)),
  origin: v.string(),
  label: v.string(),
  condition: v.picklist(SOURCE_CONDITIONS),
  /** False for the alert, true for the one email on recovery. */
  recovered: v.boolean(),
  /** Why, in a sentence: what was seen, or what ended it. */
  reason: v.string(),
  /** When the alert was raised; for a recovery, when the alert it ends was. */
  raisedAt: v.number(),
  at: v.number(),
  lastLeadAt: v.nullable(v.number()),
});
export type SourceAlertPayload = v.InferOutput<typeof sourceAlertPayloadSchema>;

export const SOURCE_HEALTH_MIGRATION = `
  CREATE TABLE source_alerts (
    origin    TEXT    NOT NULL,
    condition TEXT    NOT NULL CHECK (condition IN ('quiet', 'failing')),
    raised_at INTEGER NOT NULL,
    reason    TEXT    NOT NULL,
    PRIMARY KEY (origin, condition)
  ) STRICT;
`;
