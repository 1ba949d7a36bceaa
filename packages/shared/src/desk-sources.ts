import * as v from 'valibot';
import { count, text, time } from './desk-fields.ts';

/* The lead sources as the desk shows them: partner sources and the health of every source. */

/** A partner or portal that pushes leads to `/intake/partners/<name>`; never its secret. */
export const partnerSourceSchema = v.object({
  name: text,
  disabled: v.pipe(v.boolean(), v.description('A disabled source is refused (403).')),
  createdAt: time,
  rotatedAt: v.nullable(time),
  previousSecretUntil: v.pipe(
    v.nullable(time),
    v.description('Until when the secret before the last rotation is still accepted.'),
  ),
});
export type PartnerSource = v.InferOutput<typeof partnerSourceSchema>;

export const partnerSourcesAnswerSchema = v.object({ sources: v.array(partnerSourceSchema) });
export type PartnerSourcesAnswer = v.InferOutput<typeof partnerSourcesAnswerSchema>;

export const partnerSourceAnswerSchema = v.object({ source: partnerSourceSchema });
export type PartnerSourceAnswer = v.InferOutput<typeof partnerSourceAnswerSchema>;

/** A new or rotated source: the only answer that carries its secret, shown once. */
export const partnerSecretAnswerSchema = v.object({
  source: partnerSourceSchema,
  secret: v.pipe(
    text,
    v.description('`whsec_` and the base64 of the key (Standard Webhooks); not shown again.'),
  ),
});
export type PartnerSecretAnswer = v.InferOutput<typeof partnerSecretAnswerSchema>;

/** A property portal the server polls; its login is never shown, only that one is set. */
export const portalSourceSchema = v.object({
  name: text,
  portal: v.pipe(text, v.description('99acres, housing or magicbricks.')),
  portalLabel: v.pipe(text, v.description('How people name the portal.')),
  url: v.pipe(text, v.description("The portal's endpoint the source is polled at.")),
  disabled: v.pipe(v.boolean(), v.description('A disabled source is not polled.')),
  createdAt: time,
  lastSuccessAt: v.nullable(time),
  failingSince: v.nullable(time),
  lastError: v.pipe(v.nullable(text), v.description("The portal's last error in words.")),
});
export type PortalSource = v.InferOutput<typeof portalSourceSchema>;

export const portalSourcesAnswerSchema = v.object({
  sources: v.array(portalSourceSchema),
  portals: v.pipe(
    v.array(
      v.object({
        portal: text,
        label: text,
        fields: v.pipe(
          v.array(v.object({ key: text, label: text })),
          v.description('What its login is made of, in the order asked for.'),
        ),
      }),
    ),
    v.description('Every portal a source can pull from.'),
  ),
});
export type PortalSourcesAnswer = v.InferOutput<typeof portalSourcesAnswerSchema>;

export const portalSourceAnswerSchema = v.object({ source: portalSourceSchema });
export type PortalSourceAnswer = v.InferOutput<typeof portalSourceAnswerSchema>;

/** What a lead source's raised alert is about (docs/operations.md). */
export const SOURCE_CONDITIONS = ['quiet', 'failing'] as const;
export type SourceCondition = (typeof SOURCE_CONDITIONS)[number];

export const sourceHealthRowSchema = v.object({
  origin: v.pipe(
    text,
    v.description(
      "Where its leads enter: 'site', 'google_ads', 'meta', 'whatsapp', 'broker', 'partner:<name>' or 'portal:<name>'.",
    ),
  ),
  label: text,
  disabled: v.pipe(v.boolean(), v.description('A disabled partner source: it raises no alert.')),
  leadsToday: v.pipe(
    count,
    v.description('Leads since midnight India time; spam and test leads left out.'),
  ),
  leads7Days: v.pipe(count, v.description('Leads in the last seven India days, today included.')),
  lastLeadAt: v.nullable(time),
  refused24Hours: v.pipe(count, v.description('Requests refused in the last 24 hours.')),
  refused7Days: v.pipe(count, v.description('Requests refused in the last 7 days.')),
  graphReads: v.pipe(
    v.nullable(
      v.object({
        failing: v.pipe(count, v.description('Reads waiting for a retry after a failure.')),
        failingSince: v.pipe(
          v.nullable(time),
          v.description('When the oldest failing read was queued.'),
        ),
        givenUp: v.pipe(count, v.description('Reads given up.')),
      }),
    ),
    v.description("Meta's Graph API reads; null for the other sources."),
  ),
  stagesBack: v.pipe(
    v.nullable(
      v.object({
        sentToday: v.pipe(
          count,
          v.description('Stages the platform took since midnight India time.'),
        ),
        sent7Days: v.pipe(
          count,
          v.description('Stages the platform took in the last seven India days.'),
        ),
        waiting: v.pipe(count, v.description('Stages queued and not yet taken.')),
        failingSince: v.pipe(
          v.nullable(time),
          v.description('When the oldest stage still failing was queued; null when none fails.'),
        ),
        lastError: v.pipe(
          v.nullable(text),
          v.description(
            "The platform's last refusal or failure in words, while a stage waits or was given up in the last 7 days.",
          ),
        ),
      }),
    ),
    v.description(
      "The buyers' stages sent back to the ad platform (Meta's Conversions API); null when not set up.",
    ),
  ),
  polls: v.pipe(
    v.nullable(
      v.object({
        lastSuccessAt: v.pipe(
          v.nullable(time),
          v.description('When the portal last answered a poll in full; null before the first.'),
        ),
        failingSince: v.pipe(
          v.nullable(time),
          v.description('When the polls began to fail; null while they succeed.'),
        ),
        lastError: v.pipe(
          v.nullable(text),
          v.description(
            "The portal's last error in words (a refused login is said as such); null while the polls succeed.",
          ),
        ),
      }),
    ),
    v.description('A property portal pulled by the server: its polls; null for the other sources.'),
  ),
  alerts: v.pipe(
    v.array(v.object({ condition: v.picklist(SOURCE_CONDITIONS), since: time, reason: text })),
    v.description('Alerts emailed to the managers and not yet recovered.'),
  ),
});
export type SourceHealthRow = v.InferOutput<typeof sourceHealthRowSchema>;

export const sourceHealthAnswerSchema = v.object({
  sources: v.array(sourceHealthRowSchema),
  checkedAt: time,
});
export type SourceHealthAnswer = v.InferOutput<typeof sourceHealthAnswerSchema>;
